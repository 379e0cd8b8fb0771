import type { MarkdownIt, StateInline } from 'markdown-it';

type Rule = (state: StateInline, silent: boolean) => boolean;

const UNCLOSED = Symbol('unclosed html');
type HtmlState = StateInline & { skipHtmlSpecial: boolean; [UNCLOSED]?: Set<string> };

/**
 * Raw HTML comments, processing instructions, declarations and CDATA as micromark reads them: one left unclosed
 * makes only later ones of its own kind text (none can close: their terminator is nowhere after it). markdown-it
 * 14 gives up on all four kinds after the first unclosed one, so `<?<!-- c -->` lost its comment.
 */
export function useHtmlSpecials(md: MarkdownIt): void {
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: Rule }[] }).__rules__;
  const html = rules.find((r) => r.name === 'html_inline')?.fn;
  if (!html) throw new Error('markdown-it has no `html_inline` inline rule');
  md.inline.ruler.at('html_inline', (inline: StateInline, silent: boolean) => {
    const state = inline as HtmlState;
    if (!state.skipHtmlSpecial && !state[UNCLOSED]) return remember(state, html(state, silent), null);
    const kind = specialKind(state.src, state.pos);
    if (kind === null) return html(state, silent);
    if (state[UNCLOSED]?.has(kind)) return false;
    state.skipHtmlSpecial = false;
    return remember(state, html(state, silent), kind);
  });
}

/**
 * An e-mail autolink as micromark reads one: its atext has no `!` (CommonMark's has), so `<!a@b.co>` is raw
 * HTML (a declaration) and `<a!b@c.de>` no autolink at all; markdown-it linked both.
 */
export function useMicromarkEmailAutolinks(md: MarkdownIt): void {
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: Rule }[] }).__rules__;
  const autolink = rules.find((r) => r.name === 'autolink')?.fn;
  if (!autolink) throw new Error('markdown-it has no `autolink` inline rule');
  md.inline.ruler.at('autolink', (state: StateInline, silent: boolean) => {
    const start = state.pos;
    if (state.src.charCodeAt(start) !== 0x3c) return false;
    if (!autolink(state, true)) return false;
    const inner = state.src.slice(start + 1, state.pos - 1);
    state.pos = start;
    // a scheme (`mailto:a!b@c.de`) is a URL autolink, where `!` is fine
    const at = inner.indexOf('@');
    if (at !== -1 && !SCHEME.test(inner) && inner.lastIndexOf('!', at) !== -1) return false;
    return autolink(state, silent);
  });
}

// markdown-it's AUTOLINK_RE, up to the colon
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]{1,31}:/;

function remember(state: HtmlState, ok: boolean, kind: string | null): boolean {
  if (state.skipHtmlSpecial) (state[UNCLOSED] ??= new Set()).add(kind ?? (specialKind(state.src, state.pos) as string));
  return ok;
}

/** The terminator markdown-it looks for after `<!`/`<?` at `pos` (as its scanSpecial decides), or null. */
function specialKind(src: string, pos: number): string | null {
  if (src.charCodeAt(pos) !== 0x3c) return null;
  if (src.startsWith('<!--', pos)) return '-->';
  if (src.startsWith('<![CDATA[', pos)) return ']]>';
  const next = src.charCodeAt(pos + 1);
  if (next === 0x3f) return '?>';
  if (next === 0x21) return '>';
  return null;
}
