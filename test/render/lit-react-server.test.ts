// The server bundle's stand-in for @lit/react must render what @lit/react renders on the server, for the props
// Calcite's wrappers get, including Calcite's factory that hands over a placeholder prototype first.
import { createComponent as litCreateComponent } from '@lit/react';
import React from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createComponent } from '../../src/render/lit-react-server.js';

/** An element class whose properties (text, href, active) are on its prototype, as Lit defines them. */
class MenuItem {
  get text() {
    return '';
  }
  get href() {
    return '';
  }
  get active() {
    return false;
  }
}

/** Calcite's makeReactWrapperFactory: a placeholder prototype while createComponent runs, the real one after. */
function wrap(create: typeof createComponent) {
  let proto: object | undefined = {};
  const elementClass = {
    name: 'calcite-menu-item',
    get prototype() {
      return (proto ??= MenuItem.prototype);
    },
  };
  const component = create({ react: React as never, tagName: 'calcite-menu-item', elementClass, events: { onCalciteMenuItemSelect: 'calciteMenuItemSelect' } });
  proto = undefined;
  return component;
}

describe('the server stand-in for @lit/react', () => {
  it('renders what @lit/react renders, prop for prop', () => {
    const Ours = wrap(createComponent);
    const Lit = wrap(litCreateComponent as unknown as typeof createComponent);
    const cases: Array<Record<string, unknown>> = [
      {},
      { text: 'Maps', href: '/maps/', active: true },
      { className: 'nav item', slot: 'content-end', style: { color: 'red' }, 'data-mode': 'auto', id: 'x' },
      { onCalciteMenuItemSelect: () => undefined, label: 'Sections', text: 'Routing' },
      { children: React.createElement('span', null, 'child'), hidden: true, 'aria-label': 'A' },
    ];
    for (const props of cases) {
      const ours = renderToString(React.createElement(Ours as never, props));
      expect(ours).toBe(renderToString(React.createElement(Lit as never, props)));
    }
    // the element's properties do not reach the HTML, its attributes do
    expect(renderToString(React.createElement(Ours as never, { text: 'Maps', slot: 'x' }))).toBe('<calcite-menu-item slot="x"></calcite-menu-item>');
  });
});
