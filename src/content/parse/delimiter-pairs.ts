import type { MarkdownIt, StateInline } from 'markdown-it';

// Emphasis and strikethrough paired as micromark pairs them (remark's parser), in place of markdown-it's
// balance_pairs. Both follow CommonMark's delimiter-run algorithm, but micromark differs where the spec leaves
// room: (1) the rule of three looks at the markers a run has left, not at its original length (`__m_]_[`); (2) a
// `~` beside `*` or `_` lets that run open or close as a letter would (`*~*`); (3) emphasis and strikethrough are
// separate passes, the kind whose first run comes first going first, and each pair resolves what lies between it
// (strikethrough, then emphasis) before the outer pass goes on. markdown-it's emphasis and strikethrough
// post-processing then read the pairs as usual (`end` of an opener = index of its closer).

type Delimiter = StateInline['delimiters'][number];

const STAR = 0x2a;
const UNDERSCORE = 0x5f;
const TILDE = 0x7e;
// strikethrough.ts marks a one-tilde run apart from a two-tilde run
const SINGLE_TILDE = 0x7e + 0x10000;

/** Which kind of run came first in the inline content being parsed (micromark resolves that kind first). */
export interface PairsEnv {
  firstDelimiter?: number;
}
/** `PairsEnv.firstDelimiter` values */
export const EMPHASIS = 1;
export const STRIKE = 2;
/** Nesting of markdown-it's inline parser: 1 for a block's content, 2 for an image label inside it. */
let depth = 0;

/** Is the inline content being parsed an image's label (parsed apart from the text around it)? */
export const inImageLabel = (): boolean => depth > 1;

interface Run {
  strike: boolean;
  marker: number;
  open: boolean;
  close: boolean;
  /** delimiter-list indices of the run's markers (one per marker for emphasis, one per run for strikethrough) */
  entries: number[];
  /** the markers not yet used: entries[lo..hi) */
  lo: number;
  hi: number;
  /** matched (strikethrough) or turned back into text by an enclosing pair */
  done: boolean;
}

/** Replaces markdown-it's balance_pairs with micromark's pairing, for the top level and each link label. */
export function useMicromarkPairs(md: MarkdownIt): void {
  md.inline.ruler2.at('balance_pairs', (state: StateInline) => {
    const lists = [state.delimiters, ...state.tokens_meta.map((meta) => meta?.delimiters ?? [])];
    // micromark resolves a label's content when the label closes (strikethrough first), the text once it is read
    // (the kind seen first going first); markdown-it keeps each label's delimiters in a list of their own
    // (an image's label is parsed apart, one level deeper, but its runs count for which kind came first)
    const emphasisFirst = depth === 1 && (state.env as PairsEnv).firstDelimiter === EMPHASIS;
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l]!;
      if (list.length === 0) continue;
      resolve(pairing(list, runsOf(list)), !(l === 0 && emphasisFirst));
    }
    return true; // ruler2 ignores results; @types/markdown-it asks for one
  });
  const parse = md.inline.parse.bind(md.inline);
  md.inline.parse = (text, parser, env: PairsEnv, tokens) => {
    if (depth === 0) env.firstDelimiter = 0;
    depth++;
    try {
      parse(text, parser, env, tokens);
    } finally {
      depth--;
    }
  };
  // micromark's `~` loosening: a `*` or `_` run beside a `~` flanks as if the `~` were a letter
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: (s: StateInline, silent: boolean) => boolean }[] }).__rules__;
  const emphasis = rules.find((r) => r.name === 'emphasis')?.fn;
  if (!emphasis) throw new Error('markdown-it has no `emphasis` inline rule');
  md.inline.ruler.at('emphasis', (state: StateInline, silent: boolean) => {
    const start = state.pos;
    const before = state.delimiters.length;
    if (!emphasis(state, silent)) return false;
    (state.env as PairsEnv).firstDelimiter ||= EMPHASIS;
    const prev = start > 0 ? state.src.charCodeAt(start - 1) : -1;
    const next = state.pos < state.src.length ? state.src.charCodeAt(state.pos) : -1;
    // markdown-it also takes the end of a link label for a space; micromark sees the `]`
    if ((prev === TILDE || next === TILDE || state.pos === state.posMax || (start === 0 && depth > 1)) && state.delimiters.length > before) {
      const flanks = flanking(state, start, state.pos);
      for (let i = before; i < state.delimiters.length; i++) {
        state.delimiters[i]!.open = flanks.open;
        state.delimiters[i]!.close = flanks.close;
      }
    }
    return true;
  });
}

