import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';
import type { Point } from './source-lines.js';

/**
 * How deep Markdown may nest: block quotes, lists and their items, emphasis, links, images and brackets, in
 * any mix. A page nested deeper is one error (DG2031) where it passes the limit. Without a limit, markdown-it
 * drops what lies deeper than its `maxNesting` (remark keeps it), and past that the recursion in markdown-it
 * itself and in the stages after the parser (to-html.ts, mdast-util-to-string) overflows the stack. The
 * limit sits far above any real document and well below where the first of those overflows a main thread.
 */
export const NESTING_LIMIT = 500;

/** Thrown by parseMarkdown for Markdown nested deeper than NESTING_LIMIT, with the point that passed it. */
export class NestingError extends Error {
  constructor(readonly place: Point) {
    super(`the Markdown is nested more than ${NESTING_LIMIT} levels deep`);
    this.name = 'NestingError';
  }
}

/** Where markdown-it reached its own nesting limit while parsing one page (kept in its `env`). */
export interface NestingEnv {
  /** Inline: the token list of the inline content being parsed, and the offset in that content. */
  deepInline?: { tokens: Token[]; offset: number };
  /** Blocks: the 0-based line markdown-it stopped at. */
  deepBlockLine?: number;
}

/**
 * Sets markdown-it's `maxNesting` just above NESTING_LIMIT and makes it note where it reaches it, instead of
 * silently dropping blocks or reading brackets as text. A level of markdown-it is an open token; every one
 * is an mdast node except a table's thead/tbody, hence the margin: markdown-it never stops on blocks before
 * the tree builder's own depth check has. Inline, only links and brackets count as markdown-it levels
 * (emphasis does not), so the tree builders check the depth of the tree as well.
 */
export function limitNesting(md: MarkdownIt): void {
  const max = NESTING_LIMIT + 2;
  // a runtime option @types/markdown-it does not declare
  (md.options as { maxNesting?: number }).maxNesting = max;
  const tokenize = md.block.tokenize.bind(md.block);
  md.block.tokenize = (state: StateBlock, startLine: number, endLine: number) => {
    if (state.level >= max) {
      const line = state.skipEmptyLines(startLine);
      const env = state.env as NestingEnv;
      if (line < endLine && (state.sCount[line] ?? 0) >= state.blkIndent) env.deepBlockLine ??= line;
    }
    tokenize(state, startLine, endLine);
  };
  const skipToken = md.inline.skipToken.bind(md.inline);
  md.inline.skipToken = (state: StateInline) => {
    // brackets count from NESTING_LIMIT, as the tree does (markdown-it itself gives up two levels later)
    if (state.level >= NESTING_LIMIT) noteDeepInline(state);
    skipToken(state);
  };
}

/** Records that the inline parser reached markdown-it's nesting limit at the current position. */
export function noteDeepInline(state: StateInline): void {
  (state.env as NestingEnv).deepInline ??= { tokens: state.tokens, offset: state.pos };
}
