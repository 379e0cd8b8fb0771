// mdast → HTML in one pass: the hast that mdast-util-to-hast would build (remark-rehype's handlers, our
// `data.hName`/`hProperties`, highlighted code, heading anchors), serialized the way hast-util-to-html does
// (rehype-stringify with its defaults), byte for byte. The unified pair cost about 1 ms a page, mostly
// machinery: a visit of every node for definitions, a position object and a structured clone of `hProperties`
// per node, then a second walk to serialize. test/content/parser-oracle.test.ts holds the two to the same output.
import type { Element, ElementContent, Properties, Text } from 'hast';
import { htmlVoidElements } from 'html-void-elements';
// (type only: its augmentation of mdast's `Data` with hName/hProperties/hChildren, which our transforms set,
// and of hast with the `raw` node highlighted code becomes)
import type {} from 'mdast-util-to-hast';
import type { Code, Definition, Heading, ImageReference, LinkReference, List, ListItem, Nodes, Parents, Root, Table, TableRow } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { find, html as htmlSchema } from 'property-information';
import { trimLines } from 'trim-lines';
import { decorateCodeBlock } from './code-blocks.js';
import { addFootnoteDefinition, footnoteReference, footnoteSection, footnoteState, type FootnoteState } from './footnotes-html.js';
import type { CodeMeta } from './code-meta.js';
import { highlightHtml, isHighlighted } from './highlight.js';
import { escapeAttribute, escapeText } from './html-escape.js';
import { URL_ATTRIBUTE_RULES } from '../util/url-policy.js';

/** Fences marked as plain text are left alone. */
const PLAIN_TEXT = new Set(['text', 'txt', 'plain']);

/** Compiles a transformed mdast tree to article HTML. */
export function treeToHtml(tree: Root): string {
  const state: State = { definitions: new Map<string, Definition>(), footnotes: null };
  collectDefinitions(tree, state);
  const nodes = one(state, tree, undefined) as ElementContent[];
  // the footnotes section, after everything else, as remark-rehype adds it
  const section = state.footnotes ? footnoteSection(state.footnotes, (node) => all(state, node), wrap) : undefined;
  if (section) nodes.push(text('\n'), section);
  return serializeAll(nodes);
}

// ---------------------------------------------------------------------------------------------------------
// mdast → hast, following mdast-util-to-hast 13's handlers

interface State {
  /** Definitions by upper-cased identifier; the first one wins, as in CommonMark. */
  definitions: Map<string, Definition>;
  /** The page's footnotes, or null when it defines none. */
  footnotes: FootnoteState | null;
}

type Result = ElementContent | ElementContent[] | undefined;

/** Definitions sit in block containers only (root, quotes, lists, footnotes, directives), never in paragraphs. */
function collectDefinitions(node: Parents, state: State): void {
  for (const child of node.children) {
    if (child.type === 'definition') {
      const id = String(child.identifier).toUpperCase();
      if (!state.definitions.has(id)) state.definitions.set(id, child);
    } else if (child.type === 'footnoteDefinition') {
      addFootnoteDefinition((state.footnotes ??= footnoteState()), child);
      collectDefinitions(child, state);
    } else if (child.type === 'blockquote' || child.type === 'list' || child.type === 'listItem' || child.type === 'containerDirective') {
      collectDefinitions(child, state);
    }
  }
}

function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

function text(value: string): Text {
  return { type: 'text', value };
}

/** Children of a node, flattened; text right after a hard break loses its leading spaces. */
function all(state: State, parent: Parents): ElementContent[] {
  const values: ElementContent[] = [];
  const nodes = parent.children;
  for (let index = 0; index < nodes.length; index++) {
    const result = one(state, nodes[index]!, parent);
    if (!result) continue;
    if (index > 0 && nodes[index - 1]!.type === 'break' && !Array.isArray(result)) {
      if (result.type === 'text') result.value = trimSpaceStart(result.value);
      else if (result.type === 'element') {
        const head = result.children[0];
        if (head?.type === 'text') head.value = trimSpaceStart(head.value);
      }
    }
    if (Array.isArray(result)) values.push(...result);
    else values.push(result);
  }
  return values;
}

function trimSpaceStart(value: string): string {
  let i = 0;
  while (value.charCodeAt(i) === 9 || value.charCodeAt(i) === 32) i++;
  return value.slice(i);
}

/** Nodes separated by line feeds (and surrounded by them when `loose`), as the HTML of blocks is laid out. */
function wrap(nodes: ElementContent[], loose = false): ElementContent[] {
  const result: ElementContent[] = [];
  if (loose) result.push(text('\n'));
  nodes.forEach((node, index) => {
    if (index) result.push(text('\n'));
    result.push(node);
  });
  if (loose && nodes.length > 0) result.push(text('\n'));
  return result;
}

