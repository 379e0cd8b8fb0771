import type { Element, Root as HastRoot } from 'hast';
import type { Code, Heading, Root, Table } from 'mdast';
import { defaultHandlers, type State } from 'mdast-util-to-hast';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { common, createLowlight } from 'lowlight';
import { codeBlockProperties, highlightLanguage, textOf } from '../../src/content/to-html.js';

// The unified mdast → HTML stage docsgen used before src/content/to-html.ts (remark-rehype with a heading-anchor
// handler and that stage's own highlighting step, then rehype-stringify), kept only as the oracle that stage
// must match byte for byte (test/content/remark-oracle.ts runs it behind the remark-parse front end).

/** mdast → hast → HTML string, with highlighting and heading anchors. */
const toHtml = unified()
  .use(remarkRehype, { allowDangerousHtml: false, handlers: { code, heading, table } })
  .use(rehypeStringify)
  .freeze();

/** Compiles a transformed mdast tree to article HTML, the unified way. */
export function unifiedTreeToHtml(tree: Root): string {
  return toHtml.stringify(toHtml.runSync(tree) as HastRoot);
}

/** A fenced code block, highlighted as docsgen's stage does it (the hast around it is remark-rehype's). */
function code(state: State, node: Code): Element {
  const pre = defaultHandlers.code(state, node);
  Object.assign(pre.properties, codeBlockProperties(node.lang ? node.lang.split(/\s+/)[0] : undefined));
  const el = pre.children[0];
  if (pre.tagName !== 'pre' || el?.type !== 'element' || el.tagName !== 'code') return pre;
  highlight(el);
  return pre;
}

/** A table, focusable as docsgen's stage makes it (it scrolls sideways on a narrow screen). */
function table(state: State, node: Table): Element {
  const el = defaultHandlers.table(state, node);
  el.properties.tabIndex = 0;
  return el;
}

const lowlight = createLowlight(common);

/** rehype-highlight's step: lowlight's hast for a known language (docsgen writes the same markup as a string). */
function highlight(el: Element): void {
  const lang = highlightLanguage(el);
  if (!lang || !lowlight.registered(lang)) return;
  const result = lowlight.highlight(lang, textOf(el));
  if (result.children.length > 0) el.children = result.children as Element['children'];
}

/** A heading, with a visible "#" link after each h2-h6 so readers can copy a link to a section. */
function heading(state: State, node: Heading): Element {
  const el = defaultHandlers.heading(state, node);
  const id = el.properties.id;
  if (/^h[2-6]$/.test(el.tagName) && typeof id === 'string') {
    el.children.push({
      type: 'element',
      tagName: 'a',
      properties: { className: ['heading-anchor'], href: `#${id}`, ariaHidden: 'true', tabIndex: -1 },
      children: [{ type: 'text', value: '#' }],
    });
  }
  return el;
}