/**
 * micromark's flanking for the run `[start, end)`: the characters really beside it (a label's `]` included), and
 * for `*` and `_` (not `strike`) a `~` on either side counting as a letter.
 */
export function flanking(state: StateInline, start: number, end: number, strike = false): { open: boolean; close: boolean } {
  const md = state.md as unknown as { utils: { isWhiteSpace(c: number): boolean; isMdAsciiPunct(c: number): boolean; isPunctChar(c: string): boolean } };
  const classify = (c: number) => (c < 0 || md.utils.isWhiteSpace(c) ? 1 : md.utils.isMdAsciiPunct(c) || md.utils.isPunctChar(String.fromCharCode(c)) ? 2 : 0);
  // an image's label is parsed apart (depth 2 and more): micromark sees its `[` before it and its `]` after
  const prev = start > 0 ? state.src.charCodeAt(start - 1) : depth > 1 ? 0x5b : -1;
  const next = end < state.src.length ? state.src.charCodeAt(end) : depth > 1 ? 0x5d : -1;
  const before = classify(prev);
  const after = classify(next);
  const open = !after || (after === 2 && before !== 0) || (!strike && next === TILDE);
  const close = !before || (before === 2 && after !== 0) || (!strike && prev === TILDE);
  if (strike || state.src.charCodeAt(start) === STAR) return { open, close };
  return { open: open && (before !== 0 || !close), close: close && (after !== 0 || !open) };
}

function runsOf(list: Delimiter[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < list.length; i++) {
    const d = list[i]!;
    const strike = d.marker === TILDE || d.marker === SINGLE_TILDE;
    if (!strike && d.marker !== STAR && d.marker !== UNDERSCORE) continue;
    const size = strike ? 1 : Math.max(1, d.length);
    const entries: number[] = [];
    for (let k = i; k < i + size && k < list.length && list[k]!.marker === d.marker; k++) entries.push(k);
    runs.push({ strike, marker: d.marker, open: d.open, close: d.close, entries, lo: 0, hi: entries.length, done: false });
    i += entries.length - 1;
  }
  return runs;
}

/**
 * The runs of one kind (emphasis or strikethrough) not yet done, found past the done ones in near-constant time
 * (union-find with path compression): a run once done stays done, and scanning over done runs one by one made
 * deep nesting quadratic (30,000 nested `~a ` took 107 s; issue 19 item 5).
 */
class LiveRuns {
  // back[i] === i: run i is live; else some smaller index, every run between them done (fwd likewise, larger)
  private readonly back: Int32Array;
  private readonly fwd: Int32Array;

  constructor(runs: readonly Run[], strike: boolean) {
    const n = runs.length;
    this.back = new Int32Array(n);
    this.fwd = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const live = runs[i]!.strike === strike && !runs[i]!.done;
      this.back[i] = live ? i : i - 1;
      this.fwd[i] = live ? i : i + 1;
    }
    this.fwd[n] = n;
  }

  /** The last live run at or before `i` (-1 when none). */
  atOrBefore(i: number): number {
    let j = i;
    while (j >= 0 && this.back[j] !== j) j = this.back[j]!;
    for (let k = i; k > j; ) {
      const next = this.back[k]!;
      this.back[k] = j;
      k = next;
    }
    return j;
  }

  /** The first live run at or after `i` (the number of runs when none). */
  atOrAfter(i: number): number {
    let j = i;
    while (this.fwd[j] !== j) j = this.fwd[j]!;
    for (let k = i; k < j; ) {
      const next = this.fwd[k]!;
      this.fwd[k] = j;
      k = next;
    }
    return j;
  }

  /** Marks run `i` done. */
  drop(i: number): void {
    this.back[i] = i - 1;
    this.fwd[i] = i + 1;
  }
}