/** `data.hName`, `data.hProperties`, `data.hChildren` of the mdast node, applied to what it became. */
function applyData(from: Nodes, to: ElementContent): ElementContent {
  const data = from.data as { hName?: unknown; hProperties?: Properties; hChildren?: ElementContent[] } | undefined;
  if (!data) return to;
  let result = to;
  if (typeof data.hName === 'string') {
    if (result.type === 'element') result.tagName = data.hName;
    else result = element(data.hName, {}, [result]);
  }
  if (result.type === 'element' && data.hProperties) {
    // copied, so a handler changing a list (code adds `hljs` to className) never changes the mdast
    for (const key in data.hProperties) {
      const value = data.hProperties[key];
      result.properties[key] = Array.isArray(value) ? [...value] : value;
    }
  }
  if ('children' in result && data.hChildren !== null && data.hChildren !== undefined) result.children = data.hChildren;
  return result;
}

function one(state: State, node: Nodes, parent: Parents | undefined): Result {
  switch (node.type) {
    case 'paragraph':
      return applyData(node, element('p', {}, all(state, node)));
    case 'heading':
      return heading(state, node);
    case 'text':
      return applyData(node, text(trimLines(String(node.value))));
    case 'emphasis':
      return applyData(node, element('em', {}, all(state, node)));
    case 'strong':
      return applyData(node, element('strong', {}, all(state, node)));
    case 'delete':
      return applyData(node, element('del', {}, all(state, node)));
    case 'inlineCode':
      return applyData(node, element('code', {}, [text(node.value.replace(/\r?\n|\r/g, ' '))]));
    case 'code':
      return code(node);
    case 'blockquote':
      return applyData(node, element('blockquote', {}, wrap(all(state, node), true)));
    case 'break':
      return [applyData(node, element('br', {}, [])), text('\n')];
    case 'thematicBreak':
      return applyData(node, element('hr', {}, []));
    case 'link': {
      const properties: Properties = { href: normalizeUri(node.url) };
      if (node.title !== null && node.title !== undefined) properties.title = node.title;
      return applyData(node, element('a', properties, all(state, node)));
    }
    case 'image': {
      const properties: Properties = { src: normalizeUri(node.url) };
      if (node.alt !== null && node.alt !== undefined) properties.alt = node.alt;
      if (node.title !== null && node.title !== undefined) properties.title = node.title;
      return applyData(node, element('img', properties, []));
    }
    case 'linkReference':
    case 'imageReference':
      return reference(state, node);
    case 'footnoteReference':
      return applyData(node, footnoteReference((state.footnotes ??= footnoteState()), node));
    case 'list':
      return list(state, node);
    case 'listItem':
      return listItem(state, node, parent);
    case 'table':
      return table(state, node);
    case 'tableRow':
      return tableRow(state, node, parent);
    case 'tableCell':
      return applyData(node, element('td', {}, all(state, node)));
    case 'root':
      return wrap(all(state, node));
    // raw HTML is dropped (reported by the compiler); front matter and definitions have no HTML of their own
    case 'html':
    case 'yaml':
    case 'definition':
      return undefined;
    default:
      return unknown(state, node);
  }
}

/** What mdast-util-to-hast does with a node type it has no handler for (footnotes, `toml`, extensions). */
function unknown(state: State, node: Nodes): Result {
  if (node.type === 'footnoteDefinition' || (node.type as string) === 'toml') return undefined;
  const data = (node.data ?? {}) as Record<string, unknown>;
  const own = Object.prototype.hasOwnProperty;
  const result: ElementContent =
    'value' in node && !(own.call(data, 'hProperties') || own.call(data, 'hChildren'))
      ? text(String(node.value))
      : element('div', {}, 'children' in node ? all(state, node) : []);
  return applyData(node, result);
}

/**
 * A heading, with a visible "#" link after each h2-h6 so readers can copy a link to a section (its id comes
 * from `data.hProperties`, set by assignHeadingIds).
 */
function heading(state: State, node: Heading): Result {
  const el = applyData(node, element(`h${node.depth}`, {}, all(state, node)));
  if (el.type !== 'element') return el;
  const id = el.properties.id;
  if (/^h[2-6]$/.test(el.tagName) && typeof id === 'string') {
    el.children.push(element('a', { className: ['heading-anchor'], href: `#${id}`, ariaHidden: 'true', tabIndex: -1 }, [text('#')]));
  }
  return el;
}

/**
 * A fenced code block, highlighted by highlight.js when its language is known (see highlightCode), with the
 * title, marked lines and line numbers its fence meta asked for (code-meta.ts read them into `data.codeMeta`).
 */
