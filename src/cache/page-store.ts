// The build's "reuse what is unchanged" step and its book-keeping: every page whose inputs (and the shared data
// it read) are as cached is taken from the cache, its files hard-linked from the previous output when those still
// hold the bytes written; every page rendered is registered for the next build.
import path from 'node:path';
import type { PageOutputRecord } from './build-state.js';
import { cacheKey } from './hash.js';
import { PageCache } from './page-cache.js';
import type { PreviousBuild } from './previous-build.js';
import type { PageMeta, PageResult, PageTask, RenderedPage } from '../render/index.js';
import { mapLimit } from '../util/map-limit.js';

type FileSum = [size: number, hash: string];

/** Where reused pages go: the build's page collector (pagedata's collectPages). */
export interface PageSink {
  /** `sums` null: the previous output is intact (PreviousBuild.outputIntact), its files need no hashing. */
  reuse(meta: PageMeta, sourceFile: string, fromDir: string, sums: readonly [FileSum, FileSum] | null): Promise<boolean>;
  write(result: PageResult, sourceFile: string): [FileSum, FileSum] | null;
}

/** What a page's cache key is made of besides the page itself. */
export interface PageStoreOptions {
  cacheDir: string;
  /** false (`--no-cache`): nothing is reused, and the cache is refilled. */
  useCache: boolean;
  /** The site config (every page's output depends on it). */
  config: unknown;
  /** A template's code hash by name (esbuild's metafile), and the whole bundle's for a template not listed. */
  templateKeys: Record<string, string>;
  bundleHash: string;
  /** The HTML shell's inputs: the same result in another shell is another output. */
  shellKey: string;
  /** The site's Markdown plugins (names, versions, options): pages compiled by other plugins are other pages. */
  pluginsKey: string;
  /** The hash of an image file's bytes (null when unreadable): a page is reused only while its images are unchanged. */
  imageHash: (file: string) => Promise<string | null>;
}

/** Told of every page found in the cache, with a reader of its cached search terms (the search index's note). */
export type CachedPageHook = (task: PageTask, key: string, readSearch: () => Promise<unknown>) => Promise<void>;

/** The page cache as one build uses it: reuse unchanged pages, keep rendered ones, save. */
export class PageStore {
  /** Page path → its output key and files as written, for the next build's hard links. */
  readonly outputs: Record<string, PageOutputRecord> = {};
  private readonly keys: string[];

  private constructor(readonly cache: PageCache, private readonly tasks: readonly PageTask[], private readonly previous: PreviousBuild, private readonly opts: PageStoreOptions) {
    const inputsKey = cacheKey(previous.engine, JSON.stringify(opts.config), opts.pluginsKey);
    // a page's own inputs: docsgen, config, its template's code, its source text, frontmatter and place in the tree
    this.keys = tasks.map((t) => cacheKey(inputsKey, opts.templateKeys[t.template] ?? opts.bundleHash, JSON.stringify({ ...t, id: 0 })));
  }

  /** Opens the page cache for the build of `tasks`. */
  static async open(tasks: readonly PageTask[], previous: PreviousBuild, opts: PageStoreOptions): Promise<PageStore> {
    const cache = await PageCache.open(path.join(opts.cacheDir, 'pages'), previous.engine);
    if (!opts.useCache) cache.clear();
    return new PageStore(cache, tasks, previous, opts);
  }

  /** Where render threads append their results. */
  get packsDir(): string {
    return this.cache.packsDir;
  }

  /**
   * Takes every page it can from the cache into `sink` (files linked from the previous output in `previousSiteDir`
   * when their output key matches, else written from the cached result) and returns the others, to render, in order.
   */
  async reuseUnchanged(shared: unknown, sink: PageSink, previousSiteDir: string | null, onReused: () => void, onCached?: CachedPageHook): Promise<PageTask[]> {
    const toRender: PageTask[] = [];
    const previousOutputs = this.previous.outputKept ? this.previous.state?.outputs : undefined;
    // an output as the last build left it (by its stamp) lends its files unhashed; else each file is hashed first
    const intact = previousSiteDir !== null && previousOutputs !== undefined && (await this.previous.outputIntact());
    await mapLimit(this.tasks, 32, async (task) => {
      const entry = await this.cache.lookup(task.pagePath, this.keys[task.id]!, shared, this.opts.imageHash);
      if (!entry) return void toRender.push(task);
      await onCached?.(task, this.keys[task.id]!, async () => (await this.cache.read(entry))?.search);
      const outKey = cacheKey(entry.resultHash, this.opts.shellKey);
      const previous = previousSiteDir ? previousOutputs?.[task.pagePath] : undefined;
      if (previous?.[0] === outKey && (await sink.reuse(entry.meta, task.displayFile, previousSiteDir!, intact ? null : [[previous[1], previous[2]], [previous[3], previous[4]]]))) {
        this.outputs[task.pagePath] = previous;
        return void onReused();
      }
      const result = await this.cache.read(entry);
      if (!result) return void toRender.push(task);
      const sums = sink.write(result, task.displayFile);
      if (sums) this.outputs[task.pagePath] = [outKey, ...sums[0], ...sums[1]];
      onReused();
    });
    return toRender.sort((a, b) => a.id - b.id);
  }

  /** The cache key of the page with this task id. */
  keyOf(id: number): string {
    return this.keys[id]!;
  }

  /** Registers a page a render thread has just rendered and stored (unless it failed or an image is unreadable). */
  async keepRendered(page: RenderedPage): Promise<void> {
    this.cache.noteReads(page.reads);
    if (page.stored === null || page.files === null) return;
    const task = this.tasks[page.id]!;
    const images = await Promise.all(page.meta.images.map(async (i) => [i.source, await this.opts.imageHash(i.source)] as [string, string | null]));
    if (images.some(([, h]) => h === null)) return;
    this.cache.register(task.pagePath, this.keys[task.id]!, page.meta, page.stored, page.reads, images as Array<[string, string]>);
    this.outputs[task.pagePath] = [cacheKey(page.stored.hash, this.opts.shellKey), ...page.files[0], ...page.files[1]];
  }

  /** Saves the index (pages that rendered are kept even if the build fails) and lets go of what it held. */
  async save(): Promise<void> {
    await this.cache.save(this.tasks.map((t) => t.pagePath));
    this.cache.release();
  }
}
