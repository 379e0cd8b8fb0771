import type { MarkdownIt, StateBlock } from 'markdown-it';

/**
 * Makes markdown-it leave a `reference_definition` token where it consumed a `[label]: url` definition, as
 * markdown-it 15 does: mdast has a node for each definition, and its position comes from the token's lines.
 * We run markdown-it 14, whose plain functions parse twice as fast as 15's transpiled classes, and whose
 * reference rule records the definition in `env.references` only.
 */
export function keepReferenceTokens(md: MarkdownIt): void {
  const rule = (md.block.ruler as unknown as { __rules__: { name: string; alt: string[]; fn: BlockRule }[] }).__rules__.find((r) => r.name === 'reference');
  if (!rule) throw new Error('markdown-it has no `reference` block rule');
  const fn = rule.fn;
  md.block.ruler.at(
    'reference',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const ok = fn(state, startLine, endLine, silent);
      if (ok && !silent) {
        const token = state.push('reference_definition', '', 0);
        token.map = [startLine, state.line];
        token.hidden = true;
      }
      return ok;
    },
    { alt: rule.alt },
  );
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
