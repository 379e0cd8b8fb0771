// Container (`:::name[label]{attrs}` … `:::`) and leaf (`::name[label]{attrs}`) directives, read as
// micromark-extension-directive reads them (remark-directive), so the mdast is its `containerDirective` and
// `leafDirective`. Text directives (`:name`) are not read: prose such as `a:b` or `10:30` stays text.
// A container ends at the first fence of at least as many colons; an inner container therefore takes fewer
// colons than the one around it (`::::tabs` … `:::note` … `:::` … `::::`), as in remark.
import type { MarkdownIt, StateBlock } from 'markdown-it';
import type { FootnoteEnv } from './footnotes.js';
import { positioned } from './positioned-token.js';

/** What a directive's opening line holds, with offsets in the page source. */
export interface DirectiveHead {
  name: string;
  /** The label between `[` and `]`, or null for none. */
  label: string | null;
  labelStart: number;
  attributes: Record<string, string>;
}

// micromark: a name starts with a character that is neither punctuation nor whitespace, goes on with those
// and `-`/`_`, and does not end with `-`/`_`
const NAME = /^[^\s\p{P}\p{S}](?:[^\s\p{P}\p{S}]|[-_])*/u;
const ATTRIBUTE = /^(?:#([^\s"'#.<=>`}]+)|\.([^\s"'#.<=>`}]+)|([A-Za-z_:][\w.:-]*)(?:[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"'<=>`}]+)))?)/;

/** Reads `name[label]{attrs}` and trailing blanks up to `max`; null when the line is not a directive's. */
export function readDirectiveHead(src: string, pos: number, max: number, unescape: (s: string) => string): DirectiveHead | null {
  const name = NAME.exec(src.slice(pos, max))?.[0];
  if (!name || /[-_]$/.test(name)) return null;
  pos += name.length;
  let label: string | null = null;
  let labelStart = pos;
  if (src.charCodeAt(pos) === 0x5b) {
    const end = labelEnd(src, pos, max);
    if (end === -1) return null;
    labelStart = pos + 1;
    label = src.slice(pos + 1, end);
    pos = end + 1;
  }
  const attributes: Record<string, string> = {};
  if (src.charCodeAt(pos) === 0x7b) {
    const end = readAttributes(src, pos + 1, max, attributes, unescape);
    if (end === -1) return null;
    pos = end;
  }
  if (src.slice(pos, max).trim() !== '') return null;
  return { name, label, labelStart, attributes };
}

/** The `]` closing a label opened at `open` (brackets balance, backslash escapes), or -1. */
function labelEnd(src: string, open: number, max: number): number {
  let depth = 0;
  for (let pos = open + 1; pos < max; pos++) {
    const c = src.charCodeAt(pos);
    if (c === 0x5c) pos++;
    else if (c === 0x5b) depth++;
    else if (c === 0x5d && depth-- === 0) return pos;
  }
  return -1;
}

/** Reads attributes after `{` into `into` (class values joined, others last-wins); the offset after `}`, or -1. */
function readAttributes(src: string, pos: number, max: number, into: Record<string, string>, unescape: (s: string) => string): number {
  while (pos < max) {
    while (pos < max && (src[pos] === ' ' || src[pos] === '\t')) pos++;
    if (src.charCodeAt(pos) === 0x7d) return pos + 1;
    const m = ATTRIBUTE.exec(src.slice(pos, max));
    if (!m) return -1;
    const [text, id, className, key, double, single, bare] = m;
    if (id !== undefined) into.id = id;
    else if (className !== undefined) into.class = into.class ? `${into.class} ${className}` : className;
    else if (key !== undefined) {
      const value = unescape(double ?? single ?? bare ?? '');
      if (key === 'class' && into.class) into.class = `${into.class} ${value}`;
      else into[key] = value;
    }
    pos += text.length;
    const next = src[pos];
    if (next !== ' ' && next !== '\t' && next !== '}') return -1;
  }
  return -1;
}

/** Adds the container and leaf directive block rules. */
export function useDirectives(md: MarkdownIt): void {
  const alt = ['paragraph', 'reference', 'blockquote', 'list'];
  md.block.ruler.before('fence', 'container_directive', containerDirective, { alt });
  md.block.ruler.before('fence', 'leaf_directive', leafDirective, { alt });
}

function colonRun(src: string, pos: number, max: number): number {
  let end = pos;
  while (end < max && src.charCodeAt(end) === 0x3a) end++;
  return end - pos;
}

function containerDirective(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  const max = state.eMarks[startLine] ?? 0;
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  const size = colonRun(state.src, start, max);
  if (size < 3) return false;
  const head = readDirectiveHead(state.src, start + size, max, state.md.utils.unescapeAll);
  if (!head) return false;
  if (silent) return true;

  // the closing fence: at least as many colons, up to three spaces before and only blanks after
  let next = startLine + 1;
  let closed = false;
  for (; next < endLine; next++) {
    const from = (state.bMarks[next] ?? 0) + (state.tShift[next] ?? 0);
    const to = state.eMarks[next] ?? 0;
    if (from < to && (state.sCount[next] ?? 0) < state.blkIndent) break;
    if ((state.sCount[next] ?? 0) - state.blkIndent >= 4) continue;
    const run = colonRun(state.src, from, to);
    if (run >= size && state.src.slice(from + run, to).trim() === '') {
      closed = true;
      break;
    }
  }
  const open = state.push('container_directive_open', '', 1);
  open.meta = head;
  open.markup = ':'.repeat(size);
  open.map = [startLine, closed ? next + 1 : next];
  if (head.label !== null) {
    const labelOpen = state.push('directive_label_open', 'p', 1);
    labelOpen.map = [startLine, startLine + 1];
    // the label paragraph starts at its `[` (remark's position)
    positioned(labelOpen).srcStart = head.labelStart - 1;
    const inline = state.push('inline', '', 0);
    inline.content = head.label;
    inline.map = [startLine, startLine + 1];
    inline.meta = { sourceStart: head.labelStart };
    inline.children = [];
    state.push('directive_label_close', 'p', -1);
  }
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  state.parentType = 'container' as typeof state.parentType;
  state.lineMax = next;
  const containers = ((state.env as FootnoteEnv).containers ??= []);
  containers.push(start);
  state.md.block.tokenize(state, startLine + 1, next);
  containers.pop();
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  const close = state.push('container_directive_close', '', -1);
  close.markup = open.markup;
  state.line = closed ? next + 1 : next;
  return true;
}

function leafDirective(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  const max = state.eMarks[startLine] ?? 0;
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  if (colonRun(state.src, start, max) !== 2) return false;
  const head = readDirectiveHead(state.src, start + 2, max, state.md.utils.unescapeAll);
  if (!head) return false;
  if (silent) return true;
  const open = state.push('leaf_directive_open', '', 1);
  open.meta = head;
  open.map = [startLine, startLine + 1];
  if (head.label !== null) {
    const inline = state.push('inline', '', 0);
    inline.content = head.label;
    inline.map = [startLine, startLine + 1];
    inline.meta = { sourceStart: head.labelStart };
    inline.children = [];
  }
  state.push('leaf_directive_close', '', -1);
  state.line = startLine + 1;
  return true;
}
