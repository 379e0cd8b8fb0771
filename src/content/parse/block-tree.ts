import type { MarkdownIt, Token } from 'markdown-it';
import type { AlignType, Blockquote, Code, Definition, Heading, Html, List, ListItem, Nodes, Paragraph, Parent, Root, Table, TableCell, TableRow } from 'mdast';
import { applyListSpread } from './list-spread.js';
import { convertInline, type LineMap } from './inline-tree.js';
import { NESTING_LIMIT, NestingError, type NestingEnv } from './nesting.js';
import { positioned } from './positioned-token.js';
import { parseDefinition } from './definition.js';
import type { SourceLines } from './source-lines.js';
import { applyTaskMarker } from './task-list.js';
import { extensionNode } from './extension-nodes.js';
import type { FootnoteEnv } from './footnotes.js';

type Lines = [number, number];

/** Block nodes and the token line range each came from (list spread and end positions need it). */
export type LineRanges = WeakMap<Nodes, Lines>;

/**
 * Builds the mdast block tree from markdown-it's flat block tokens; inline content goes to `convertInline`.
 * Throws NestingError where the tree gets deeper than NESTING_LIMIT or where markdown-it reached its limit.
 */
export function convertBlocks(md: MarkdownIt, tokens: Token[], source: SourceLines, root: Root, env: NestingEnv = {}): void {
  const ranges: LineRanges = new WeakMap();
  const stack: Parent[] = [root];
  const hidden = new WeakMap<List, boolean>();
  let table: Table | null = null;
  let row: { line: number; cursor: number; cell: number } | null = null;
  // container directives around the current token (footnote calls need it: footnotes.ts, seesFootnote)
  let directives = 0;
  const top = () => stack[stack.length - 1] as Parent;
  const add = (node: Nodes, token: Token) => {
    (top().children as Nodes[]).push(node);
    if (token.map) ranges.set(node, token.map);
  };
  const open = (node: Parent, token: Token) => {
    add(node as Nodes, token);
    stack.push(node);
    // the root is not a level: a page of one paragraph is nested one deep
    if (stack.length - 1 > NESTING_LIMIT) throw new NestingError(startOf(token));
  };
  const startOf = (token: Token) => source.point(positioned(token).srcStart ?? source.lineStart(token.map?.[0] ?? 0));
  const endOfLines = (map: Lines) => {
    let last = map[1] - 1;
    while (last > map[0] && source.line(last).trim() === '') last--;
    return source.lineEndPoint(last);
  };
  // headings end where their last line does, trailing blanks included, as in mdast
  const endOfLastLine = (map: Lines) => source.point(source.lineStart(map[1] - 1) + source.line(map[1] - 1).length);

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    switch (token.type) {
      case 'paragraph_open': {
        const node: Paragraph = { type: 'paragraph', children: [], position: { start: startOf(token), end: endOfLines(token.map!) } };
        const list = stack[stack.length - 2];
        if (top().type === 'listItem' && list?.type === 'list') hidden.set(list as List, token.hidden);
        open(node, token);
        break;
      }
      case 'heading_open': {
        const depth = Number(token.tag.slice(1)) as Heading['depth'];
        const node: Heading = { type: 'heading', depth, children: [], position: { start: startOf(token), end: endOfLastLine(token.map!) } };
        open(node, token);
        break;
      }
      case 'blockquote_open': {
        const node: Blockquote = { type: 'blockquote', children: [], position: { start: startOf(token), end: endOfLines(token.map!) } };
        open(node, token);
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const start = ordered ? Number(token.attrGet('start') ?? 1) : null;
        const node: List = { type: 'list', ordered, start, spread: false, children: [], position: { start: startOf(token), end: endOfLines(token.map!) } };
        open(node, token);
        break;
      }
      case 'list_item_open': {
        const node: ListItem = { type: 'listItem', spread: false, checked: null, children: [], position: { start: startOf(token), end: endOfLines(token.map!) } };
        open(node, token);
        break;
      }
      case 'table_open': {
        table = { type: 'table', align: [], children: [], position: { start: startOf(token), end: endOfLines(token.map!) } };
        open(table, token);
        break;
      }
      case 'tr_open': {
        const line = token.map?.[0] ?? 0;
        const node: TableRow = { type: 'tableRow', children: [], position: { start: source.point(source.lineStart(line)), end: source.lineEndPoint(line) } };
        open(node, token);
        row = { line, cursor: source.lineStart(line), cell: 0 };
        break;
      }
      case 'th_open':
      case 'td_open': {
        if (token.type === 'th_open' && table) (table.align ??= []).push(alignOf(token));
        const node: TableCell = { type: 'tableCell', children: [] };
        open(node, token);
        break;
      }
      case 'container_directive_open':
        directives++;
        open(extensionNode(md, token, startOf(token), endOfLines(token.map!)), token);
        break;
      case 'container_directive_close':
        directives--;
        stack.pop();
        break;
      case 'footnote_definition_open':
      case 'directive_label_open':
      case 'leaf_directive_open':
        open(extensionNode(md, token, startOf(token), endOfLines(token.map!)), token);
        break;
      case 'inline': {
        const parent = top();
        // a directive's label is found where its opening line says, not as the end of that line
        const labelAt = (token.meta as { sourceStart?: number } | null)?.sourceStart;
        const map = labelAt === undefined ? inlineLineMap(token, parent, source, row) : { contentStarts: [0], sourceStarts: [labelAt] };
        // a container's label is read with the text around the container, not with its content
        (env as FootnoteEnv).inlineDepth = parent.type === 'paragraph' && labelAt !== undefined ? directives - 1 : directives;
        convertInline(md, token, map, source, parent, stack.length - 1, env);
        if (parent.type === 'tableCell' && row && map.sourceStarts[0] !== undefined) {
          const start = source.point(map.sourceStarts[0]);
          parent.position = { start, end: source.point((map.sourceStarts[0] ?? 0) + token.content.length) };
          // mdast-util-gfm-table: a `\|` in a code span in a cell is a pipe (the cell keeps the `\` for the inline parser)
          if (token.content.includes('\\|')) unescapeCodePipes(parent);
        }
        break;
      }
      case 'fence':
      case 'code_block': {
        // remark's meta runs to the end of the line, trailing blanks included; micromark splits the info at a
        // space or tab as written, then decodes each part (an `&nbsp;` or `&#32;` stays in the lang)
        const info = token.info.replace(/^[ \t]+/, '');
        const space = info.search(/[ \t]/);
        const lang = token.type === 'fence' && info !== '' ? md.utils.unescapeAll(space === -1 ? info : info.slice(0, space)) : null;
        const meta = token.type === 'fence' && space !== -1 ? md.utils.unescapeAll(info.slice(space).replace(/^[ \t]+/, '')) || null : null;
        const start = token.type === 'code_block' ? source.point(source.lineStart(token.map![0])) : startOf(token);
        let value = token.content.replace(/\n$/, '');
        // an unclosed fence a lazy line ends gives that line the last line ending it held (micromark)
        if (token.type === 'fence' && top().type !== 'root' && value.endsWith('\n') && !fenceClosed(source, token) && endsAtLazyLine(source, token.map!, stack)) value = value.slice(0, -1);
        const node: Code = { type: 'code', lang, meta, value, position: { start, end: endOfLines(token.map!) } };
        add(node, token);
        break;
      }
      case 'html_block': {
        // The value keeps the block's indentation, so it starts where its first line's content starts.
        const line = token.map![0];
        const value = top().type === 'root' && unclosedToEnd(source, token.map!) ? source.text.slice(source.lineStart(line)) : keepsLastLineEnd(source, token.map!, token.content, stack) ? token.content : token.content.replace(/\n$/, '');
        const first = value.split('\n', 1)[0] ?? '';
        const text = source.line(line);
        const at = text.endsWith(first) ? text.length - first.length : 0;
        const node: Html = { type: 'html', value, position: { start: source.point(source.lineStart(line) + at), end: endOfLines(token.map!) } };
        add(node, token);
        break;
      }
      case 'hr':
        add({ type: 'thematicBreak', position: { start: startOf(token), end: endOfLines(token.map!) } }, token);
        break;
      case 'reference_definition': {
        const def: Definition | null = parseDefinition(md, token, source);
        if (def) add(def, token);
        break;
      }
      case 'table_close':
        stack.pop();
        table = null;
        break;
      case 'tr_close':
        stack.pop();
        row = null;
        break;
      case 'list_item_close': {
        const item = stack.pop() as ListItem;
        applyTaskMarker(item);
        break;
      }
      case 'heading_close': {
        const heading = stack.pop() as Heading;
        // micromark: a setext heading starts where the definitions right before it start (one content chunk);
        // moved after its text is parsed, whose positions count from the heading's own line
        if (token.markup === '=' || token.markup === '-') startAtDefinitions(heading, top().children as Nodes[], ranges);
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const list = stack.pop() as List;
        let quotes = 0;
        const outer: List[] = [];
        for (const node of stack) {
          if (node.type === 'blockquote') quotes++;
          else if (node.type === 'list') outer.push(node as List);
        }
        applyListSpread(list, ranges, source, hidden.get(list), quotes, outer);
        break;
      }
      case 'thead_open':
      case 'thead_close':
      case 'tbody_open':
      case 'tbody_close':
        break;
      default:
        if (token.nesting === -1) stack.pop();
    }
  }
  // markdown-it stopped where the tree did not pass the limit: not expected (see limitNesting), but never silent
  if (env.deepBlockLine !== undefined) throw new NestingError(source.point(source.lineStart(env.deepBlockLine)));
  if (env.deepInline) throw new NestingError(source.point(0));
}

