// The persistent page cache: `.docsgen-cache/pages/`. A page whose inputs did not change is not parsed or
// rendered again; its stored result is reused. Safe to delete: an empty cache only means a cold build.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseStoredResult, type PageMeta, type PageReads, type PageResult } from '../render/index.js';
import { readCheckedAndHash, readCheckedJsonAndHash, writeChecked, writeCheckedParts } from './checked-file.js';
import { cacheKey } from './hash.js';
import { valueHashOf } from './reads.js';
import { ResultPacks, type PackLocation } from './result-packs.js';
import { processGone } from '../util/process-gone.js';

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

/**
 * An entry as index.json stores it: a page's links (JSON text, 1.8 KB a page with a long sidebar) are not in it but
 * in links-<hash>.txt, one string for every page, by their start and end in it: parsed as JSON strings they were two
 * thirds of the index's parse, and 10,000 strings the collector copied. The delta keeps a changed page's text.
 */
type StoredEntry = Omit<CacheEntry, 'meta'> & { meta: Omit<PageMeta, 'links'> & { links: string | [start: number, end: number] } };

interface IndexFile {
  version: 7;
  engine: string;
  /** The hash of the links file written with this index (its name holds it): without that file, the index is not used. */
  links: string;
  entries: Record<string, StoredEntry>;
  /** Every path any read set holds, sorted; read sets refer to them by index. */
  paths: string[];
  /** Read set id → its path indices as ranges (`0-41,45,47-60`): a page's reads are mostly runs of siblings. */
  readSets: Record<string, string>;
}

/**
 * A rebuild that changed few pages writes what changed since index.json (whose hash it names) here, instead of
 * the whole index again (25 MB at 10,000 link-dense pages); opening reads both. Any larger change writes the index.
 */
interface DeltaFile {
  version: 7;
  engine: string;
  /** The hash of the index.json these changes apply to: with any other, they are not used. */
  base: string;
  entries: Record<string, CacheEntry>;
  removed: string[];
  /** Paths the read sets use beyond the index's table, appended to it in this order. */
  paths: string[];
  readSets: Record<string, string>;
}

/** The index as read from disk, to tell what a build changed in it. */
interface Base {
  hash: string;
  entries: Map<string, CacheEntry>;
  pathCount: number;
  readSets: Set<string>;
}

