// Pages' term lists merged into the files the browser reads: term shards (by prefix), document blocks, the
// vocabulary by first letter (for suggestions) and the manifest naming them all. Every file but the manifest is
// named by its content's hash, so a browser or service worker may keep it forever.
import { createHash } from 'node:crypto';
import { shardKey, type SearchManifest } from '../util/search-terms.js';

export type { SearchManifest };

/** One page as the index lists it. */
export interface IndexedPage {
  /** Site path without the path prefix (the browser adds its own). */
  path: string;
  title: string;
  /** Its breadcrumbs' titles, joined with ` › `. */
  section: string;
  /** `term score term score …` (see page-terms.ts). */
  terms: string;
}


/** Pages per document block: the results of one query touch a few blocks of a few KB each. */
export const DOCS_PER_BLOCK = 128;
/** A shard larger than this (bytes of JSON) is split by one more character of prefix. */
export const SPLIT_BYTES = 24 * 1024;

/** Neighbouring shards are packed into one file up to this many bytes of JSON (a shard alone may be bigger). */
export const PACK_BYTES = SPLIT_BYTES;

/** The files of an index, by name under `search/`, with the manifest's text. */
export interface IndexFiles {
  manifest: string;
  files: Map<string, string>;
}

/**
 * What a merge keeps for the next one (search/shards.txt): every shard's JSON text by its key, with the 2-character
 * group (shardKey) it was split from, and the vocabulary's JSON list by first letter. An update decodes only the
 * groups and letters an edit touched.
 */
export interface MergeState {
  texts: Map<string, [group: string, text: string]>;
  vocab: Map<string, string>;
}

/** The index files with the state an update starts from. */
export interface MergedIndex extends IndexFiles {
  state: MergeState;
}

/** term → flat [id, score, id, score …], ids ascending. */
type Postings = Map<string, number[]>;

/** Merges pages (any order) into the index files. */
export function mergeIndex(pages: readonly IndexedPage[], lang: string): MergedIndex {
  const docs = sortedDocs(pages);
  // pages are merged in id order, so each list's ids ascend
  const postings: Postings = new Map();
  docs.forEach((page, id) => {
    const parts = page.terms.split(' ');
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const term = parts[i]!;
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(id, Number(parts[i + 1]));
    }
  });
  const terms = [...postings.keys()].sort();
  const state: MergeState = { texts: new Map(), vocab: new Map() };
  for (const [k, g] of groupBy(terms, shardKey)) placeGroup(k, g, k, postings, state.texts);
  for (const [c, list] of groupBy(terms, firstLetter)) state.vocab.set(c, vocabText(list, postings));
  return { ...assemble(docs, state, lang), state };
}

/**
 * The index of `pages` (any order) from the state of the merge of `before`, the same pages with other terms: only
 * the groups and vocabulary letters of the terms whose scores changed are decoded and encoded again. Equal to
 * mergeIndex(pages) to the byte (merge.property.test.ts); null when the pages' paths are not the same.
 */
export function updateIndex(before: readonly IndexedPage[], pages: readonly IndexedPage[], previous: MergeState, lang: string): MergedIndex | null {
  const docs = sortedDocs(pages);
  const old = sortedDocs(before);
  if (old.length !== docs.length || old.some((d, i) => d.path !== docs[i]!.path)) return null;
  // term → the changed pages' new scores (undefined: no longer on that page)
  const changes = new Map<string, Map<number, number | undefined>>();
  docs.forEach((page, id) => {
    if (page.terms === old[id]!.terms) return;
    const was = termScores(old[id]!.terms);
    const now = termScores(page.terms);
    const note = (term: string, score: number | undefined) => {
      let c = changes.get(term);
      if (!c) changes.set(term, (c = new Map()));
      c.set(id, score);
    };
    for (const [t, v] of now) if (was.get(t) !== v) note(t, v);
    for (const t of was.keys()) if (!now.has(t)) note(t, undefined);
  });
  const texts = new Map(previous.texts);
  const vocab = new Map(previous.vocab);
  const keysOf = new Map<string, string[]>();
  for (const [key, [group]] of previous.texts) {
    const k = keysOf.get(group);
    if (k) k.push(key);
    else keysOf.set(group, [key]);
  }
  const decodeGroup = (group: string): Postings => {
    const postings: Postings = new Map();
    for (const key of keysOf.get(group) ?? []) {
      for (const [term, delta] of Object.entries(JSON.parse(previous.texts.get(key)![1]) as Record<string, number[]>)) {
        const flat: number[] = new Array(delta.length);
        let id = 0;
        for (let i = 0; i < delta.length; i += 2) {
          flat[i] = id += delta[i]!;
          flat[i + 1] = delta[i + 1]!;
        }
        postings.set(term, flat);
      }
    }
    return postings;
  };
  const decoded = new Map<string, Postings>();
  // letters whose vocabulary changes: a term came or went, or its number of pages changed
  const letters = new Set<string>();
  for (const [group, changed] of groupBy([...changes.keys()], shardKey)) {
    const postings = decodeGroup(group);
    decoded.set(group, postings);
    for (const term of changed) {
      const list = postings.get(term) ?? [];
      const before = list.length;
      for (const [id, score] of changes.get(term)!) setPosting(list, id, score);
      if (list.length === 0) postings.delete(term);
      else postings.set(term, list);
      if (list.length !== before) letters.add(firstLetter(term));
    }
    for (const key of keysOf.get(group) ?? []) texts.delete(key);
    const list = [...postings.keys()].sort();
    if (list.length > 0) placeGroup(group, list, group, postings, texts);
  }
  for (const c of letters) {
    // every group of that letter: its terms and their numbers of pages
    const postings: Postings = new Map();
    for (const group of keysOf.keys()) {
      if (firstLetter(group) !== c) continue;
      for (const [t, l] of decoded.get(group) ?? decodeGroup(group)) postings.set(t, l);
    }
    for (const group of decoded.keys()) if (firstLetter(group) === c && !keysOf.has(group)) for (const [t, l] of decoded.get(group)!) postings.set(t, l);
    const list = [...postings.keys()].sort();
    if (list.length > 0) vocab.set(c, vocabText(list, postings));
    else vocab.delete(c);
  }
  const state = { texts, vocab };
  return { ...assemble(docs, state, lang), state };
}

