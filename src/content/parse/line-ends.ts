import type { MarkdownIt, StateInline } from 'markdown-it';

/**
 * Blanks before a line ending as micromark reads them: the whole run of spaces and tabs is dropped, and it is a
 * hard break only when it holds two or more spaces and no tab. markdown-it drops spaces only, so `a\t\nb` kept
 * its tab and `a\t  \nb` became a hard break.
 */
export function useMicromarkLineEnds(md: MarkdownIt): void {
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: Rule }[] }).__rules__;
  const newline = rules.find((r) => r.name === 'newline')?.fn;
  if (!newline) throw new Error('markdown-it has no `newline` inline rule');
  md.inline.ruler.at('newline', (state: StateInline, silent: boolean) => {
    if (silent || state.src.charCodeAt(state.pos) !== 0x0a) return newline(state, silent);
    const pending = state.pending;
    let start = pending.length;
    let tab = false;
    for (let c = pending.charCodeAt(start - 1); c === 0x20 || c === 0x09; c = pending.charCodeAt(--start - 1)) if (c === 0x09) tab = true;
    if (!tab) return newline(state, silent);
    state.pending = pending.slice(0, start);
    state.push('softbreak', 'br', 0);
    let pos = state.pos + 1;
    // the next line's indentation, as markdown-it skips it
    while (pos < state.posMax && (state.src.charCodeAt(pos) === 0x20 || state.src.charCodeAt(pos) === 0x09)) pos++;
    state.pos = pos;
    return true;
  });
}

type Rule = (state: StateInline, silent: boolean) => boolean;
