import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import { isAtext, literalAt, previousEmail, previousProtocol, previousWww } from './literal-scan.js';

/**
 * GFM autolink literals as remark-gfm finds them while parsing (the first of its two passes; the second,
 * over the finished tree, is autolink-transform.ts). micromark tries a literal at every character whose
 * predecessor allows one, before emphasis or strikethrough see it, so a literal swallows the `_` and `~` of
 * `https://a.com/x_y_` and stops before the `~~` of `~~www.a.com~~`. Here: markdown-it's text rule (first in the
 * chain) tries a literal before anything else, and cuts its run of plain text short where one starts. As in micromark, none is made inside a link
 * or image label, or after a `[` that no `]` has closed.
 */
export function useAutolinkLiterals(md: MarkdownIt): void {
  // the state's fields exist from the start, so every state object keeps one shape
  md.inline.State = class extends md.inline.State {
    gfmHints = -1;
    gfmOpen = 0;
    gfmLiteral: LiteralState['gfmLiteral'] = null;
  };
  const text = ruleNamed(md, 'text');
  // The text rule is first in the chain: it tries a literal where it is called, then stops its run of plain
  // text where one starts.
  md.inline.ruler.at('text', (state: StateInline, silent: boolean) => {
    const s = state as LiteralState;
    if (hints(s) !== 0 && literal(s, silent)) return true;
    const start = s.pos;
    if (!text(state, silent)) return false;
    if (s.gfmHints === 0 || labelDepth > 0 || s.gfmOpen) return true;
    // Stop the run of plain text where a literal starts.
    for (let i = firstCandidate(s, start + 1, s.pos); i < s.pos; i++) {
      if (!candidate(s, i)) continue;
      const found = literalAt(s.src, i, s.src.charCodeAt(i - 1), (hints(s) & EMAIL) !== 0, (s.env as LiteralEnv).blankAfter === true);
      if (!found) continue;
      s.gfmLiteral = { pos: i, ...found };
      if (!silent) s.pending = s.pending.slice(0, s.pending.length - (s.pos - i));
      s.pos = i;
      break;
    }
    return true;
  });
  // A backslash that escapes nothing is text; markdown-it also consumes the next character with it, which
  // may start a literal (`\\http://a.com`).
  const escape = ruleNamed(md, 'escape');
  md.inline.ruler.at('escape', (state: StateInline, silent: boolean) => {
    const s = state as LiteralState;
    if (hints(s) !== 0 && s.src.charCodeAt(s.pos) === 0x5c && s.pos + 1 < s.posMax && !ESCAPES_OR_BREAKS.test(s.src[s.pos + 1]!)) return false;
    return escape(state, silent);
  });
  // markdown-it caches the code-span closers it saw while scanning a label; the cache then misses spans that
  // start inside the label (`[\` \`b\`](/x)`), so the tokenizer scans afresh after each label
  const parseLinkLabel = md.helpers.parseLinkLabel;
  md.helpers.parseLinkLabel = (state: StateInline, start: number, disableNested?: boolean) => {
    const end = parseLinkLabel(state, start, disableNested);
    (state as unknown as { backticksScanned: boolean }).backticksScanned = false;
    return end;
  };
  // With the cache reset, markdown-it's backticks rule may take a closer past the end of the label it is
  // tokenizing (it scans the whole source): such a run opens no code span there (`[\`](/x)a\`\`b`).
  const backticks = ruleNamed(md, 'backticks');
  md.inline.ruler.at('backticks', (state: StateInline, silent: boolean) => {
    // only a label's tokenizing stops before the end of the source
    if (state.posMax >= state.src.length) return backticks(state, silent);
    const start = state.pos;
    if (!backticks(state, true)) return false;
    if (state.pos <= state.posMax) {
      if (silent) return true;
      state.pos = start;
      return backticks(state, false);
    }
    let end = start;
    while (state.src.charCodeAt(end) === 0x60) end++;
    if (!silent) state.pending += state.src.slice(start, end);
    state.pos = end;
    return true;
  });
  // markdown-it trims a paragraph's (or setext heading's) last line; micromark's tokenizer sees its trailing blanks,
  // which let a `www.` right before them be a literal
  md.core.ruler.at('inline', (state) => {
    const env = state.env as LiteralEnv;
    for (let i = 0; i < state.tokens.length; i++) {
      const token = state.tokens[i]!;
      if (token.type !== 'inline') continue;
      const c = token.content;
      env.blankAfter = c.charCodeAt(c.length - 1) === 0x2e && WWW_AT_END.test(c.slice(-4)) && blankAfterWww(state.src, state.tokens[i - 1], token);
      state.md.inline.parse(token.content, state.md, state.env, token.children ?? (token.children = []));
    }
    env.blankAfter = false;
  });
  for (const name of ['link', 'image']) {
    const rule = ruleNamed(md, name);
    md.inline.ruler.at(name, (state: StateInline, silent: boolean) => {
      const s = state as LiteralState;
      labelDepth++;
      let ok: boolean;
      try {
        ok = rule(state, silent);
      } finally {
        labelDepth--;
      }
      // a `[` that starts no link stays open (micromark's unbalanced label start) until a `]` closes it
      if (!ok && !silent && name === 'link' && labelDepth === 0 && s.src.charCodeAt(s.pos) === 0x5b) s.gfmOpen++;
      return ok;
    });
  }
}

type Rule = (state: StateInline, silent: boolean) => boolean;

