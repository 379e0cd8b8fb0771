// The one rule that turns text into search terms, shared by the build (which indexes pages) and the browser
// (which looks queries up): both must cut and fold words identically, or a query never meets its page.

/** Languages written without spaces between words: cut by Intl.Segmenter instead of the word regex. */
const SEGMENTED = /^(zh|ja|ko|th|lo|km|my)\b/i;

/** Words too common in English prose to tell pages apart (dropped from the index and from queries). */
const EN_STOP = new Set(
  'a an and are as at be but by for from has have if in into is it its of on or that the their then there these they this to was were will with'.split(' '),
);

/** Longest term kept: longer runs are hashes and data, not words anyone types. */
export const MAX_TERM = 40;

const WORD = /[\p{L}\p{N}_]+(?:['’][\p{L}\p{N}_]+)*/gu;
const MARKS = /\p{M}+/gu;

/** A word as indexed: lower case, accents folded (é → e), apostrophes dropped (`reader's` → `readers`). */
export function foldTerm(word: string): string {
  const lower = word.toLowerCase();
  // NFD only when the word has something to fold: ASCII is most words and the hot path
  const folded = /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
  return folded.replace(/['’]/g, '');
}

/** The terms of a text in `lang` (a BCP 47 tag), in order, stop words and one-letter words left out. */
export function searchTerms(text: string, lang: string): string[] {
  const out: string[] = [];
  const stop = /^en\b/i.test(lang) ? EN_STOP : null;
  const push = (word: string) => {
    const term = foldTerm(word);
    if (term.length < 2 && !/[^\x00-\x7f]/.test(term)) return;
    if (term.length > MAX_TERM || stop?.has(term)) return;
    out.push(term);
  };
  if (SEGMENTED.test(lang) && typeof Intl.Segmenter === 'function') {
    for (const s of new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)) if (s.isWordLike) push(s.segment);
    return out;
  }
  for (const m of text.matchAll(WORD)) push(m[0]);
  return out;
}

/**
 * Extra terms for identifiers: `queryFeatures` is also found as `query` and `features`, `max_record_count` as
 * its parts. Only the parts are returned (the whole word is a term already).
 */
export function identifierParts(word: string): string[] {
  const parts = word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .map((p) => p.toLowerCase())
    .filter((p) => p.length >= 2);
  return parts.length > 1 ? parts : [];
}

/** The shard a term lives in: its first two characters (code points), so prefixes of 2+ characters find their shard. */
export function shardKey(term: string): string {
  return [...term].slice(0, 2).join('');
}

/** Start and end of each word of a text (non-segmented languages), for highlighting the words a query matched. */
export function wordSpans(text: string): Array<[start: number, end: number]> {
  return [...text.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length]);
}

/** Edit distance of two terms, or `max + 1` as soon as it must exceed `max` (suggestions and typos). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < low) low = v;
    }
    if (low > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The search index's manifest (`search/index.json`), as the build writes it and the browser reads it. */
export interface SearchManifest {
  version: 1;
  lang: string;
  /** Pages in the index (document ids are 0 … docs-1). */
  docs: number;
  /** Pages per document block. */
  block: number;
  blocks: string[];
  /**
   * Shard key (a term prefix) → file; a term lives in the longest key that prefixes it. Small shards of
   * neighbouring keys share one file (a small site would otherwise write hundreds of files of a few bytes).
   */
  shards: Record<string, string>;
  /** First character → file of the terms that start with it, most frequent first (for "did you mean"). */
  vocab: Record<string, string>;
}