/** One delimiter list's runs as the passes below share them. */
interface Pairing {
  list: Delimiter[];
  runs: Run[];
  emphasis: LiveRuns;
  strike: LiveRuns;
}

function pairing(list: Delimiter[], runs: Run[]): Pairing {
  return { list, runs, emphasis: new LiveRuns(runs, false), strike: new LiveRuns(runs, true) };
}

function done(p: Pairing, k: number): void {
  const run = p.runs[k]!;
  run.done = true;
  (run.strike ? p.strike : p.emphasis).drop(k);
}

/** Marks every run of `[from, to)` done: text to everything outside the pair around them. */
function doneBetween(p: Pairing, from: number, to: number): void {
  for (const live of [p.emphasis, p.strike]) {
    for (let k = live.atOrAfter(from); k < to; k = live.atOrAfter(k + 1)) done(p, k);
  }
}

/** Resolves the runs `[from, to)`: one kind then the other, each leaving its unmatched runs as text. */
function resolve(p: Pairing, strikeFirst: boolean, from = 0, to = p.runs.length): void {
  if (strikeFirst) {
    strikethrough(p, from, to);
    emphasis(p, from, to);
  } else {
    emphasis(p, from, to);
    strikethrough(p, from, to);
  }
}

function emphasis(p: Pairing, from: number, to: number): void {
  const { list, runs, emphasis: live } = p;
  for (let c = live.atOrAfter(from); c < to; c = live.atOrAfter(c + 1)) {
    const closer = runs[c]!;
    if (!closer.close) continue;
    let o = c;
    while (closer.hi > closer.lo && (o = live.atOrBefore(o - 1)) >= from) {
      const opener = runs[o]!;
      if (!opener.open || opener.marker !== closer.marker || opener.hi === opener.lo) continue;
      const openSize = opener.hi - opener.lo;
      const closeSize = closer.hi - closer.lo;
      if ((opener.close || closer.open) && closeSize % 3 !== 0 && (openSize + closeSize) % 3 === 0) continue;
      const use = openSize > 1 && closeSize > 1 ? 2 : 1;
      for (let k = 0; k < use; k++) list[opener.entries[opener.hi - 1 - k]!]!.end = closer.entries[closer.lo + k]!;
      opener.hi -= use;
      closer.lo += use;
      // what lies between is resolved inside the pair, then is text to everything outside it
      resolve(p, true, o + 1, c);
      doneBetween(p, o + 1, c);
      o = c;
    }
  }
  for (let k = live.atOrAfter(from); k < to; k = live.atOrAfter(k + 1)) done(p, k);
}

function strikethrough(p: Pairing, from: number, to: number): void {
  const { list, runs, strike: live } = p;
  for (let c = live.atOrAfter(from); c < to; c = live.atOrAfter(c + 1)) {
    const closer = runs[c]!;
    if (!closer.close) continue;
    for (let o = live.atOrBefore(c - 1); o >= from; o = live.atOrBefore(o - 1)) {
      const opener = runs[o]!;
      if (!opener.open || opener.marker !== closer.marker) continue;
      list[opener.entries[0]!]!.end = closer.entries[0]!;
      done(p, o);
      done(p, c);
      resolve(p, true, o + 1, c);
      doneBetween(p, o + 1, c);
      break;
    }
  }
  for (let k = live.atOrAfter(from); k < to; k = live.atOrAfter(k + 1)) done(p, k);
}
