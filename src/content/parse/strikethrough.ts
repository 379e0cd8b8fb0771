import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import { flanking, inImageLabel, STRIKE, type PairsEnv } from './delimiter-pairs.js';

const TILDE = 0x7e;
// A one-tilde run only pairs with a one-tilde run: give it its own marker so markdown-it's pairing keeps them apart.
const SINGLE = 0x7e + 0x10000;

/**
 * GFM strikethrough as remark-gfm parses it: `~~a~~` and also `~a~` (markdown-it knows only the double form);
 * opener and closer have the same length, runs of three or more tildes are text.
 */
export function useGfmStrikethrough(md: MarkdownIt): void {
  md.inline.ruler.at('strikethrough', (state: StateInline, silent: boolean) => {
    if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false;
    const scanned = state.scanDelims(state.pos, true);
    // at the end of a link label markdown-it flanks as if a space followed; micromark sees the `]`
    if (state.pos + scanned.length === state.posMax || (state.pos === 0 && inImageLabel())) {
      const flanks = flanking(state, state.pos, state.pos + scanned.length, true);
      scanned.can_open = flanks.open;
      scanned.can_close = flanks.close;
    }
    const run = state.src.slice(state.pos, state.pos + scanned.length);
    const token = state.push('text', '', 0);
    token.content = run;
    if (scanned.length <= 2) {
      (state.env as PairsEnv).firstDelimiter ||= STRIKE;
      state.delimiters.push({
        marker: scanned.length === 1 ? SINGLE : TILDE,
        length: 0,
        token: state.tokens.length - 1,
        end: -1,
        open: scanned.can_open,
        close: scanned.can_close,
      });
    }
    state.pos += scanned.length;
    return true;
  });
  md.inline.ruler2.at('strikethrough', (state: StateInline) => {
    pair(state, state.delimiters);
    for (const meta of state.tokens_meta) if (meta?.delimiters) pair(state, meta.delimiters);
    return true; // ruler2 ignores results; @types/markdown-it asks for one
  });
}

function pair(state: StateInline, delimiters: StateInline['delimiters']): void {
  for (const open of delimiters) {
    if ((open.marker !== TILDE && open.marker !== SINGLE) || open.end === -1) continue;
    const close = delimiters[open.end];
    if (!close) continue;
    retag(state.tokens[open.token], 's_open', 1);
    retag(state.tokens[close.token], 's_close', -1);
  }
}

function retag(token: Token | undefined, type: string, nesting: 1 | -1): void {
  if (!token) return;
  token.markup = token.content;
  token.type = type;
  token.tag = 's';
  token.nesting = nesting;
  token.content = '';
}