function ruleNamed(md: MarkdownIt, name: string): Rule {
  // markdown-it exposes rule functions only through `__rules__`
  const rule = (md.inline.ruler as unknown as { __rules__: { name: string; fn: Rule }[] }).__rules__.find((r) => r.name === name);
  if (!rule) throw new Error(`markdown-it has no \`${name}\` inline rule`);
  return rule.fn;
}

/** What the tokenizer leaves in markdown-it's `env`: whether any inline content may hold a literal in its text. */
export interface LiteralEnv {
  literalText?: boolean;
  /** The inline content now parsed ends in `www.` with blanks after it in the source (see blankAfterWww). */
  blankAfter?: boolean;
}

const WWW_AT_END = /^www\.$/i;

/** Has the source blanks after the last line of this paragraph's or setext heading's content? */
function blankAfterWww(src: string, open: Token | undefined, inline: Token): boolean {
  const setext = open?.type === 'heading_open' && (open.markup === '=' || open.markup === '-');
  if (!inline.map || !(setext || open?.type === 'paragraph_open')) return false;
  const last = inline.map[1] - 1;
  let start = 0;
  for (let l = 0; l < last; l++) {
    const nl = src.indexOf('\n', start);
    if (nl === -1) return false;
    start = nl + 1;
  }
  const end = src.indexOf('\n', start);
  const c = src.charCodeAt((end === -1 ? src.length : end) - 1);
  return c === 0x20 || c === 0x09;
}

/** Link and image rules running (their labels are being scanned or tokenized): no literals there. */
let labelDepth = 0;

interface LiteralState extends StateInline {
  gfmHints: number;
  gfmOpen: number;
  gfmLiteral: { pos: number; end: number; kind: 'www' | 'http' | 'email' } | null;
}

// What a backslash escapes (ASCII punctuation), or turns into a break (line feed), or leaves alone before a space.
const ESCAPES_OR_BREAKS = /[!-/:-@[-`{-~\n ]/;

const WWW = 1;
const HTTP = 2;
const EMAIL = 4;

/** Which kinds of literal the content can hold at all (most blocks hold none), computed once per content. */
function hints(s: LiteralState): number {
  if (s.gfmHints === -1) {
    const src = s.src;
    s.gfmHints = (/www\./i.test(src) ? WWW : 0) | (src.includes('://') ? HTTP : 0) | (src.includes('@') ? EMAIL : 0);
    // the text pass (autolink-transform.ts) sees decoded text: an entity or escape may make a literal there
    if (s.gfmHints !== 0 || src.includes('&') || src.includes('\\')) (s.env as LiteralEnv).literalText = true;
  }
  return s.gfmHints;
}

/**
 * The first place in a run of plain text `[from, end)` where a literal may start (`end` if none can): a run
 * holds no markdown-it terminator (`:`, `@`, `-`, `+`, `_` among them), so an `http(s)://` literal in it ends
 * at its colon at `end`, an e-mail one reaches its `@` only through atext at `end`, and a `www.` one has its dot
 * inside the run. Most runs hold none of these, and the per-character test below is then skipped.
 */
function firstCandidate(s: LiteralState, from: number, end: number): number {
  const src = s.src;
  const h = s.gfmHints;
  const c = src.charCodeAt(end);
  if (h & HTTP && c === 58) return from;
  if (h & EMAIL && (isAtext(c) || c === 64)) {
    let j = end;
    while (isAtext(src.charCodeAt(j))) j++;
    if (src.charCodeAt(j) === 64) return from;
  }
  if (h & WWW) {
    const dot = src.indexOf('.', from + 3);
    if (dot !== -1 && dot < end) return Math.max(from, dot - 3);
  }
  return end;
}

/** Could a literal start at `i`, by its first character and the one before? */
function candidate(s: LiteralState, i: number): boolean {
  const c = s.src.charCodeAt(i);
  const prev = i === 0 ? -1 : s.src.charCodeAt(i - 1);
  const h = hints(s);
  if (h & EMAIL && isAtext(c) && previousEmail(prev)) return true;
  // `www.` has its dot three on, `http://` and `https://` their colon four or five on
  if (h & WWW && (c === 87 || c === 119) && s.src.charCodeAt(i + 3) === 46 && previousWww(prev)) return true;
  return (h & HTTP) !== 0 && (c === 72 || c === 104) && (s.src.charCodeAt(i + 4) === 58 || s.src.charCodeAt(i + 5) === 58) && previousProtocol(prev);
}

function literal(s: LiteralState, silent: boolean): boolean {
  const pos = s.pos;
  if (silent || labelDepth > 0) return false;
  const c = s.src.charCodeAt(pos);
  if (c === 0x5d && s.gfmOpen) {
    s.gfmOpen--;
    return false;
  }
  if (s.gfmOpen) return false;
  let found = s.gfmLiteral?.pos === pos ? s.gfmLiteral : null;
  if (!found) {
    if (!candidate(s, pos)) return false;
    const lit = literalAt(s.src, pos, pos === 0 ? -1 : s.src.charCodeAt(pos - 1), (hints(s) & EMAIL) !== 0, (s.env as LiteralEnv).blankAfter === true);
    if (!lit) return false;
    found = { pos, ...lit };
  }
  const raw = s.src.slice(pos, found.end);
  const open = s.push('link_open', 'a', 1);
  open.attrs = [['href', found.kind === 'www' ? `http://${raw}` : found.kind === 'email' ? `mailto:${raw}` : raw]];
  open.markup = 'linkify';
  open.info = 'auto';
  s.push('text', '', 0).content = raw;
  const close = s.push('link_close', 'a', -1);
  close.markup = 'linkify';
  close.info = 'auto';
  s.pos = found.end;
  return true;
}
