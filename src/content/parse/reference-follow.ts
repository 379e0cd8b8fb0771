import type { MarkdownIt, StateInline } from 'markdown-it';

/**
 * micromark's rule for what may follow a reference's label: a `[` after `[label]` must open a full reference
 * (`[text][label]`, a label micromark reads: no unescaped `[`, at most 999 characters, not blank, defined) or be
 * the `[]` of a collapsed one; otherwise nothing there is a link, not even the shortcut markdown-it falls back
 * to (`![ref][![](/x)`, `[ref][\]`, `[ref][a[b]`).
 */
export function useMicromarkReferenceEnds(md: MarkdownIt): void {
  for (const name of ['link', 'image']) {
    const raw = ruleNamed(md, name);
    /**
     * markdown-it, its resource after `[label](` failed, reads a full reference's label from where that resource
     * stopped (`[a](<b>][ref]`); micromark reads none there, only the shortcut. Cheap: only results ending in `]`.
     */
    const rule = (state: StateInline, silent: boolean): boolean => {
      const { pos, pending } = state;
      const tokens = state.tokens.length;
      const meta = state.tokens_meta.length;
      if (!raw(state, silent)) return false;
      if (state.src.charCodeAt(state.pos - 1) !== 0x5d) return true;
      const labelEnd = state.md.helpers.parseLinkLabel(state, name === 'image' ? pos + 1 : pos, name === 'link');
      if (labelEnd < 0 || state.src.charCodeAt(labelEnd + 1) !== 0x28 || state.pos === labelEnd + 1) return true;
      state.tokens.length = tokens;
      state.tokens_meta.length = meta;
      state.pending = pending;
      state.pos = pos;
      return shortcutBeforeParen(state, silent);
    };
    md.inline.ruler.at(name, (state: StateInline, silent: boolean) => follow(state, silent) || shortcutBeforeParen(state, silent));
    /** markdown-it gives up on `[ref](` where the `(` opens no resource at the end of the text; micromark reads the shortcut. */
    const shortcutBeforeParen = (state: StateInline, silent: boolean): boolean => {
      const { src, pos } = state;
      const open = name === 'image' ? pos + 1 : pos;
      if (src.charCodeAt(open) !== 0x5b || (name === 'image' && src.charCodeAt(pos) !== 0x21)) return false;
      if (src !== parenSrc || pos < parenFrom || (parenAt !== -1 && parenAt < pos)) {
        parenSrc = src;
        parenFrom = pos;
        parenAt = src.indexOf('](', pos);
      }
      if (parenAt < 0 || parenAt >= state.posMax) return false;
      const labelEnd = state.md.helpers.parseLinkLabel(state, open, name === 'link');
      if (labelEnd < 0 || src.charCodeAt(labelEnd + 1) !== 0x28) return false;
      const references = (state.env as { references?: Record<string, unknown> }).references;
      if (!references?.[md.utils.normalizeReference(src.slice(open + 1, labelEnd))]) return false;
      // with the `(` out of reach, markdown-it reads the shortcut
      const max = state.posMax;
      state.posMax = labelEnd + 1;
      try {
        return raw(state, silent);
      } finally {
        state.posMax = max;
      }
    };
    const follow = (state: StateInline, silent: boolean): boolean => {
      const { src, pos } = state;
      // where the next `][` is, found once per stretch of text (a scan per `[` would be quadratic in `[[[[…`)
      if (src !== pairSrc || pos < pairFrom || (pairAt !== -1 && pairAt < pos)) {
        pairSrc = src;
        pairFrom = pos;
        pairAt = src.indexOf('][', pos);
      }
      // cheap test first: most links have no `][` after them in their paragraph
      const pair = pairAt;
      if (pair < 0 || pair >= state.posMax) return rule(state, silent);
      const open = name === 'image' ? pos + 1 : pos;
      if (src.charCodeAt(open) !== 0x5b || (name === 'image' && src.charCodeAt(pos) !== 0x21)) return rule(state, silent);
      const labelEnd = state.md.helpers.parseLinkLabel(state, open, name === 'link');
      if (labelEnd < 0 || src.charCodeAt(labelEnd + 1) !== 0x5b || src.charCodeAt(labelEnd + 2) === 0x5d) return rule(state, silent);
      const label = micromarkLabel(src, labelEnd + 1, state.posMax);
      const references = (state.env as { references?: Record<string, unknown> }).references;
      if (label === null || !references?.[md.utils.normalizeReference(label)]) return false;
      return rule(state, silent);
    };
  }
}

/** The label of `[label]` starting at `open` as micromark reads one, or null where micromark reads none. */
function micromarkLabel(src: string, open: number, max: number): string | null {
  let seen = false;
  for (let i = open + 1; i < max && i - open <= 1000; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x5b) return null;
    if (c === 0x5d) return seen ? src.slice(open + 1, i) : null;
    if (c === 0x5c && (src.charCodeAt(i + 1) === 0x5b || src.charCodeAt(i + 1) === 0x5c || src.charCodeAt(i + 1) === 0x5d)) i++;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a) seen = true;
  }
  return null;
}

type Rule = (state: StateInline, silent: boolean) => boolean;

// the inline content last searched for `][`, from where, and the index found (-1: none)
let pairSrc = '';
let pairFrom = 0;
let pairAt = -1;
// the same for `](`
let parenSrc = '';
let parenFrom = 0;
let parenAt = -1;

function ruleNamed(md: MarkdownIt, name: string): Rule {
  // markdown-it exposes rule functions only through `__rules__`
  const rule = (md.inline.ruler as unknown as { __rules__: { name: string; fn: Rule }[] }).__rules__.find((r) => r.name === name);
  if (!rule) throw new Error(`markdown-it has no \`${name}\` inline rule`);
  return rule.fn;
}
