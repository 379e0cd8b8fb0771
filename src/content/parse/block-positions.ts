import type { MarkdownIt, StateBlock } from 'markdown-it';
import { positioned } from './positioned-token.js';

/**
 * Stamps every block token with the source offset of its first character (`srcStart`): where the block's
 * first line starts once the enclosing block quotes and list items are stripped, which is the column mdast
 * gives. It is read when the rule returns, while the container's line marks are still in effect for nested
 * blocks (they return first) and restored for the container's own tokens.
 */
export function trackBlockPositions(md: MarkdownIt): void {
  // markdown-it exposes rule names only through `__rules__`; `at()` (public) swaps a rule in place.
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; alt: string[]; fn: BlockRule }[] }).__rules__;
  for (const rule of [...rules]) {
    const fn = rule.fn;
    md.block.ruler.at(
      rule.name,
      (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
        const before = state.tokens.length;
        const ok = fn(state, startLine, endLine, silent);
        if (ok && !silent) {
          for (let i = before; i < state.tokens.length; i++) {
            const t = positioned(state.tokens[i]!);
            if (t.srcStart !== undefined || !t.map || t.nesting === -1) continue;
            const line = t.map[0];
            t.srcStart = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
          }
        }
        return ok;
      },
      { alt: rule.alt },
    );
  }
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