/** Sets (score) or removes (undefined) the posting of page `id` in a flat list whose ids ascend. */
function setPosting(list: number[], id: number, score: number | undefined): void {
  let i = 0;
  while (i < list.length && list[i]! < id) i += 2;
  const here = i < list.length && list[i] === id;
  if (score === undefined) {
    if (here) list.splice(i, 2);
  } else if (here) list[i + 1] = score;
  else list.splice(i, 0, id, score);
}

function termScores(terms: string): Map<string, number> {
  const out = new Map<string, number>();
  const parts = terms.split(' ');
  for (let i = 0; i + 1 < parts.length; i += 2) out.set(parts[i]!, Number(parts[i + 1]));
  return out;
}

function sortedDocs(pages: readonly IndexedPage[]): IndexedPage[] {
  return [...pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function firstLetter(term: string): string {
  return String.fromCodePoint(term.codePointAt(0)!);
}

/** Items by a key, each group in the items' order, the groups in the order their first item came. */
function groupBy(items: readonly string[], keyOf: (item: string) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const t of items) {
    const k = keyOf(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}

/** The JSON object of some terms' postings, ids as deltas. */
function encodeTerms(list: readonly string[], postings: Postings): string {
  const out: Record<string, number[]> = {};
  for (const t of list) {
    const flat = postings.get(t)!;
    const delta: number[] = new Array(flat.length);
    let last = 0;
    for (let i = 0; i < flat.length; i += 2) {
      delta[i] = flat[i]! - last;
      delta[i + 1] = flat[i + 1]!;
      last = flat[i]!;
    }
    out[t] = delta;
  }
  return JSON.stringify(out);
}

/** Places a group's terms under `key`, split by one more character while its text is over SPLIT_BYTES. */
function placeGroup(key: string, list: string[], group: string, postings: Postings, texts: MergeState['texts']): void {
  const text = encodeTerms(list, postings);
  const chars = [...key].length;
  if (text.length <= SPLIT_BYTES || list.length < 2 || chars >= 6) return void texts.set(key, [group, text]);
  // split by one more character; the terms no longer than the key stay under it
  const sub = new Map<string, string[]>();
  const own: string[] = [];
  for (const t of list) {
    const cp = [...t];
    if (cp.length <= chars) own.push(t);
    else {
      const k = cp.slice(0, chars + 1).join('');
      const g = sub.get(k);
      if (g) g.push(t);
      else sub.set(k, [t]);
    }
  }
  if (sub.size <= 1 && own.length === 0) return void texts.set(key, [group, text]);
  if (own.length > 0) texts.set(key, [group, encodeTerms(own, postings)]);
  for (const [k, g] of sub) placeGroup(k, g, group, postings, texts);
}

/** A letter's vocabulary: its terms, those on the most pages first. */
function vocabText(list: string[], postings: Postings): string {
  list.sort((a, b) => postings.get(b)!.length - postings.get(a)!.length || (a < b ? -1 : 1));
  return JSON.stringify(list);
}

/** The files and manifest of an index from its shard texts, vocabulary and documents. */
function assemble(docs: readonly IndexedPage[], state: MergeState, lang: string): IndexFiles {
  const files = new Map<string, string>();
  const put = (dir: string, text: string) => {
    const name = `${dir}/${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
    files.set(name, text);
    return name;
  };
  const shards: Record<string, string> = {};
  packShards(new Map([...state.texts].map(([k, [, text]]) => [k, text])), (text) => put('t', text), shards);
  const vocab: Record<string, string> = {};
  for (const c of [...state.vocab.keys()].sort()) vocab[c] = put('v', state.vocab.get(c)!);
  const blocks: string[] = [];
  for (let i = 0; i < docs.length; i += DOCS_PER_BLOCK) {
    blocks.push(put('d', JSON.stringify(docs.slice(i, i + DOCS_PER_BLOCK).map((d) => [d.path, d.title, d.section]))));
  }
  const manifest: SearchManifest = { version: 1, lang, docs: docs.length, block: DOCS_PER_BLOCK, blocks, shards, vocab };
  return { manifest: JSON.stringify(manifest), files };
}

/**
 * Writes shards in key order, packing neighbours into one file while it stays within PACK_BYTES. Their terms are
 * disjoint, so a file is the union of their objects; the browser looks a term up by name in whatever file its key
 * names.
 */
function packShards(texts: Map<string, string>, put: (text: string) => string, shards: Record<string, string>): void {
  const keys = [...texts.keys()].sort();
  let pack: string[] = [];
  let parts: string[] = [];
  let size = 2;
  const flush = () => {
    if (pack.length === 0) return;
    const file = put(`{${parts.join(',')}}`);
    for (const k of pack) shards[k] = file;
    pack = [];
    parts = [];
    size = 2;
  };
  for (const k of keys) {
    const inner = texts.get(k)!.slice(1, -1);
    if (inner === '') continue;
    if (pack.length > 0 && size + inner.length + 1 > PACK_BYTES) flush();
    pack.push(k);
    parts.push(inner);
    size += inner.length + 1;
  }
  flush();
}
