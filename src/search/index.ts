// The search stage: each page's terms are scored in the render thread that compiled it (pageTerms); the main
// thread keeps them per page in the cache and merges them into the static index the browser reads (search/).
import { createHash } from 'node:crypto';
import { link, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { searchCodes } from './codes.js';
import { mergeIndex, updateIndex, type IndexedPage, type MergedIndex } from './merge.js';
import { readMergeState, writeMergeState } from './merge-state.js';
import { readPageState, writePageState, type Entry, type PageState, type StoredState } from './page-state.js';

export { pageTerms } from './page-terms.js';
export { searchCodes } from './codes.js';
export type { SearchManifest } from './merge.js';

/** Folder of the index under the site (its URL is `<pathPrefix>/search/index.json`). */
export const SEARCH_DIR = 'search';
/** Bumped when the files' format changes: cached term lists of another version are dropped. */
const FORMAT = 1;

/** What a page task gives the index (structurally a PageTask). */
export interface SearchPageTask {
  pagePath: string;
  /** The page's title: its frontmatter `title`, else its first h1. */
  title: string;
  frontmatter: { search?: boolean };
  breadcrumbs: ReadonlyArray<{ title: string }>;
  status?: number;
}


/**
 * The index of one build. Pages are noted as they render or come from the cache; `write` then places the
 * index in the site. Only pages whose key changed are new work: the others' terms come from the cache.
 */
export class SearchIndex {
  private readonly pages = new Map<string, Entry>();
  /** Pages whose terms this build computed (rendered, or read from the page cache because the index lacked them). */
  indexed = 0;

  private previous: PageState | null;

  private constructor(private readonly dir: string, private readonly lang: string, private stored: StoredState | null) {
    this.previous = stored?.state ?? null;
  }

  /**
   * Forgets the last build's terms before most pages render again: the index is then merged whole, as it would be
   * anyway, and the old terms (tens of megabytes at 10,000 pages) are not held beside the render threads.
   */
  forgetPrevious(): void {
    this.previous = null;
    this.stored = null;
  }

  /** Lets go of every page's terms once the index is written: at 10,000 pages tens of megabytes the build's last steps have no use for. */
  release(): void {
    this.pages.clear();
    this.previous = null;
    this.stored = null;
  }

  /** Opens the index's cache (`<cacheDir>/search`); a missing or damaged one is an empty index. */
  static async open(cacheDir: string, lang: string): Promise<SearchIndex> {
    const dir = path.join(cacheDir, 'search');
    return new SearchIndex(dir, lang, await readPageState(dir, FORMAT, lang));
  }

  /** Whether a page belongs in the index at all (not a status page, not `search: false`). */
  static includes(task: SearchPageTask): boolean {
    return task.status === undefined && task.frontmatter.search !== false;
  }

  /**
   * Notes a page whose inputs have `key`. `terms` are its terms when the build has them at hand (it rendered the
   * page); else the cached ones are used, and `read` (the page's cached result) only when the cache lacks them.
   */
  /** note() for a page the build took from its cache (PageStore's hook). */
  readonly noteCached = (task: SearchPageTask, key: string, read: () => Promise<unknown>): Promise<void> => this.note(task, key, null, read as () => Promise<string | undefined>);

  async note(task: SearchPageTask, key: string, terms?: string | null, read?: () => Promise<string | undefined>): Promise<void> {
    if (!SearchIndex.includes(task)) return;
    const title = task.title;
    const section = task.breadcrumbs.map((c) => c.title).join(' › ');
    const old = this.previous?.pages[task.pagePath];
    if (terms == null && old && old[0] === key) return void this.pages.set(task.pagePath, [key, title, section, old[3]]);
    if (terms == null && read) terms = await read();
    if (terms == null) return;
    if (!(old && old[0] === key && old[3] === terms)) this.indexed++;
    this.pages.set(task.pagePath, [key, title, section, terms]);
  }

  /**
   * Places the index in `siteDir/search/`. When no page changed since the last build, its files are linked from
   * the previous output (`previousSiteDir`) after their hashes are checked: no merging at all.
   */
  async write(siteDir: string, previousSiteDir: string | null): Promise<{ diagnostics: Diagnostic[]; stats: Record<string, number> }> {
    const diagnostics: Diagnostic[] = [];
    const out = path.join(siteDir, SEARCH_DIR);
    const pages: Record<string, Entry> = Object.fromEntries([...this.pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const stats = { 'search.pages': this.pages.size, 'search.indexed': this.indexed, 'search.merged': 0, 'search.updated': 0 };
    if (this.pages.size === 0) {
      diagnostics.push({
        code: searchCodes.SEARCH_INDEX_EMPTY,
        severity: 'warning',
        message: 'no page is in the search index: the search box will find nothing',
        hint: 'every page is a draft or has `search: false` in its frontmatter; remove `search: false` from the pages readers should find',
        location: { file: 'content', line: 1, column: 1 },
      });
    }
    const unchanged = this.previous !== null && this.indexed === 0 && samePages(this.previous.pages, pages);
    if (unchanged && previousSiteDir && (await linkPrevious(this.previous!.manifest, path.join(previousSiteDir, SEARCH_DIR), out))) {
      return { diagnostics, stats };
    }
    const entries = indexedPages(pages);
    // the same pages as last time (an edit, no page added or removed): only the terms that changed are merged anew
    let index: MergedIndex | null = null;
    if (this.previous && samePaths(this.previous.pages, pages)) {
      const state = await readMergeState(this.dir, this.previous.manifest);
      index = state && updateIndex(indexedPages(this.previous.pages), entries, state, this.lang);
    }
    stats['search.updated'] = index ? 1 : 0;
    index ??= mergeIndex(entries, this.lang);
    stats['search.merged'] = 1;
    for (const d of new Set([...index.files.keys()].map((f) => path.dirname(f)))) await mkdir(path.join(out, d), { recursive: true });
    await Promise.all([...index.files].map(([name, text]) => writeFile(path.join(out, name), text)));
    await writeFile(path.join(out, 'index.json'), index.manifest);
    if (!(unchanged && this.previous!.manifest === index.manifest)) {
      await writePageState(this.dir, FORMAT, this.lang, { pages, manifest: index.manifest }, this.stored?.base ?? null);
      // after the pages: its first line names the manifest it goes with, so a build stopped between the two finds it stale
      await writeMergeState(this.dir, index.manifest, index.state);
    }
    return { diagnostics, stats };
  }
}

function indexedPages(pages: Record<string, Entry>): IndexedPage[] {
  return Object.entries(pages).map(([p, e]) => ({ path: p, title: e[1], section: e[2], terms: e[3] }));
}

function samePaths(a: Record<string, Entry>, b: Record<string, Entry>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((k) => Object.hasOwn(a, k));
}

function samePages(a: Record<string, Entry>, b: Record<string, Entry>): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  for (const k of keys) {
    const x = a[k];
    const y = b[k]!;
    if (!x || x[0] !== y[0] || x[1] !== y[1] || x[2] !== y[2]) return false;
  }
  return true;
}

/** Links the previous output's index files into `out` when they are the ones the manifest names, unchanged. */
async function linkPrevious(manifestText: string, from: string, out: string): Promise<boolean> {
  try {
    if ((await readFile(path.join(from, 'index.json'), 'utf8')) !== manifestText) return false;
    const m = JSON.parse(manifestText) as { blocks: string[]; shards: Record<string, string>; vocab: Record<string, string> };
    const names = [...m.blocks, ...Object.values(m.shards), ...Object.values(m.vocab)];
    // every file still holds the bytes its name is the hash of (an edit to the output is not republished)
    const checks = await Promise.all(
      names.map(async (n) => createHash('sha256').update(await readFile(path.join(from, n))).digest('hex').slice(0, 16) === path.basename(n, '.json')),
    );
    if (checks.includes(false)) return false;
    for (const d of new Set(names.map((n) => path.dirname(n)))) await mkdir(path.join(out, d), { recursive: true });
    await Promise.all(names.map((n) => link(path.join(from, n), path.join(out, n))));
    await writeFile(path.join(out, 'index.json'), manifestText);
    return true;
  } catch {
    return false;
  }
}
