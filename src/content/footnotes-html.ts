// GFM footnotes in HTML exactly as mdast-util-to-hast 13 (remark-rehype) makes them with its defaults: each call a
// `<sup><a href="#user-content-fn-x" id="user-content-fnref-x" data-footnote-ref aria-describedby="footnote-label">`
// numbered in order of first call, and after the article a `<section data-footnotes class="footnotes">` with a
// screen-reader-only "Footnotes" h2 and one item per called definition, each with a back link per call.
import type { Element, ElementContent } from 'hast';
import type { FootnoteDefinition, FootnoteReference } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';

/** What the HTML stage keeps while it renders one page's footnotes. */
export interface FootnoteState {
  /** Definitions by upper-cased identifier, the first one winning. */
  byId: Map<string, FootnoteDefinition>;
  /** Identifiers in the order of their first call. */
  order: string[];
  /** How often each identifier was called so far. */
  counts: Map<string, number>;
}

const PREFIX = 'user-content-';

/** A new footnote state. */
export function footnoteState(): FootnoteState {
  return { byId: new Map(), order: [], counts: new Map() };
}

/** Notes a definition (the first of an identifier wins). */
export function addFootnoteDefinition(state: FootnoteState, node: FootnoteDefinition): void {
  const id = String(node.identifier).toUpperCase();
  if (!state.byId.has(id)) state.byId.set(id, node);
}

/** The `<sup>` of one footnote call. */
export function footnoteReference(state: FootnoteState, node: FootnoteReference): Element {
  const id = String(node.identifier).toUpperCase();
  const safeId = normalizeUri(id.toLowerCase());
  let counter = state.order.indexOf(id) + 1;
  const calls = (state.counts.get(id) ?? 0) + 1;
  if (calls === 1) counter = state.order.push(id);
  state.counts.set(id, calls);
  const link: Element = {
    type: 'element',
    tagName: 'a',
    properties: { href: `#${PREFIX}fn-${safeId}`, id: `${PREFIX}fnref-${safeId}${calls > 1 ? `-${calls}` : ''}`, dataFootnoteRef: true, ariaDescribedBy: ['footnote-label'] },
    children: [{ type: 'text', value: String(counter) }],
  };
  return { type: 'element', tagName: 'sup', properties: {}, children: [link] };
}

/**
 * The footnotes section after the article, or undefined when nothing was called. `render` makes a definition's
 * children; it may call more footnotes (a footnote citing another), which are then listed too.
 */
export function footnoteSection(state: FootnoteState, render: (node: FootnoteDefinition) => ElementContent[], wrap: (nodes: ElementContent[], loose: boolean) => ElementContent[]): Element | undefined {
  const contents: ElementContent[][] = [];
  for (let i = 0; i < state.order.length; i++) {
    const definition = state.byId.get(state.order[i]!);
    if (definition) contents[i] = render(definition);
  }
  const items: Element[] = [];
  for (let i = 0; i < state.order.length; i++) {
    const definition = state.byId.get(state.order[i]!);
    if (!definition) continue;
    const content = contents[i]!;
    const id = String(definition.identifier).toUpperCase();
    const safeId = normalizeUri(id.toLowerCase());
    const back: ElementContent[] = [];
    const calls = state.counts.get(id) ?? 0;
    for (let n = 1; n <= calls; n++) {
      if (back.length > 0) back.push({ type: 'text', value: ' ' });
      const children: ElementContent[] = [{ type: 'text', value: '↩' }];
      if (n > 1) children.push({ type: 'element', tagName: 'sup', properties: {}, children: [{ type: 'text', value: String(n) }] });
      back.push({
        type: 'element',
        tagName: 'a',
        properties: {
          href: `#${PREFIX}fnref-${safeId}${n > 1 ? `-${n}` : ''}`,
          dataFootnoteBackref: '',
          ariaLabel: `Back to reference ${i + 1}${n > 1 ? `-${n}` : ''}`,
          className: ['data-footnote-backref'],
        },
        children,
      });
    }
    const tail = content[content.length - 1];
    if (tail?.type === 'element' && tail.tagName === 'p') {
      const last = tail.children[tail.children.length - 1];
      if (last?.type === 'text') last.value += ' ';
      else tail.children.push({ type: 'text', value: ' ' });
      tail.children.push(...back);
    } else {
      content.push(...back);
    }
    items.push({ type: 'element', tagName: 'li', properties: { id: `${PREFIX}fn-${safeId}` }, children: wrap(content, true) });
  }
  if (items.length === 0) return undefined;
  return {
    type: 'element',
    tagName: 'section',
    properties: { dataFootnotes: true, className: ['footnotes'] },
    children: [
      { type: 'element', tagName: 'h2', properties: { className: ['sr-only'], id: 'footnote-label' }, children: [{ type: 'text', value: 'Footnotes' }] },
      { type: 'text', value: '\n' },
      { type: 'element', tagName: 'ol', properties: {}, children: wrap(items, true) },
      { type: 'text', value: '\n' },
    ],
  };
}
