// A page's terms and their scores, computed in the render thread that compiled the page: the main thread only
// merges these lists, and keeps them in the cache, so an unchanged page is never tokenized again.
import type { SearchText } from '../content/index.js';
import { identifierParts, searchTerms } from '../util/search-terms.js';

/** Score added once when a term is in the page's title, and when it is in a heading: these rank first. */
export const TITLE_BONUS = 120;
export const HEADING_BONUS = 40;
/** Scale of the prose part (a saturated term frequency, at most k1 + 1 = 2.2 before scaling). */
const PROSE_SCALE = 50;
/** Code counts this much of prose: an API name is found, but prose about it ranks above a listing of it. */
const CODE_WEIGHT = 0.3;
/** Identifier parts (`query` of `queryFeatures`) count this much of a whole word. */
const PART_WEIGHT = 0.5;
// BM25's saturation and length normalization, against a fixed typical length so that a page's scores depend on
// the page alone (an edit to one page changes no other page's scores)
const K1 = 1.2;
const B = 0.75;
const TYPICAL_WORDS = 500;

/**
 * A page's terms with their scores (integers), encoded `term score term score …` (terms hold no spaces):
 * compact to send between threads and to keep in the cache.
 */
export function pageTerms(title: string, text: SearchText, lang: string): string {
  const prose = new Map<string, number>();
  const add = (map: Map<string, number>, term: string, w: number) => map.set(term, (map.get(term) ?? 0) + w);
  let words = 0;
  const proseWords = searchTerms(text.prose, lang);
  for (const t of proseWords) add(prose, t, 1);
  words = proseWords.length;
  for (const t of searchTerms(text.code, lang)) add(prose, t, CODE_WEIGHT);
  // identifiers written in code or backticks: their parts too
  for (const m of `${text.prose} ${text.code}`.matchAll(/\b[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]*|_[A-Za-z0-9]+)+\b/g)) {
    for (const p of identifierParts(m[0])) for (const t of searchTerms(p, lang)) add(prose, t, PART_WEIGHT);
  }
  const inTitle = new Set(searchTerms(title, lang));
  const inHeading = new Set(text.headings.flatMap((h) => searchTerms(h, lang)));
  const norm = K1 * (1 - B + (B * words) / TYPICAL_WORDS);
  const scores = new Map<string, number>();
  for (const [t, tf] of prose) scores.set(t, Math.round((PROSE_SCALE * tf * (K1 + 1)) / (tf + norm)));
  for (const t of inHeading) scores.set(t, (scores.get(t) ?? 0) + HEADING_BONUS);
  for (const t of inTitle) scores.set(t, (scores.get(t) ?? 0) + TITLE_BONUS);
  let out = '';
  for (const [t, s] of scores) out += `${out ? ' ' : ''}${t} ${Math.max(1, s)}`;
  return out;
}
