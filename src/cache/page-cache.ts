// The persistent page cache: `.docsgen-cache/pages/`. A page whose inputs did not change is not parsed or
// rendered again; its stored result is reused. Safe to delete: an empty cache only means a cold build.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseStoredResult, type PageMeta, type PageReads, type PageResult } from '../render/index.js';
import { readCheckedJson, writeChecked } from './checked-file.js';
import { cacheKey } from './hash.js';
import { valueHashOf } from './reads.js';
import { ResultPacks, type PackLocation } from './result-packs.js';

/** What the index keeps per page: enough to decide reuse without opening the stored result. */
export interface CacheEntry {
  /** Hash of the page's own inputs: source, frontmatter, template, tree position, config, templates, docsgen. */
  key: string;
  readSet: string;
  valueHash: string;
  /** Images the page measured while compiling, with the hash of their bytes then. */
  images: Array<[file: string, hash: string]>;
  /** Hash of the stored result, part of the output key. */
  resultHash: string;
  /** Where the stored result is (see result-packs.ts). */
  at: PackLocation;
  /** Links, images and problems of the page: what a build needs even when it reuses the page's files. */
  meta: PageMeta;
}

interface IndexFile {
  version: 5;
  engine: string;
  entries: Record<string, CacheEntry>;
  /** Every path any read set holds, sorted; read sets refer to them by index. */
  paths: string[];
  /** Read set id → its path indices as ranges (`0-41,45,47-60`): a page's reads are mostly runs of siblings. */
  readSets: Record<string, string>;
}

const INDEX = 'index.json';

/** Opens, queries and updates the page cache of one project. */
export class PageCache {
  private readonly entries: Map<string, CacheEntry>;
  /**
   * Read sets as indices into one path table: every page's set differs a little (its own branch of the nav),
   * so thousands of sets share a few thousand distinct paths. Kept as ranges (see encodeRanges), as the index
   * file has them and as noted during a build, and decoded only for a moment (a lookup, a save): about 650
   * indices a page are 2.6 KB as an Int32Array and under 1 KB as ranges, tens of megabytes at 10,000 pages.
   */
  private readonly encodedSets: Map<string, string>;
  private readonly pathTable: string[];
  private readonly pathIndex: Map<string, number>;
  /** Per render thread: its path numbers → indices into pathTable (see PageReads). */
  private readonly threadPaths = new Map<number, number[]>();
  private readonly setValues = new Map<string, string>();
  private readonly pathValues = new Map<string, Uint32Array>();
  private readonly packs: ResultPacks;
  private constructor(readonly dir: string, private readonly engine: string, index: IndexFile | null) {
    this.entries = new Map(Object.entries(index?.entries ?? {}));
    this.encodedSets = new Map(Object.entries(index?.readSets ?? {}));
    this.pathTable = index?.paths ?? [];
    this.pathIndex = new Map(this.pathTable.map((p, i) => [p, i]));
    this.packs = new ResultPacks(path.join(dir, 'packs'));
  }

  /** Loads the index; a missing, unreadable or other-engine index gives an empty cache. */
  static async open(dir: string, engine: string): Promise<PageCache> {
    // no cache yet, or a damaged one (its checksum fails): start empty
    const parsed = await readCheckedJson<IndexFile>(path.join(dir, INDEX));
    return new PageCache(dir, engine, parsed?.version === 5 && parsed.engine === engine ? parsed : null);
  }

  /**
   * The cached entry of a page if it is still valid: same own inputs, same values at every shared-data path
   * its template read, same bytes in every image it measured.
   */
  async lookup(pagePath: string, key: string, shared: unknown, imageHash: (file: string) => Promise<string | null>): Promise<CacheEntry | null> {
    const entry = this.entries.get(pagePath);
    if (!entry || entry.key !== key) return null;
    let values = this.setValues.get(entry.readSet);
    if (values === undefined) {
      const paths = this.readSet(entry.readSet);
      if (!paths) return null;
      values = valueHashOf(shared, paths, this.pathValues);
      this.setValues.set(entry.readSet, values);
    }
    if (values !== entry.valueHash) return null;
    for (const [file, hash] of entry.images) if ((await imageHash(file)) !== hash) return null;
    return entry;
  }

  /** Reads a stored result (null if it vanished or does not match its entry). */
  async read(entry: CacheEntry): Promise<PageResult | null> {
    const bytes = await this.packs.readBytes(entry.at);
    // checked against its hash: a pack half written by a build that was killed, or by a concurrent one, is a miss
    if (bytes === null || cacheKey(bytes) !== entry.resultHash) return null;
    try {
      return parseStoredResult(bytes.toString('utf8'));
    } catch {
      return null; // a result stored by another format: render the page again
    }
  }

  /** Where render threads append results (each to a pack of its own, see render-page.ts). */
  get packsDir(): string {
    return this.packs.dir;
  }

