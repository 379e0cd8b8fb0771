// The server bundle's `@lit/react` (an esbuild alias, see compile-templates.ts). Calcite's React components are
// @lit/react wrappers; on the server each one only sorts its props into attributes of the custom element and
// properties, which the HTML does not carry. @lit/react 1.0's node build also makes two refs and a ref callback
// per instance for the browser: a page's header alone has 33 wrappers. This renders the same element with the same
// attributes, without them. The browser bundle keeps the real @lit/react, so hydration meets the same HTML.
import type { ComponentType, ForwardedRef } from 'react';

/** The React props React itself handles; @lit/react passes them to the element (`className` as `class`). */
const REACT_PROPS = new Set(['children', 'localName', 'ref', 'style', 'className']);

interface ReactLike {
  forwardRef: (render: (props: Record<string, unknown>, ref: ForwardedRef<unknown>) => unknown) => ComponentType & { displayName?: string };
  createElement: ((type: string, props: Record<string, unknown>) => unknown) & { name: string };
}

interface Options {
  react: ReactLike;
  tagName: string;
  elementClass: { prototype: object; name: string };
  events?: Record<string, string>;
  displayName?: string;
}

/** @lit/react's createComponent as its node build renders on the server (same attributes, same `_$litProps$`). */
export function createComponent({ react, tagName, elementClass, events, displayName }: Options): ComponentType {
  const eventProps = new Set(Object.keys(events ?? {}));
  // read at the first render, not now: Calcite's factory hands createComponent a placeholder prototype and finds
  // the element's real one (its properties defined) on the first read after
  let proto: object | null = null;
  // what each prop name is, found once per component: the element's properties are fixed once it is defined
  const kinds = new Map<string, 'react' | 'property' | 'attribute'>();
  const kindOf = (key: string) => (REACT_PROPS.has(key) ? 'react' : eventProps.has(key) || key in (proto ??= elementClass.prototype) ? 'property' : 'attribute');
  const component = react.forwardRef((props) => {
    const attributes: Record<string, unknown> = {};
    let properties: Record<string, unknown> | null = null;
    for (const key of Object.keys(props)) {
      const value = props[key];
      let kind = kinds.get(key);
      if (kind === undefined) kinds.set(key, (kind = kindOf(key)));
      if (kind === 'react') attributes[key === 'className' ? 'class' : key] = value;
      else if (kind === 'property') (properties ??= {})[key] = value;
      else attributes[key] = value;
    }
    const ssr = react.createElement.name === 'litPatchedCreateElement' || (globalThis as { litSsrReactEnabled?: boolean }).litSsrReactEnabled;
    if (ssr && properties) attributes['_$litProps$'] = properties;
    return react.createElement(tagName, attributes);
  });
  component.displayName = displayName ?? elementClass.name;
  return component;
}