function alignOf(token: Token): AlignType {
  const m = /text-align:(left|right|center)/.exec(String(token.attrGet('style') ?? ''));
  return (m?.[1] as AlignType | undefined) ?? null;
}

/**
 * Where each line of an inline token's content starts in the source. markdown-it joins the block's lines
 * with container prefixes and indentation stripped and the whole trimmed, so every content line is a
 * suffix of its source line (the last one of the line without trailing blanks); ATX headings and table
 * cells are found on their one line.
 */
function inlineLineMap(token: Token, parent: Parent, source: SourceLines, row: { line: number; cursor: number; cell: number } | null): LineMap {
  const content = token.content;
  const contentStarts: number[] = [0];
  const sourceStarts: number[] = [];
  if (parent.type === 'tableCell' && row) {
    const lineEnd = source.lineStart(row.line) + source.line(row.line).length;
    let at = content === '' ? -1 : source.text.indexOf(content, row.cursor);
    if (at === -1 || at > lineEnd) {
      // Empty cell or escaped pipe: start after the next pipe.
      const pipe = source.text.indexOf('|', row.cursor);
      at = pipe === -1 || pipe > lineEnd ? row.cursor : pipe + 1;
    }
    sourceStarts.push(at);
    // an empty cell ends where it starts, at its closing pipe: the next cell's search starts there
    row.cursor = Math.min(at + content.length, lineEnd);
    return { contentStarts, sourceStarts };
  }
  const map = token.map ?? [0, 1];
  const headingAt = parent.type === 'heading' ? ((parent as Heading).position?.start.offset ?? -1) - source.lineStart(map[0]) : -1;
  if (headingAt >= 0 && ATX_OPENING.test(source.line(map[0]).slice(headingAt, headingAt + 7))) {
    // ATX heading (a setext heading's text may start with `#`s not followed by a blank, `#tag`): the content
    // follows the opening `#`s.
    const lineStart = source.lineStart(map[0]);
    const text = source.line(map[0]);
    const hashes = headingAt;
    const at = content === '' ? text.length : text.indexOf(content, hashes + (parent as Heading).depth);
    sourceStarts.push(lineStart + Math.max(at, 0));
    return { contentStarts, sourceStarts };
  }
  const lines = content.split('\n');
  let offset = 0;
  for (let k = 0; k < lines.length; k++) {
    const piece = lines[k] as string;
    if (k > 0) contentStarts.push(offset);
    offset += piece.length + 1;
    const line = map[0] + k;
    const text = source.line(line);
    let at: number;
    if (text.endsWith(piece)) at = text.length - piece.length;
    else {
      const trimmed = text.trimEnd();
      at = trimmed.endsWith(piece) ? trimmed.length - piece.length : Math.max(text.indexOf(piece), 0);
    }
    sourceStarts.push(source.lineStart(line) + at);
  }
  return { contentStarts, sourceStarts };
}