function code(node: Code): Element {
  const properties: Properties = {};
  const language = node.lang ? node.lang.split(/\s+/) : [];
  if (language.length > 0) properties.className = [`language-${language[0]}`];
  const value = node.value ? `${node.value}\n` : '';
  const el = applyData(node, element('code', properties, [text(value)]));
  const pre = element('pre', codeBlockProperties(language[0]), [el]);
  if (el.type !== 'element' || el.tagName !== 'code') return pre;
  highlightCode(el);
  const meta = (node.data as { codeMeta?: CodeMeta } | undefined)?.codeMeta;
  return meta ? decorateCodeBlock(pre, el, meta) : pre;
}

/**
 * A code block scrolls sideways when its lines are long: focusable, so a keyboard reader can scroll it, and
 * named, so a screen reader says what got focus (a plain <pre> may not carry a name: hence the group role).
 */
export function codeBlockProperties(language: string | undefined): Properties {
  return { tabIndex: 0, role: 'group', ariaLabel: language ? `Code: ${language}` : 'Code' };
}

/**
 * Highlights a `<code>` element in place, with the markup rehype-highlight gives (`hljs` first in the class list,
 * then the `language-*` class; highlight.js's spans inside, as raw HTML: see highlight.ts).
 */
export function highlightCode(el: Element): void {
  const lang = highlightLanguage(el);
  // an unknown language keeps its text unhighlighted (rehype-highlight only warns)
  if (!lang || !isHighlighted(lang)) return;
  const html = highlightHtml(lang, textOf(el));
  if (html) el.children = [{ type: 'raw', value: html }];
}

/**
 * The language a `<code>` element is to be highlighted in, if any; the element is then marked `hljs` first in
 * its class list, as rehype-highlight marks every fence with a language, known or not (the test oracle's
 * highlighting step uses it too).
 */
