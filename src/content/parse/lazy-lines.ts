import type { MarkdownIt, StateBlock, Token } from 'markdown-it';
import { containers, QUOTE, trackContainers } from './container-frames.js';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/**
 * Lazy lines as micromark keeps them: the containers that continue on the line take their prefix and the rest,
 * indentation included, is the paragraph's (it shows in code spans and raw HTML running onto the line).
 * markdown-it strips up to the innermost list item's indentation from a lazy line of a list item, and nothing
 * from a lazy line of a block quote, even the indentation of the list items around the quote.
 */
export function useMicromarkLazyLines(md: MarkdownIt): void {
  trackContainers(md);
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; alt: string[]; fn: BlockRule }[] }).__rules__;
  for (const name of ['paragraph', 'lheading']) {
    const rule = rules.find((r) => r.name === name);
    if (!rule) throw new Error(`markdown-it has no \`${name}\` block rule`);
    const original = rule.fn;
    md.block.ruler.at(
      name,
      (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
        const before = state.tokens.length;
        const ok = original(state, startLine, endLine, silent);
        if (ok && !silent && state.line - startLine > 1) keepLazyIndentation(state, startLine, before);
        return ok;
      },
      { alt: rule.alt },
    );
  }
}

function keepLazyIndentation(state: StateBlock, startLine: number, from: number): void {
  // markdown-it marks a block quote's lazy line -1; a list item's lazy line is indented less than the item
  let lazy = false;
  for (let line = startLine + 1; line < state.line && !lazy; line++) lazy = (state.sCount[line] ?? 0) < state.blkIndent;
  if (!lazy) return;
  let inline: Token | undefined;
  for (let i = from; i < state.tokens.length && !inline; i++) if (state.tokens[i]?.type === 'inline') inline = state.tokens[i];
  // only code spans, link titles and raw HTML keep a line's indentation
  if (!inline || !/[`"'(]/.test(inline.content)) return;
  const lines = inline.content.split('\n');
  let changed = false;
  for (let k = 1; k < lines.length; k++) {
    const line = startLine + k;
    if ((state.sCount[line] ?? 0) >= state.blkIndent) continue;
    const rest = remainder(state, line);
    const piece = lines[k] as string;
    const text = piece.replace(/^[ \t]+/, '');
    if (rest === null || !rest.endsWith(text) && !rest.trimEnd().endsWith(text)) continue;
    const indentation = rest.slice(0, rest.length - rest.trimStart().length);
    if (indentation + text !== piece) {
      lines[k] = indentation + text;
      changed = true;
    }
  }
  if (changed) inline.content = lines.join('\n');
}

/** The line after the prefixes of the containers that continue on it (null where tabs make columns unclear). */
function remainder(state: StateBlock, line: number): string | null {
  const end = state.eMarks[line] ?? 0;
  const start = state.src.lastIndexOf('\n', end - 1) + 1;
  const text = state.src.slice(start, end);
  if (text.includes('\t')) return null;
  let at = 0;
  let scope = 0; // where the innermost block quote's content starts
  for (const frame of containers(state)) {
    if (frame === QUOTE) {
      const spaces = text.slice(at).length - text.slice(at).trimStart().length;
      if (spaces > 3 || text[at + spaces] !== '>') break;
      at += spaces + 1;
      if (text[at] === ' ') at++;
      scope = at;
    } else if (frame > 0) {
      const need = scope + frame;
      let spaces = at;
      while (spaces < need && text[spaces] === ' ') spaces++;
      if (spaces < need) break;
      at = need;
    }
  }
  return text.slice(at);
}
