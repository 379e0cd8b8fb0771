import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import type { PairsEnv } from './delimiter-pairs.js';

type Rule = (state: StateInline, silent: boolean) => boolean;

// the parts of StateInline a link rule changes that @types/markdown-it does not declare
type Undo = StateInline & { pendingStart?: number; tokens_meta: unknown[]; linkLevel: number };

/**
 * No link may contain another at any depth (CommonMark, micromark): a link made inside an image's label
 * makes every `[` before it plain text, so `[a ![b [c](/u)](/i)](/o)` is no link around the image. markdown-it
 * reads an image's label apart and forms the outer link; here it is refused, in silent runs too, so the
 * parsers that skip over it (an outer label) see the same.
 */
export function useNoLinkAroundLinkedImage(md: MarkdownIt): void {
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: Rule }[] }).__rules__;
  const link = rules.find((r) => r.name === 'link')?.fn;
  if (!link) throw new Error('markdown-it has no `link` inline rule');
  md.inline.ruler.at('link', (state: StateInline, silent: boolean) => {
    const start = state.pos;
    if (silent) {
      if (!link(state, true)) return false;
      const end = state.pos;
      // cheap test first: only a label with an image in it can hold one with a link
      let image = false;
      for (let i = start; i < end - 1 && !image; i++) image = state.src.charCodeAt(i) === 0x21 && state.src.charCodeAt(i + 1) === 0x5b;
      if (!image) return true;
      state.pos = start;
      const ok = tryLink(state, link, true);
      state.pos = ok ? end : start;
      return ok;
    }
    return tryLink(state, link, false);
  });
}

/** Runs the link rule for its tokens; refused (everything undone) when an image among them holds a link. */
function tryLink(state: StateInline, link: Rule, undoAlways: boolean): boolean {
  const s = state as Undo;
  // what undoing needs, in locals (this runs for every link)
  const { pos, pending, pendingLevel, pendingStart, level, linkLevel } = s;
  // which kind of delimiter run came first: a trial run's runs were never read
  const first = (s.env as PairsEnv).firstDelimiter;
  const tokens = s.tokens.length;
  const meta = s.tokens_meta.length;
  if (!link(state, false)) return false;
  let refused = false;
  for (let i = tokens; i < s.tokens.length && !refused; i++) {
    const t = s.tokens[i] as Token;
    if (t.type === 'image' && holdsLink(t.children ?? [])) refused = true;
  }
  if (refused || undoAlways) {
    s.tokens.length = tokens;
    s.tokens_meta.length = meta;
    s.pending = pending;
    s.pendingLevel = pendingLevel;
    if (pendingStart !== undefined) s.pendingStart = pendingStart;
    s.level = level;
    s.linkLevel = linkLevel;
    s.pos = pos;
    (s.env as PairsEnv).firstDelimiter = first;
  }
  return !refused;
}

function holdsLink(tokens: Token[]): boolean {
  for (const t of tokens) {
    // autolinks (`<…>`, literals) are no bracketed links: they make no `[` text
    if (t.type === 'link_open' && t.markup !== 'autolink' && t.markup !== 'linkify') return true;
    if (t.type === 'image' && holdsLink(t.children ?? [])) return true;
  }
  return false;
}
