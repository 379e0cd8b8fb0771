// The site search in the browser: reads the static index the build wrote under `<prefix>/search/` (a manifest,
// then only the shards a query's terms live in and the document blocks of its results), ranks pages, and
// builds each result's excerpt and deep link from the page's own HTML (its page-data, which the loader keeps
// for the navigation that usually follows). Loaded on first use, in a chunk of its own.
import { editDistance, foldTerm, searchTerms, wordSpans, type SearchManifest } from '../util/search-terms.js';

/** One result. */
export interface SearchHit {
  /** Site path (no prefix) with `#heading` when a section matched best. */
  href: string;
  path: string;
  title: string;
  section: string;
  /** The heading of the best-matching section, if any. */
  heading?: string;
  /** Excerpt as HTML: text escaped, matched words in <mark>. */
  excerpt: string;
}

/** The answer to one query. */
export interface SearchAnswer {
  query: string;
  hits: SearchHit[];
  /** Query terms that matched nothing, with the index terms used instead (typos). */
  corrected: Array<[typed: string, used: string]>;
  /** When nothing matched: the index's closest terms to what was typed. */
  suggestions: string[];
  /**
   * The same hits with their excerpts and deep links, once the pages' HTML is in (`hits` come first, from the
   * index alone, so results show without waiting for up to ten page-data files).
   */
  detailed?: Promise<SearchHit[]>;
}

/** How the engine gets files: JSON by URL, and a page's article HTML by site path (null when unavailable). */
export interface SearchSources {
  json: (url: string) => Promise<unknown>;
  pageHtml?: (path: string) => Promise<string | null>;
}

/** Results per query. */
export const MAX_HITS = 10;
/** Weight of an index term that only starts with the typed one (as you type `conf`, `configuration` matches). */
const PREFIX_FACTOR = 0.6;
/** Weight of a term used in place of a typo. */
const FUZZY_FACTOR = 0.5;
/** Shards one prefix may open: a one-letter prefix of a big site would otherwise fetch half the index. */
const MAX_PREFIX_SHARDS = 4;
const EXCERPT_CHARS = 180;