export function highlightLanguage(el: Element): string | undefined {
  const lang = languageOf(el);
  if (!lang || PLAIN_TEXT.has(lang)) return undefined;
  const classes = Array.isArray(el.properties.className) ? el.properties.className : (el.properties.className = []);
  if (!classes.includes('hljs')) classes.unshift('hljs');
  return lang;
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

/** The text of an element (of a fence's `<code>`: its code). */
export function textOf(el: Element): string {
  let out = '';
  for (const child of el.children) out += child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '';
  return out;
}

/** A reference: the link or image of its definition, or its source text back when nothing defines it. */
function reference(state: State, node: LinkReference | ImageReference): Result {
  const definition = state.definitions.get(String(node.identifier).toUpperCase());
  if (!definition) return revert(state, node);
  if (node.type === 'imageReference') {
    const properties: Properties = { src: normalizeUri(definition.url || '') };
    if (node.alt !== null && node.alt !== undefined) properties.alt = node.alt;
    if (definition.title !== null && definition.title !== undefined) properties.title = definition.title;
    return applyData(node, element('img', properties, []));
  }
  const properties: Properties = { href: normalizeUri(definition.url || '') };
  if (definition.title !== null && definition.title !== undefined) properties.title = definition.title;
  return applyData(node, element('a', properties, all(state, node)));
}

function revert(state: State, node: LinkReference | ImageReference): ElementContent[] {
  let suffix = ']';
  if (node.referenceType === 'collapsed') suffix += '[]';
  else if (node.referenceType === 'full') suffix += `[${node.label || node.identifier}]`;
  if (node.type === 'imageReference') return [text(`![${node.alt}${suffix}`)];
  const contents = all(state, node);
  const head = contents[0];
  if (head?.type === 'text') head.value = `[${head.value}`;
  else contents.unshift(text('['));
  const tail = contents[contents.length - 1];
  if (tail?.type === 'text') tail.value += suffix;
  else contents.push(text(suffix));
  return contents;
}

function list(state: State, node: List): Result {
  const properties: Properties = {};
  const results = all(state, node);
  if (typeof node.start === 'number' && node.start !== 1) properties.start = node.start;
  for (const child of results) {
    if (child.type === 'element' && child.tagName === 'li' && Array.isArray(child.properties.className) && child.properties.className.includes('task-list-item')) {
      properties.className = ['contains-task-list'];
      break;
    }
  }
  return applyData(node, element(node.ordered ? 'ol' : 'ul', properties, wrap(results, true)));
}

function listItem(state: State, node: ListItem, parent: Parents | undefined): Result {
  const results = all(state, node);
  const loose = parent ? listLoose(parent) : itemLoose(node);
  const properties: Properties = {};
  const children: ElementContent[] = [];
  if (typeof node.checked === 'boolean') {
    const head = results[0];
    let paragraph: Element;
    if (head?.type === 'element' && head.tagName === 'p') paragraph = head;
    else {
      paragraph = element('p', {}, []);
      results.unshift(paragraph);
    }
    if (paragraph.children.length > 0) paragraph.children.unshift(text(' '));
    paragraph.children.unshift(element('input', { type: 'checkbox', checked: node.checked, disabled: true }, []));
    properties.className = ['task-list-item'];
  }
  results.forEach((child, index) => {
    const isP = child.type === 'element' && child.tagName === 'p';
    if (loose || index !== 0 || !isP) children.push(text('\n'));
    if (isP && !loose) children.push(...child.children);
    else children.push(child);
  });
  const tail = results[results.length - 1];
  if (tail && (loose || tail.type !== 'element' || tail.tagName !== 'p')) children.push(text('\n'));
  return applyData(node, element('li', properties, children));
}

function listLoose(node: Parents): boolean {
  if (node.type !== 'list') return false;
  let loose = node.spread || false;
  for (let i = 0; !loose && i < node.children.length; i++) loose = itemLoose(node.children[i]!);
  return loose;
}

function itemLoose(node: ListItem): boolean {
  return node.spread === null || node.spread === undefined ? node.children.length > 1 : node.spread;
}

function table(state: State, node: Table): Result {
  const rows = all(state, node);
  const firstRow = rows.shift();
  const content: ElementContent[] = [];
  if (firstRow) content.push(element('thead', {}, wrap([firstRow], true)));
  if (rows.length > 0) content.push(element('tbody', {}, wrap(rows, true)));
  // a table wider than a phone scrolls sideways: focusable, so a keyboard reader can scroll it
  return applyData(node, element('table', { tabIndex: 0 }, wrap(content, true)));
}

function tableRow(state: State, node: TableRow, parent: Parents | undefined): Result {
  const rowIndex = parent ? (parent.children as Nodes[]).indexOf(node) : 1;
  const tagName = rowIndex === 0 ? 'th' : 'td';
  const align = parent?.type === 'table' ? parent.align : undefined;
  const length = align ? align.length : node.children.length;
  const cells: ElementContent[] = [];
  for (let i = 0; i < length; i++) {
    const cell = node.children[i];
    const properties: Properties = {};
    const alignValue = align ? align[i] : undefined;
    if (alignValue) properties.align = alignValue;
    let result: ElementContent = element(tagName, properties, []);
    if (cell) {
      result.children = all(state, cell);
      result = applyData(cell, result);
    }
    cells.push(result);
  }
  return applyData(node, element('tr', {}, wrap(cells, true)));
}

// ---------------------------------------------------------------------------------------------------------
// hast → HTML, as hast-util-to-html with its default options (double quotes, hexadecimal references)

const VOIDS = new Set(htmlVoidElements);

function serializeAll(nodes: readonly ElementContent[]): string {
  let out = '';
  for (const node of nodes) out += serialize(node);
  return out;
}

function serialize(node: ElementContent): string {
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'element': {
      const attributes = serializeAttributes(node.properties);
      const content = serializeAll(node.children);
      const open = `<${node.tagName}${attributes ? ` ${attributes}` : ''}>`;
      return VOIDS.has(node.tagName.toLowerCase()) && !content ? open : `${open}${content}</${node.tagName}>`;
    }
    case 'raw':
      // highlighted code only (raw HTML from Markdown is dropped before), already escaped as text is here
      return node.value;
    default:
      // comments never come out of Markdown here
      return '';
  }
}

const attributeInfo = new Map<string, ReturnType<typeof find>>();

function serializeAttributes(properties: Properties): string {
  const values: string[] = [];
  for (const key in properties) {
    const value = properties[key];
    if (value === null || value === undefined) continue;
    const serialized = serializeAttribute(key, value);
    if (serialized) values.push(serialized);
  }
  return values.join(' ');
}

function serializeAttribute(key: string, raw: Properties[string]): string {
  let info = attributeInfo.get(key);
  if (!info) attributeInfo.set(key, (info = find(htmlSchema, key)));
  let value: unknown = raw;
  if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true;
  else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value);
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
  if (value === true) return info.attribute;
  const text = Array.isArray(value) ? (info.commaSeparated ? commaSeparated(value) : value.join(' ').trim()) : String(value);
  const publishable = URL_ATTRIBUTE_RULES.get(key);
  if (publishable && !publishable(text)) return '';
  return `${info.attribute}="${escapeAttribute(text)}"`;
}

/** comma-separated-tokens' stringify with hast-util-to-html's padding (`a, b`). */
function commaSeparated(values: readonly unknown[]): string {
  const input = values[values.length - 1] === '' ? [...values, ''] : values;
  return input.join(', ').trim();
}