  /** Records a page a render thread has just rendered and stored: where its result is, its hash, what it read. */
  register(
    pagePath: string,
    key: string,
    meta: PageMeta,
    stored: { at: PackLocation; hash: string },
    reads: PageReads,
    images: Array<[string, string]>,
  ): CacheEntry {
    const entry: CacheEntry = { key, readSet: reads.setId, valueHash: reads.valueHash, images, resultHash: stored.hash, at: stored.at, meta };
    this.entries.set(pagePath, entry);
    return entry;
  }

  /**
   * Takes in the read set of every page a thread rendered, stored or not: the thread numbers paths in the order
   * it sends them, so skipping one page's new paths would shift every later number.
   */
  noteReads(reads: PageReads): void {
    if (reads.thread === undefined) return;
    let local = this.threadPaths.get(reads.thread);
    if (!local) this.threadPaths.set(reads.thread, (local = []));
    for (const p of reads.newPaths ?? []) local.push(this.intern(p));
    if (reads.ids && !this.knowsReadSet(reads.setId)) {
      const indices = Array.from(reads.ids, (n) => local[n]!).sort((a, b) => a - b);
      this.encodedSets.set(reads.setId, encodeRanges(indices));
    }
  }

  /** Forgets every entry (a build run with the cache off still refreshes it). */
  clear(): void {
    this.entries.clear();
  }

  /** Whether the paths of a read set are known (workers send them once per set). */
  private knowsReadSet(setId: string): boolean {
    return this.encodedSets.has(setId);
  }

  /**
   * Forgets everything held in memory once the build has saved it: at 10,000 pages the entries and read sets
   * are tens of megabytes the rest of the build (images, redirects, link-check threads) has no use for.
   */
  release(): void {
    this.entries.clear();
    this.encodedSets.clear();
    this.pathTable.length = 0;
    this.pathIndex.clear();
    this.threadPaths.clear();
    this.setValues.clear();
    this.pathValues.clear();
  }

  /** Writes the index, keeping only the pages of this build; results nothing refers to any more are deleted. */
  async save(pagePaths: Iterable<string>): Promise<void> {
    const live = new Map<string, PackLocation>();
    for (const p of pagePaths) {
      const e = this.entries.get(p);
      if (e) live.set(p, e.at);
    }
    await this.packs.compact(live);
    const entries: Record<string, CacheEntry> = {};
    const setIds = new Set<string>();
    for (const [p, at] of live) {
      const e = { ...this.entries.get(p)!, at };
      this.entries.set(p, e);
      entries[p] = e;
      if (this.knowsReadSet(e.readSet)) setIds.add(e.readSet);
    }
    // two passes over the sets, each decoded and dropped: all of them decoded at once would be the memory the
    // ranges save. The stored table is sorted, so a set's indices ascend in the same order as its (sorted) paths.
    const used = new Set<number>();
    for (const id of setIds) for (const i of this.decodedSet(id)) used.add(i);
    const table = [...used].map((i) => this.pathTable[i]!).sort();
    const position = new Int32Array(this.pathTable.length);
    table.forEach((p, i) => (position[this.pathIndex.get(p)!] = i));
    const readSets: Record<string, string> = {};
    for (const id of setIds) readSets[id] = encodeRanges(Array.from(this.decodedSet(id), (i) => position[i]!).sort((a, b) => a - b));
    const index: IndexFile = { version: 5, engine: this.engine, entries, paths: table, readSets };
    // with its checksum: an entry's meta is trusted when its page's files are reused, without its stored result
    await writeChecked(path.join(this.dir, INDEX), JSON.stringify(index));
    // docsgen before packs kept one file per page here
    await rm(path.join(this.dir, 'results'), { recursive: true, force: true });
  }

  /** A read set's paths, decoded for one lookup and not kept: its value hash is memoized (setValues) instead. */
  private readSet(id: string): string[] | undefined {
    return this.knowsReadSet(id) ? Array.from(this.decodedSet(id), (i) => this.pathTable[i]!) : undefined;
  }

  /** A known read set's indices, not kept. */
  private decodedSet(id: string): number[] {
    return decodeRanges(this.encodedSets.get(id)!);
  }

  private intern(p: string): number {
    let i = this.pathIndex.get(p);
    if (i === undefined) {
      i = this.pathTable.push(p) - 1;
      this.pathIndex.set(p, i);
    }
    return i;
  }
}

/** Sorted integers as ranges: `[0,1,2,5,7,8]` → `0-2,5,7-8`. */
export function encodeRanges(sorted: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(',');
}

/** The inverse of encodeRanges. */
export function decodeRanges(text: string): number[] {
  const out: number[] = [];
  if (text === '') return out;
  for (const part of text.split(',')) {
    const dash = part.indexOf('-');
    if (dash === -1) out.push(Number(part));
    else for (let k = Number(part.slice(0, dash)), end = Number(part.slice(dash + 1)); k <= end; k++) out.push(k);
  }
  return out;
}