const INDEX = 'index.json';
const DELTA = 'index-delta.json';
/** links-<hash>.txt: named by its content's hash, so a build killed before its index is written leaves the last pair whole. */
const linksFile = (hash: string) => `links-${hash}.txt`;
/** Changes (pages changed or removed since the index was written) a delta may hold: this share of the pages... */
const DELTA_SHARE = 0.05;
/** ...or this many, on a small site. */
const DELTA_MIN = 20;

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
  private base: Base | null;
  private constructor(readonly dir: string, private readonly engine: string, index: { value: IndexFile; hash: string; links: string } | null, delta: DeltaFile | null) {
    // each page's links: a slice of the links file's one string (V8 keeps a slice as a reference into it, not a copy)
    const linksText = index?.links ?? '';
    for (const e of Object.values(index?.value.entries ?? {})) if (typeof e.meta.links !== 'string') e.meta.links = linksText.slice(e.meta.links[0], e.meta.links[1]);
    this.entries = new Map(Object.entries((index?.value.entries ?? {}) as Record<string, CacheEntry>));
    this.encodedSets = new Map(Object.entries(index?.value.readSets ?? {}));
    this.pathTable = index?.value.paths ?? [];
    this.base = index ? { hash: index.hash, entries: new Map(this.entries), pathCount: this.pathTable.length, readSets: new Set(this.encodedSets.keys()) } : null;
    if (delta) {
      for (const p of delta.removed) this.entries.delete(p);
      for (const [p, e] of Object.entries(delta.entries)) this.entries.set(p, e);
      this.pathTable.push(...delta.paths);
      for (const [id, ranges] of Object.entries(delta.readSets)) this.encodedSets.set(id, ranges);
    }
    this.pathIndex = new Map(this.pathTable.map((p, i) => [p, i]));
    this.packs = new ResultPacks(path.join(dir, 'packs'));
  }

  /** Loads the index and its changes; a missing, unreadable or other-engine index gives an empty cache. */
  static async open(dir: string, engine: string): Promise<PageCache> {
    // no cache yet, or a damaged one (its checksum fails): start empty
    const [read, delta] = await Promise.all([readCheckedJsonAndHash<IndexFile>(path.join(dir, INDEX)), readCheckedJsonAndHash<DeltaFile>(path.join(dir, DELTA))]);
    const current = read?.value.version === 7 && read.value.engine === engine ? read : null;
    const links = current ? await readCheckedAndHash(path.join(dir, linksFile(current.value.links))) : null;
    const index = current && links?.hash === current.value.links ? { ...current, links: links.bytes.toString('utf8') } : null;
    // changes to another index (a build killed between writing the index and removing them, a damaged index) are not used
    const changes = index && delta?.value.version === 7 && delta.value.engine === engine && delta.value.base === index.hash ? delta.value : null;
    return new PageCache(dir, engine, index, changes);
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
    this.base = null;
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
      let e = this.entries.get(p)!;
      // a new object only for a result the compaction moved: an entry as the index holds it stays that one
      if (e.at !== at) this.entries.set(p, (e = { ...e, at }));
      entries[p] = e;
      if (this.knowsReadSet(e.readSet)) setIds.add(e.readSet);
    }
    if (await this.saveChanges(entries)) return;
    // two passes over the sets, each decoded and dropped: all of them decoded at once would be the memory the
    // ranges save. The stored table is sorted, so a set's indices ascend in the same order as its (sorted) paths.
    const used = new Set<number>();
    for (const id of setIds) for (const i of this.decodedSet(id)) used.add(i);
    const table = [...used].map((i) => this.pathTable[i]!).sort();
    const position = new Int32Array(this.pathTable.length);
    table.forEach((p, i) => (position[this.pathIndex.get(p)!] = i));
    const readSets: Record<string, string> = {};
    for (const id of setIds) readSets[id] = encodeRanges(Array.from(this.decodedSet(id), (i) => position[i]!).sort((a, b) => a - b));
    // every page's links into one file, each entry with its start and end in it (both written before the index)
    const stored: Record<string, StoredEntry> = {};
    const texts: string[] = [];
    let end = 0;
    for (const [p, e] of Object.entries(entries)) {
      const start = end;
      end += e.meta.links.length;
      texts.push(e.meta.links);
      stored[p] = { ...e, meta: { ...e.meta, links: [start, end] } };
    }
    // (written through a name with this process's id: the clean-up below knows a dead build's from a live one's)
    const links = await writeCheckedParts((hash) => path.join(this.dir, linksFile(hash)), texts, path.join(this.dir, `links.${process.pid}.tmp`));
    const index: IndexFile = { version: 7, engine: this.engine, links, entries: stored, paths: table, readSets };
    // with its checksum: an entry's meta is trusted when its page's files are reused, without its stored result
    await writeChecked(path.join(this.dir, INDEX), JSON.stringify(index));
    // the changes were to the index just replaced (and name its hash: left behind, they would not be used)
    await rm(path.join(this.dir, DELTA), { force: true });
    // the links of the indexes before
    for (const name of await readdir(this.dir).catch(() => [])) {
      const tmpOf = /^links\.(\d+)\.tmp$/.exec(name)?.[1];
      // (a tmp file is another build's at work while its process lives)
      if ((/^links-[0-9a-f]+\.txt$/.test(name) && name !== linksFile(links)) || (tmpOf !== undefined && processGone(Number(tmpOf)))) await rm(path.join(this.dir, name), { force: true });
    }
    // docsgen before packs kept one file per page here
    await rm(path.join(this.dir, 'results'), { recursive: true, force: true });
  }

  /**
   * Writes the changes since the index was read, when they are few: the entries that are not the index's own
   * (registered by this build or the last builds' changes), the pages gone, and the paths and read sets they
   * added. Returns false when the whole index must be written instead.
   */
  private async saveChanges(entries: Record<string, CacheEntry>): Promise<boolean> {
    const base = this.base;
    if (!base) return false;
    const changed: Record<string, CacheEntry> = {};
    const readSets: Record<string, string> = {};
    let count = 0;
    for (const [p, e] of Object.entries(entries)) {
      if (base.entries.get(p) === e) continue;
      changed[p] = e;
      count++;
      if (!base.readSets.has(e.readSet) && this.knowsReadSet(e.readSet)) readSets[e.readSet] = this.encodedSets.get(e.readSet)!;
    }
    const removed = [...base.entries.keys()].filter((p) => !Object.hasOwn(entries, p));
    if (count + removed.length > Math.max(DELTA_MIN, Object.keys(entries).length * DELTA_SHARE)) return false;
    const delta: DeltaFile = { version: 7, engine: this.engine, base: base.hash, entries: changed, removed, paths: this.pathTable.slice(base.pathCount), readSets };
    await writeChecked(path.join(this.dir, DELTA), JSON.stringify(delta));
    return true;
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