/** `\\|` in code spans within a table cell becomes `|`, as mdast-util-gfm-table makes it. */
function unescapeCodePipes(node: Parent): void {
  for (const child of node.children as Nodes[]) {
    if (child.type === 'inlineCode') child.value = child.value.replace(/\\\|/g, '|');
    else if ('children' in child) unescapeCodePipes(child);
  }
}

/** Gives a setext heading the start of the definitions on the lines right before it (no blank line between). */
function startAtDefinitions(heading: Heading, siblings: Nodes[], ranges: LineRanges): void {
  let line = ranges.get(heading)?.[0];
  let at = siblings.length - 2;
  for (; at >= 0; at--) {
    const node = siblings[at]!;
    const range = ranges.get(node);
    if (node.type !== 'definition' || !range || range[1] !== line) break;
    line = range[0];
  }
  const first = siblings[at + 1];
  if (first !== heading && first?.position && heading.position) heading.position = { ...heading.position, start: first.position.start };
}

// the opening of an ATX heading: one to six `#`s, then a blank or the end of the line
const ATX_OPENING = /^#{1,6}(?:[ \t]|$)/;

// HTML blocks that end only at a marker (CommonMark kinds 1-5), and the marker
const HTML_ENDS: [RegExp, RegExp][] = [
  [/^<(?:script|pre|style|textarea)(?=[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
];

/**
 * Does an HTML block in a container that no end marker closed keep its last line ending, as remark does when the
 * container ends at the end of the file (in list items only) or at a line opening a container (a sibling item, a
 * block quote)? When a lazy line ends it, the line ending goes with that line.
 */
function keepsLastLineEnd(source: SourceLines, map: [number, number], content: string, stack: Parent[]): boolean {
  return unclosed(content) && !endsAtLazyLine(source, map, stack);
}

/**
 * Is the container around a block that runs to its end (unclosed) ended by a lazy line, one that opens no
 * container? The empty line after the file's last line ending continues list items, not block quotes.
 */
function endsAtLazyLine(source: SourceLines, map: [number, number], stack: Parent[]): boolean {
  if (map[1] >= source.starts.length - 1) return stack.some((node) => node.type === 'blockquote');
  // the markers of the block quotes around go on; what follows them may open a container
  let line = source.line(map[1]);
  for (const node of stack) if (node.type === 'blockquote') line = line.replace(QUOTE_MARKER, '');
  return !CONTAINER_START.test(line) || THEMATIC_BREAK.test(line);
}

// `- - -` and `* * *` open no list item: a thematic break comes first (CommonMark)
const THEMATIC_BREAK = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

// one block quote marker and the blank after it
const QUOTE_MARKER = /^[ \t]{0,3}>[ \t]?/;

/** Does a fence token end with its closing fence (same character, at least as long)? */
function fenceClosed(source: SourceLines, token: Token): boolean {
  const map = token.map!;
  if (map[1] - map[0] < 2) return false;
  const close = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(source.line(map[1] - 1));
  return !!close && close[1]![0] === token.markup[0] && close[1]!.length >= token.markup.length;
}

// a line (its block quote markers taken off) that opens a block quote or a list item
const CONTAINER_START = /^[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$))/;

/** Is this HTML block (its content) of a kind that ends only at a marker (1-5), and is the marker missing? */
function unclosed(content: string): boolean {
  const text = content.trimStart();
  const kind = HTML_ENDS.find(([start]) => start.test(text));
  return kind !== undefined && !kind[1].test(text.slice(text.match(kind[0])![0].length));
}

/**
 * Is this top-level HTML block one that no end marker closed, running to the end of the file? remark then keeps
 * every line ending to the end in its value; markdown-it drops the last.
 */
function unclosedToEnd(source: SourceLines, map: [number, number]): boolean {
  if (source.lineStart(map[1]) < source.text.length) return false;
  const first = source.line(map[0]).trimStart();
  const kind = HTML_ENDS.find(([start]) => start.test(first));
  if (!kind) return false;
  for (let l = map[0]; l < map[1]; l++) {
    const text = l === map[0] ? first.slice(first.match(kind[0])![0].length) : source.line(l);
    if (kind[1].test(text)) return false;
  }
  return true;
}
