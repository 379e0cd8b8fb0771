import type { MarkdownIt, StateBlock } from 'markdown-it';

/** Where, in one parse, micromark would still be interrupting (kept in markdown-it's `env`). */
interface InterruptEnv {
  /** The 0-based line that began while a paragraph, definition or indented code was still open. */
  interruptLine?: number;
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/**
 * micromark's interrupt rule for list items, across containers. On a line that begins while a paragraph,
 * definition or indented code is still open, and that every open container continues, micromark reads
 * every container the line opens in interrupt mode: an ordered item must be `1`, and no item may be empty. So
 * `a\n> 2. b` is a paragraph in a block quote, `a\n- 2. b` a paragraph in a bullet item (markdown-it applies the
 * rule only to a list right at the paragraph's level). Indented code is open up to the next non-blank line, so
 * `    code\n\n3. x` is a paragraph too. A sibling item of an open list is not interrupting (micromark closes the
 * flow first), nor a lazy line (a container that does not continue).
 */
export function useMicromarkListInterrupt(md: MarkdownIt): void {
  for (const name of ['paragraph', 'reference', 'code']) {
    const rule = ruleFn(md, name);
    if (!rule) continue;
    md.block.ruler.at(name, (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const ok = rule(state, startLine, endLine, silent);
      if (ok && !silent) {
        let line = state.line;
        if (name === 'code') while (line < endLine && state.isEmpty(line)) line++;
        // the line must belong to the block's own container (a lazy line ends the container in micromark)
        if (line < endLine && !state.isEmpty(line) && (state.sCount[line] ?? 0) >= state.blkIndent) (state.env as InterruptEnv).interruptLine = line;
      }
      return ok;
    }, { alt: altOf(md, name) });
  }
  const list = ruleFn(md, 'list');
  if (!list) return;
  md.block.ruler.at('list', (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
    if ((state.env as InterruptEnv).interruptLine === startLine && !mayInterrupt(state, startLine)) return false;
    return list(state, startLine, endLine, silent);
  }, { alt: altOf(md, 'list') });
}

/** Can the list item on this line open in micromark's interrupt mode: a bullet or `1`, with content after it? */
function mayInterrupt(state: StateBlock, line: number): boolean {
  const src = state.src;
  let pos = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
  const max = state.eMarks[line] ?? src.length;
  const c = src.charCodeAt(pos);
  if (c === 0x2d || c === 0x2a || c === 0x2b) pos++;
  else if (c === 0x31 && (src.charCodeAt(pos + 1) === 0x2e || src.charCodeAt(pos + 1) === 0x29)) pos += 2;
  // another number, or something markdown-it's own rule will refuse anyway
  else return c < 0x30 || c > 0x39;
  for (; pos < max; pos++) {
    const ch = src.charCodeAt(pos);
    if (ch !== 0x20 && ch !== 0x09) return true;
  }
  return false;
}

type Rules = { name: string; alt: string[]; fn: BlockRule }[];

function rulesOf(md: MarkdownIt): Rules {
  // markdown-it exposes rule names only through `__rules__`; `at()` (public) swaps a rule in place
  return (md.block.ruler as unknown as { __rules__: Rules }).__rules__;
}

function ruleFn(md: MarkdownIt, name: string): BlockRule | undefined {
  return rulesOf(md).find((r) => r.name === name)?.fn;
}

function altOf(md: MarkdownIt, name: string): string[] {
  return rulesOf(md).find((r) => r.name === name)?.alt ?? [];
}
