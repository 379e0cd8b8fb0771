import type { Element, ElementContent, Root as HastRoot, Text } from 'hast';
import { common, createLowlight } from 'lowlight';
import type { Code, Heading, Root } from 'mdast';
import { defaultHandlers, type State } from 'mdast-util-to-hast';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// The unified mdast → HTML stage docsgen used before src/content/to-html.ts (remark-rehype with the same
// highlighting and heading-anchor handlers, then rehype-stringify), kept only as the oracle that stage must
// match byte for byte (test/content/remark-oracle.ts runs it behind the remark-parse front end).

const lowlight = createLowlight(common);
/** Fences marked as plain text are left alone. */
const PLAIN_TEXT = new Set(['text', 'txt', 'plain']);

/** mdast → hast → HTML string, with highlighting and heading anchors. */
const toHtml = unified()
  .use(remarkRehype, { allowDangerousHtml: false, handlers: { code, heading } })
  .use(rehypeStringify)
  .freeze();

/** Compiles a transformed mdast tree to article HTML, the unified way. */
export function unifiedTreeToHtml(tree: Root): string {
  return toHtml.stringify(toHtml.runSync(tree) as HastRoot);
}

/**
 * A fenced code block, highlighted by highlight.js (through lowlight) when its language is known, with the
 * markup rehype-highlight gives: `hljs` first in the class list, then the `language-*` class.
 */
function code(state: State, node: Code): Element {
  const pre = defaultHandlers.code(state, node);
  const el = pre.children[0];
  if (pre.tagName !== 'pre' || el?.type !== 'element' || el.tagName !== 'code') return pre;
  const lang = languageOf(el);
  if (!lang || PLAIN_TEXT.has(lang)) return pre;
  const classes = Array.isArray(el.properties.className) ? el.properties.className : (el.properties.className = []);
  if (!classes.includes('hljs')) classes.unshift('hljs');
  // an unknown language keeps its text unhighlighted (rehype-highlight only warns)
  if (!lowlight.registered(lang)) return pre;
  const result = lowlight.highlight(lang, textOf(el));
  if (result.children.length > 0) el.children = result.children as ElementContent[];
  return pre;
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

/** The fence's language from its `language-*` / `lang-*` class; `no-highlight` opts out. */
function languageOf(el: Element): string | undefined {
  const list = el.properties.className;
  if (!Array.isArray(list)) return undefined;
  let name: string | undefined;
  for (const item of list) {
    const value = String(item);
    if (value === 'no-highlight' || value === 'nohighlight') return undefined;
    if (!name && value.startsWith('lang-')) name = value.slice(5);
    if (!name && value.startsWith('language-')) name = value.slice(9);
  }
  return name;
}

function textOf(el: Element): string {
  let out = '';
  for (const child of el.children) out += child.type === 'text' ? (child as Text).value : child.type === 'element' ? textOf(child) : '';
  return out;
}
