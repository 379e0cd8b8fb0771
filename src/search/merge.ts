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

/** Merges pages (any order) into the index files. */
export function mergeIndex(pages: readonly IndexedPage[], lang: string): IndexFiles {
  const docs = [...pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // term → flat [id, score, id, score …], ids ascending (pages are merged in id order)
  const postings = new Map<string, number[]>();
  docs.forEach((page, id) => {
    const parts = page.terms.split(' ');
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const term = parts[i]!;
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(id, Number(parts[i + 1]));
    }
  });
  const files = new Map<string, string>();
  const put = (dir: string, text: string) => {
    const name = `${dir}/${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
    files.set(name, text);
    return name;
  };

  const terms = [...postings.keys()].sort();
  const shards: Record<string, string> = {};
  const groups = new Map<string, string[]>();
  for (const t of terms) {
    const k = shardKey(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  const encode = (list: readonly string[]) => {
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
  };
  const place = (key: string, list: string[]) => {
    const text = encode(list);
    const chars = [...key].length;
    if (text.length <= SPLIT_BYTES || list.length < 2 || chars >= 6) return void texts.set(key, text);
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
    if (sub.size <= 1 && own.length === 0) return void texts.set(key, text);
    if (own.length > 0) texts.set(key, encode(own));
    for (const [k, g] of sub) place(k, g);
  };
  // shard key → its terms' JSON object, before packing
  const texts = new Map<string, string>();
  for (const [k, g] of groups) place(k, g);
  packShards(texts, (text) => put('t', text), shards);

  const byFirst = new Map<string, string[]>();
  for (const t of terms) {
    const c = [...t][0]!;
    const g = byFirst.get(c);
    if (g) g.push(t);
    else byFirst.set(c, [t]);
  }
  const vocab: Record<string, string> = {};
  for (const [c, list] of byFirst) {
    list.sort((a, b) => postings.get(b)!.length - postings.get(a)!.length || (a < b ? -1 : 1));
    vocab[c] = put('v', JSON.stringify(list));
  }

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