/** A search function over the index under `base` (`<prefix>/search`). */
export function createSearch(base: string, sources: SearchSources): (query: string) => Promise<SearchAnswer> {
  const cache = new Map<string, Promise<unknown>>();
  const get = <T>(rel: string): Promise<T> => {
    let p = cache.get(rel);
    if (!p) {
      p = sources.json(`${base}/${rel}`);
      // a failed fetch (offline, a shard not cached) is tried again next time
      p.catch(() => cache.delete(rel));
      cache.set(rel, p);
    }
    return p as Promise<T>;
  };
  let manifest: Promise<SearchManifest> | null = null;
  const man = () => (manifest ??= get<SearchManifest>('index.json').catch((e) => ((manifest = null), Promise.reject(e))));

  /** The keys of the shards that may hold `term` or, when `prefix`, terms starting with it. */
  const shardsFor = (m: SearchManifest, term: string, prefix: boolean): string[] => {
    const cps = [...term];
    let own: string | null = null;
    for (let n = Math.min(cps.length, 6); n >= 1 && own === null; n--) {
      const k = cps.slice(0, n).join('');
      if (m.shards[k]) own = k;
    }
    const keys = own ? [own] : [];
    if (prefix) {
      const deeper = Object.keys(m.shards).filter((k) => k !== own && k.startsWith(term));
      if (deeper.length <= MAX_PREFIX_SHARDS) keys.push(...deeper);
    }
    return keys;
  };

  return async (query: string): Promise<SearchAnswer> => {
    const m = await man();
    const typed = [...new Set(searchTerms(query, m.lang))];
    const answer: SearchAnswer = { query, hits: [], corrected: [], suggestions: [] };
    if (typed.length === 0) return answer;
    const idf = (df: number) => Math.log(1 + (m.docs - df + 0.5) / (df + 0.5));
    const perTerm: Array<Map<number, number>> = [];
    const matched = new Set<string>();
    // neighbouring keys may share a file: each file is read once
    const loadShards = (keys: string[]) =>
      Promise.all([...new Set(keys.map((k) => m.shards[k]!))].map((file) => get<Record<string, number[]>>(file)));
    // the last word is still being typed: it may be the start of a longer one; so may any word of 3+ letters
    const isPrefix = (i: number) => i === typed.length - 1 || typed[i]!.length >= 3;
    // every word's files requested at once (one round trip, not one per word); failures are met word by word below
    const requested = typed.map((q, i) => loadShards(shardsFor(m, q, isPrefix(i))));
    for (const r of requested) r.catch(() => undefined);
    for (const [i, q] of typed.entries()) {
      const prefix = isPrefix(i);
      const shards = await requested[i]!;
      const candidates: Array<[string, number[], number]> = [];
      for (const shard of shards) {
        for (const t in shard) {
          if (t === q) candidates.push([t, shard[t]!, 1]);
          else if (prefix && t.startsWith(q)) candidates.push([t, shard[t]!, PREFIX_FACTOR * Math.sqrt(q.length / t.length)]);
        }
      }
      if (candidates.length === 0) {
        const near = await closest(m, q, 2, 3);
        for (const t of near) {
          const shard = (await loadShards(shardsFor(m, t, false)))[0];
          if (shard?.[t]) candidates.push([t, shard[t]!, FUZZY_FACTOR]);
        }
        if (near[0]) answer.corrected.push([q, near[0]]);
      }
      const scores = new Map<number, number>();
      for (const [t, list, factor] of candidates) {
        matched.add(t);
        const w = factor * idf(list.length / 2);
        let id = 0;
        for (let j = 0; j < list.length; j += 2) {
          id += list[j]!;
          const s = w * list[j + 1]!;
          if (s > (scores.get(id) ?? 0)) scores.set(id, s);
        }
      }
      perTerm.push(scores);
    }
    // every word must match (in the page's text, or as the start or a near spelling of one of its words)
    const [first, ...rest] = [...perTerm].sort((a, b) => a.size - b.size);
    const ranked: Array<[number, number]> = [];
    for (const [id, s] of first ?? []) {
      let total = s;
      for (const other of rest) {
        const o = other.get(id);
        if (o === undefined) {
          total = -1;
          break;
        }
        total += o;
      }
      if (total >= 0) ranked.push([id, total]);
    }
    ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const top = ranked.slice(0, MAX_HITS);
    if (top.length === 0) {
      const near = await Promise.all(typed.map((q) => closest(m, q, 2, 3)));
      answer.suggestions = [...new Set(near.flat())].filter((t) => !typed.includes(t)).slice(0, 5);
      return answer;
    }
    const blocks = await Promise.all([...new Set(top.map(([id]) => Math.floor(id / m.block)))].map(async (b) => [b, await get<Array<[string, string, string]>>(m.blocks[b]!)] as const));
    const byBlock = new Map(blocks);
    const terms = [...matched];
    answer.hits = top.map(([id]) => {
      const [path, title, section] = byBlock.get(Math.floor(id / m.block))![id % m.block]!;
      return { href: path, path, title, section, excerpt: '' };
    });
    const pageHtml = sources.pageHtml;
    if (pageHtml) {
      answer.detailed = Promise.all(
        answer.hits.map(async (hit) => {
          const html = await pageHtml(hit.path).catch(() => null);
          const best = html ? bestSection(html, terms, m.lang) : null;
          return best ? { ...hit, href: best.id ? `${hit.path}#${best.id}` : hit.path, ...(best.heading ? { heading: best.heading } : {}), excerpt: best.excerpt } : hit;
        }),
      );
    }
    return answer;
  };

  /** Index terms closest to `q` (same first letter, at most `max` edits), most frequent first. */
  async function closest(m: SearchManifest, q: string, max: number, count: number): Promise<string[]> {
    const first = [...q][0]!;
    if (!m.vocab[first]) return [];
    const list = await get<string[]>(m.vocab[first]!);
    const limit = q.length >= 8 ? max : q.length >= 4 ? 1 : 0;
    const found: Array<[string, number]> = [];
    for (const t of list) {
      const d = editDistance(q, t, limit);
      if (d <= limit && t !== q) found.push([t, d]);
    }
    // a stable sort: equal distances keep the vocabulary's most-frequent-first order
    return found.sort((a, b) => a[1] - b[1]).slice(0, count).map(([t]) => t);
  }
}

interface Section {
  id: string | null;
  heading: string | null;
  text: string;
}

/** The page's section where the matched terms weigh most, with an excerpt of it (browser only: DOMParser). */
export function bestSection(html: string, terms: readonly string[], lang: string): { id: string | null; heading: string | null; excerpt: string } | null {
  if (typeof DOMParser === 'undefined') return null;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const sections: Section[] = [{ id: null, heading: null, text: '' }];
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (/^H[1-6]$/.test(child.tagName)) sections.push({ id: child.id || null, heading: (child.textContent ?? '').replace(/\s*#\s*$/, ''), text: '' });
      else if (child.tagName === 'SECTION' || child.tagName === 'DIV') walk(child);
      else sections[sections.length - 1]!.text += ` ${child.textContent ?? ''}`;
    }
  };
  walk(doc.body);
  const wanted = new Set(terms);
  const count = (text: string) => searchTerms(text, lang).filter((t) => wanted.has(t)).length;
  let best = sections[0]!;
  let bestScore = -1;
  for (const s of sections) {
    const score = count(s.text) + 3 * (s.heading ? count(s.heading) : 0);
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return { id: best.id, heading: best.heading, excerpt: excerptOf(best.text.replace(/\s+/g, ' ').trim(), wanted) };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A window of `text` around its first matched word, escaped, with matched words in <mark>. */
export function excerptOf(text: string, wanted: ReadonlySet<string>): string {
  const spans = wordSpans(text).filter(([a, b]) => wanted.has(foldTerm(text.slice(a, b))));
  const first = spans[0]?.[0] ?? 0;
  let start = Math.max(0, first - 60);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + EXCERPT_CHARS);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  let out = start > 0 ? '… ' : '';
  let at = start;
  for (const [a, b] of spans) {
    if (a < start || b > end) continue;
    out += `${escapeHtml(text.slice(at, a))}<mark>${escapeHtml(text.slice(a, b))}</mark>`;
    at = b;
  }
  return out + escapeHtml(text.slice(at, end)) + (end < text.length ? ' …' : '');
}
