// docsgen's own HTML features on the plugin pipeline's hast, made as src/content/to-html.ts makes them on the fast
// path, but after the site's rehype plugins and only where a plugin has not done it already: a code block a plugin
// highlighted (rehype-highlight, shiki) or replaced (rehype-katex) is left alone, a heading a plugin linked
// (rehype-autolink-headings) gets no second anchor, an id a plugin set is kept. Then the last line of the URL
// policy (no unsafe href/src, whatever a plugin wrote) and raw HTML from plugins written as text, never as markup.
import type { Element, ElementContent, Parents, Root } from 'hast';
import type { Code, Table } from 'mdast';
import { defaultHandlers, type Handlers, type State } from 'mdast-util-to-hast';
import { loadPluginHelpers, type CodeMeta } from '../content/index.js';
import { URL_ATTRIBUTE_RULES } from '../util/url-policy.js';

// this module itself loads only when a site has plugins
const { codeBlockProperties, decorateCodeBlock, highlightCode } = await loadPluginHelpers();

/** remark-rehype handlers for what docsgen's HTML stage makes differently from the defaults. */
export const toHastHandlers: Handlers = {
  code(state: State, node: Code) {
    const pre = defaultHandlers.code(state, node);
    Object.assign(pre.properties, codeBlockProperties(node.lang ? node.lang.split(/\s+/)[0] : undefined));
    // the fence meta docsgen read (code-meta.ts) rides on the <pre> to the last step, past the site's plugins
    const meta = (node.data as { codeMeta?: CodeMeta } | undefined)?.codeMeta;
    if (meta) pre.data = { ...pre.data, codeMeta: meta } as Element['data'];
    return pre;
  },
  table(state: State, node: Table) {
    const el = defaultHandlers.table(state, node);
    // a table wider than a phone scrolls sideways: focusable, so a keyboard reader can scroll it
    el.properties.tabIndex = 0;
    return el;
  },
};

/** The unified plugin of docsgen's last hast step (see the file's head). */
export function rehypeDocsgen() {
  return (tree: Root) => {
    visit(tree);
  };
}

function visit(parent: Parents): void {
  const children = parent.children as Array<Root['children'][number]>;
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type === 'raw') {
      children[i] = { type: 'text', value: node.value };
      continue;
    }
    if (node.type !== 'element') continue;
    refuseUnsafeUrls(node);
    if (node.tagName === 'pre') {
      const block = codeBlock(node);
      if (block) {
        children[i] = block;
        continue;
      }
    }
    visit(node);
    if (/^h[2-6]$/.test(node.tagName)) anchorHeading(node, children);
  }
}

function refuseUnsafeUrls(el: Element): void {
  for (const [key, publishable] of URL_ATTRIBUTE_RULES) {
    const value = el.properties[key];
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    if (!publishable(text)) delete el.properties[key];
  }
}

/**
 * A `<pre><code>` still holding plain text: highlighted and decorated as the fast path does it (null when a
 * plugin made it something else already).
 */
function codeBlock(pre: Element): Element | null {
  const code = pre.children.length === 1 ? pre.children[0] : undefined;
  if (code?.type !== 'element' || code.tagName !== 'code') return null;
  if (!code.children.every((c) => c.type === 'text')) return null;
  const classes = code.properties.className;
  if (Array.isArray(classes) && classes.includes('hljs')) return null;
  highlightCode(code);
  const meta = (pre.data as { codeMeta?: CodeMeta } | undefined)?.codeMeta;
  return meta ? decorateCodeBlock(pre, code, meta) : pre;
}

/** The "#" link docsgen puts after an h2-h6 with an id, unless a link to that id is in it or beside it already. */
function anchorHeading(heading: Element, siblings: ReadonlyArray<Root['children'][number]>): void {
  const id = heading.properties.id;
  if (typeof id !== 'string' || id === '') return;
  const href = `#${id}`;
  const index = siblings.indexOf(heading);
  const near = [heading, siblings[index - 1], siblings[index + 1]].filter((n): n is Element => n?.type === 'element');
  if (near.some((n) => (n === heading ? linksTo(n, href, true) : n.tagName === 'a' && n.properties.href === href))) return;
  heading.children.push(anchor(href));
}

function linksTo(el: Element, href: string, skipSelf: boolean): boolean {
  if (!skipSelf && el.tagName === 'a' && el.properties.href === href) return true;
  return el.children.some((c) => c.type === 'element' && linksTo(c, href, false));
}

function anchor(href: string): ElementContent {
  return {
    type: 'element',
    tagName: 'a',
    properties: { className: ['heading-anchor'], href, ariaHidden: 'true', tabIndex: -1 },
    children: [{ type: 'text', value: '#' }],
  };
}
