// GFM footnotes (`[^1]` calls and `[^1]: text` definitions) as micromark-extension-gfm-footnote reads them:
// a definition is a container (its first line after `]:`, then lines indented four spaces, lazy paragraph lines
// and blank lines), it may interrupt a paragraph, and a call is one only when a definition of its label exists
// anywhere on the page. markdown-it parses every block before any inline content, so the labels are known.
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { normalizeLabel } from './identifier.js';

/** What the footnote rules keep in markdown-it's `env` while parsing one page. */
export interface FootnoteEnv {
  /**
   * Each label defined on the page (normalized), with where each definition is: inside how many container
   * directives, and the source offset where the innermost one starts (see seesFootnote).
   */
  footnoteLabels?: Map<string, Array<{ depth: number; start: number }>>;
  /** Source offsets where the container directives now being parsed start, innermost last (directives.ts). */
  containers?: number[];
  /** How many container directives hold the inline content now being converted (block-tree.ts sets it). */
  inlineDepth?: number;
}

/** Longest label micromark reads (its `linkReferenceSizeMax`). */
const MAX_LABEL = 999;

/**
 * Where a footnote label that starts at `from` (just after `[^`) ends: the offset of its `]`, or -1 when it is
 * not one (whitespace, `[`, end of line, nothing in it or too long). Backslash escapes `[`, `\` and `]`.
 */
export function scanFootnoteLabel(src: string, from: number, max: number): number {
  let pos = from;
  while (pos < max && pos - from <= MAX_LABEL) {
    const c = src.charCodeAt(pos);
    if (c === 0x5d /* ] */) return pos === from ? -1 : pos;
    if (c === 0x5b /* [ */ || c === 0x20 || c === 0x09 || c === 0x0a) return -1;
    pos += c === 0x5c /* \ */ && /[[\\\]]/.test(src[pos + 1] ?? '') ? 2 : 1;
  }
  return -1;
}

/** Adds the footnote definition block rule and the footnote call inline rule. */
export function useFootnotes(md: MarkdownIt): void {
  md.block.ruler.before('reference', 'footnote_def', footnoteDefinition, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('link', 'footnote_ref', footnoteCall);
}

function footnoteDefinition(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  const max = state.eMarks[startLine] ?? 0;
  const src = state.src;
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  if (src.charCodeAt(start) !== 0x5b || src.charCodeAt(start + 1) !== 0x5e /* ^ */) return false;
  const close = scanFootnoteLabel(src, start + 2, max);
  if (close === -1 || src.charCodeAt(close + 1) !== 0x3a /* : */) return false;
  if (silent) return true;
  const label = src.slice(start + 2, close);
  const env = state.env as FootnoteEnv;
  const labels = (env.footnoteLabels ??= new Map());
  const key = normalizeLabel(label);
  const places = labels.get(key) ?? [];
  const depth = env.containers?.length ?? 0;
  places.push({ depth, start: depth === 0 ? 0 : env.containers![depth - 1]! });
  labels.set(key, places);

  const open = state.push('footnote_definition_open', '', 1);
  open.meta = { label };
  open.map = [startLine, startLine];

  // As markdown-it-footnote: the rest of the first line, then what is indented four more, is the content.
  const oldBMark = state.bMarks[startLine]!;
  const oldTShift = state.tShift[startLine]!;
  const oldSCount = state.sCount[startLine]!;
  const oldParentType = state.parentType;
  const afterColon = close + 2;
  const initial = (state.sCount[startLine] ?? 0) + afterColon - start;
  let offset = initial;
  let pos = afterColon;
  while (pos < max) {
    const c = src.charCodeAt(pos);
    if (c === 0x09) offset += 4 - (offset % 4);
    else if (c === 0x20) offset++;
    else break;
    pos++;
  }
  state.tShift[startLine] = pos - afterColon;
  state.sCount[startLine] = offset - initial;
  state.bMarks[startLine] = afterColon;
  state.blkIndent += 4;
  state.parentType = 'footnote' as typeof state.parentType;
  if (state.sCount[startLine]! < state.blkIndent) state.sCount[startLine]! += state.blkIndent;
  state.md.block.tokenize(state, startLine, endLine);
  state.parentType = oldParentType;
  state.blkIndent -= 4;
  state.tShift[startLine] = oldTShift;
  state.sCount[startLine] = oldSCount;
  state.bMarks[startLine] = oldBMark;
  open.map[1] = state.line;

  const closeToken = state.push('footnote_definition_close', '', -1);
  closeToken.map = [startLine, state.line];
  return true;
}

function footnoteCall(state: StateInline, silent: boolean): boolean {
  // Silent runs come from markdown-it's link label scan, which fails a label holding any `[` that is not a plain
  // bracket: read as two brackets there, a call keeps `[x[^1]](/u)` a link, as in remark.
  if (silent) return false;
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x5b || src.charCodeAt(start + 1) !== 0x5e) return false;
  const labels = (state.env as FootnoteEnv).footnoteLabels;
  // (whether the call is in a range that sees the definition is decided with its offset: seesFootnote)
  if (!labels) return false;
  const close = scanFootnoteLabel(src, start + 2, state.posMax);
  if (close === -1) return false;
  const label = src.slice(start + 2, close);
  if (!labels.has(normalizeLabel(label))) return false;
  const token = state.push('footnote_ref', '', 0);
  token.meta = { label };
  token.markup = src.slice(start, close + 1);
  state.pos = close + 1;
  return true;
}

/**
 * Whether a call of `label` at source offset `at`, inside `depth` container directives, sees a definition of it.
 * micromark reads a container directive's content as a document of its own, one nesting level per pass over the
 * page, in document order: the page's blocks first (registering the definitions outside any container), then the
 * text outside containers with the blocks of the containers one deep, and so on. A call sees a definition
 * registered in an earlier pass, or earlier in its own pass.
 */
export function seesFootnote(env: FootnoteEnv, label: string, at: number, depth: number): boolean {
  const places = env.footnoteLabels?.get(normalizeLabel(label));
  return places?.some((d) => d.depth <= depth || (d.depth === depth + 1 && d.start < at)) ?? false;
}
