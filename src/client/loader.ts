// The page loader: page-data with the seed's retry, 404, 500 and HEAD rules, app-data, slices, static queries
// and the template chunk, cached per page for the session (semantics of Gatsby 5's loader.js).
import type { ComponentType } from 'react';
import { RUNTIME } from '../config/defaults.js';
import { request } from './fetch-retry.js';
import type { AppOptions } from './options.js';
import { pageDataUrl, pageKey, pageUrl } from './paths.js';
import { redirectTarget } from './redirects.js';
import { findMatchPath } from '../util/match-path.js';

/** A page-data file as the build writes it. */
export interface PageData {
  componentChunkName: string;
  path: string;
  result: { pageContext?: Record<string, unknown>; data?: Record<string, unknown> };
  staticQueryHashes: string[];
  slicesMap?: Record<string, string>;
  matchPath?: string;
  webpackCompilationHash?: string;
}

/** The partial-hydration page data (`page-data-rsc.json`) of an islands page, its record and head. */
export interface RscRecord {
  componentChunkName: string;
  path: string;
  matchPath?: string;
  webpackCompilationHash?: string;
  head: { title: string; description: string; url: string };
  /** The shared data (navigation, site) an island may fetch: `page-data/sq/d/<hash>.json`. */
  staticQueryHashes?: string[];
}

/** An islands page as the runtime shows it: its -rsc record, and its server HTML from its own document. */
export interface RscData extends RscRecord {
  /** The page's server HTML (the root's inside): the runtime swaps its regions in. */
  html: string;
}

/** The result of fetching one page's data (after the 404/500 fallbacks). */
export type PageDataResult =
  | { status: 'success'; payload: PageData; notFound?: boolean; internalServerError?: boolean }
  | { status: 'error' };

/** Everything needed to render a page. */
export interface LoadedPage {
  status: 'success';
  /** The template (absent for an islands page: its HTML comes in `rsc`). */
  component?: ComponentType<Record<string, unknown>>;
  /** An islands page's -rsc data (the loader's `rsc` mode). */
  rsc?: RscData;
  props: Record<string, unknown>;
  payload: PageData;
  /** Build hash of the loaded data ('' when unknown). */
  webpackCompilationHash: string;
  notFound?: boolean;
  internalServerError?: boolean;
}

/** A load that cannot render: the caller falls back to a full page load. */
export interface FailedLoad {
  status: 'error';
  error?: Error;
  /** The template chunk failed to load (a deploy removed it): the seed sends the reader to the last known page. */
  chunkFailed?: boolean;
}

export type LoadResult = LoadedPage | FailedLoad;

/** A template chunk that could not be imported (webpack's ChunkLoadError). */
export class ChunkLoadError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Loading chunk ${url} failed: ${(cause as Error | undefined)?.message ?? String(cause)}`);
    this.name = 'ChunkLoadError';
  }
}

const NOT_FOUND = '/404.html';
const SERVER_ERROR = '/500.html';

/** The page loader of one page session. */
export class Loader {
  /** The build this app belongs to: the hash in the page's HTML ('' when it has none: no reload checks). */
  readonly appHash: string;
  private readonly pageDataDb = new Map<string, Promise<PageDataResult>>();
  private readonly pageDb = new Map<string, LoadedPage>();
  private readonly pageInFlight = new Map<string, Promise<LoadResult>>();
  /** Islands pages' documents by record path, fetched by a prefetch ahead of the page's load (kept until used). */
  private readonly documentDb = new Map<string, Promise<RscData | null>>();
  private readonly staticQueryDb = new Map<string, Record<string, unknown>>();
  private readonly sliceDb = new Map<string, Promise<unknown>>();
  private readonly chunkDb = new Map<string, Promise<ComponentType<Record<string, unknown>>>>();

  /**
   * `rsc`: the islands runtime's loader, which fetches each page's `page-data-rsc.json` (same URL rules, same
   * 200/404/500/retry/HEAD handling) and loads no template chunk, slice or static query.
   */
  constructor(private readonly options: AppOptions, appHash = '', private readonly rsc = false) {
    this.appHash = appHash;
  }

  /** The data URL of a page key: page-data.json, or its -rsc variant in rsc mode. */
  dataUrl(key: string): string {
    const url = pageDataUrl(key, this.options.pathPrefix);
    return this.rsc ? url.replace(/\.json(\?|$)/, '-rsc.json$1') : url;
  }

  /** The page key of a raw path, following browser redirects (so data for the target loads). */
  findPath(rawPath: string, depth = 0): string {
    const url = new URL(rawPath, location.href);
    const target = depth < 5 ? redirectTarget(this.options.redirects, url.pathname, url.search) : null;
    if (target) {
      const next = new URL(target, location.href);
      if (next.origin === location.origin) return this.findPath(next.pathname + next.search, depth + 1);
    }
    return pageKey(rawPath, this.options.pathPrefix);
  }

  /** `page-data/app-data.json`, retried up to 3 times on any non-200; undefined when it never answers well. */
  async loadAppData(retries = 0): Promise<{ webpackCompilationHash: string } | undefined> {
    const res = await request(`${this.options.pathPrefix}/page-data/app-data.json`);
    if (res.status !== 200) return retries < RUNTIME.appDataRetries ? this.loadAppData(retries + 1) : undefined;
    try {
      const json = JSON.parse(res.text) as { webpackCompilationHash?: unknown };
      if (typeof json.webpackCompilationHash === 'string' && json.webpackCompilationHash) {
        return { webpackCompilationHash: json.webpackCompilationHash };
      }
    } catch {
      // not a valid app-data response: treated as missing
    }
    return undefined;
  }

  /**
   * Fetches page-data: 200 with a `path` → success; 404 (or an unusable 200) → the 404 page's data; 500 → the
   * 500 page's data (one hop only); anything else retried at once, up to 3 retries shared along the chain.
   */
  async fetchPageDataJson(load: { pagePath: string; retries: number; notFound?: boolean; internalServerError?: boolean; matched?: boolean }): Promise<PageDataResult> {
    const res = await request(this.dataUrl(load.pagePath));
    const flags = { ...(load.notFound ? { notFound: true } : {}), ...(load.internalServerError ? { internalServerError: true } : {}) };
    if (res.status === 200) {
      try {
        const payload = JSON.parse(res.text) as PageData;
        if (payload && typeof payload.path === 'string') {
          const queryAt = load.pagePath.indexOf('?');
          if (queryAt >= 0 && !payload.path.includes('?')) payload.path += load.pagePath.slice(queryAt);
          return { status: 'success', payload, ...flags };
        }
      } catch {
        // not a valid page-data response: handled like a 404 below
      }
    }
    if (res.status === 200 || res.status === 404) {
      if (load.pagePath === NOT_FOUND || load.pagePath === SERVER_ERROR) return { status: 'error' };
      // no page has this path: a page whose matchPath matches it answers, before the 404 page (as on the servers)
      const matched = load.matched ? null : this.matchPathPage(load.pagePath);
      if (matched !== null) return this.fetchPageDataJson({ ...load, pagePath: matched, matched: true });
      return this.fetchPageDataJson({ ...load, pagePath: NOT_FOUND, notFound: true });
    }
    if (res.status === 500) {
      if (load.pagePath === NOT_FOUND || load.pagePath === SERVER_ERROR) return { status: 'error' };
      return this.fetchPageDataJson({ ...load, pagePath: SERVER_ERROR, internalServerError: true });
    }
    if (load.retries < RUNTIME.pageDataRetries) return this.fetchPageDataJson({ ...load, retries: load.retries + 1 });
    return { status: 'error' };
  }

  /**
   * Page-data of a page key, cached; a 404 is confirmed with a HEAD on the page's address: when the HTML exists
   * after all (a page of a newer deploy, a non-docsgen page) the result is an error, so the caller loads it fully.
   */
  async loadPageDataJson(key: string): Promise<PageDataResult> {
    let pending = this.pageDataDb.get(key);
    if (!pending) {
      pending = this.fetchPageDataJson({ pagePath: key, retries: 0 });
      this.pageDataDb.set(key, pending);
      // a failure or a 500 is not remembered: the next attempt asks the server again
      void pending.then((r) => {
        if (r.status === 'error' || r.internalServerError) this.pageDataDb.delete(key);
      });
    }
    const result = await pending;
    if (result.status === 'success' && result.notFound) {
      if (key.startsWith('//')) return result;
      const head = await request(pageUrl(key, this.options.pathPrefix), 'HEAD');
      if (head.status === 200) return { status: 'error' };
    }
    return result;
  }

  /** The page key of the matchPath page that answers for a page key (query kept), or null. */
  private matchPathPage(key: string): string | null {
    const entries = this.options.matchPaths;
    if (!entries || entries.length === 0) return null;
    const queryAt = key.indexOf('?');
    const path = queryAt >= 0 ? key.slice(0, queryAt) : key;
    const page = findMatchPath(entries, this.options.pathPrefix + path, this.options.pathPrefix);
    return page === null ? null : pageKey(this.options.pathPrefix + page, this.options.pathPrefix) + (queryAt >= 0 ? key.slice(queryAt) : '');
  }

  /** True when the page's data is already in memory (nothing to prefetch). */
  hasPageData(key: string): boolean {
    return this.pageDb.has(key) || this.pageDataDb.has(key);
  }

  /** The URL of a template chunk, or null when this app has no such chunk. */
  chunkUrl(name: string): string | null {
    return Object.prototype.hasOwnProperty.call(this.options.chunks, name) ? this.options.chunks[name]! : null;
  }

  /**
   * Loads everything a page needs (cached per page key); never rejects. `shownHtml`: the server HTML of the page
   * the reader has in front of them (the islands runtime's first load), taken instead of fetching its document.
   */
  loadPage(rawPath: string, shownHtml?: string): Promise<LoadResult> {
    const key = this.findPath(rawPath);
    const done = this.pageDb.get(key);
    if (done) return Promise.resolve(done);
    let pending = this.pageInFlight.get(key);
    if (!pending) {
      pending = this.assemble(key, shownHtml).finally(() => this.pageInFlight.delete(key));
      this.pageInFlight.set(key, pending);
    }
    return pending;
  }

  private async assemble(key: string, shownHtml?: string): Promise<LoadResult> {
    const [appData, result] = await Promise.all([this.loadAppData(), this.loadPageDataJson(key)]);
    if (result.status !== 'success') return { status: 'error' };
    const payload = result.payload;
    if (this.rsc) {
      const record = payload as unknown as RscRecord;
      const rsc = shownHtml !== undefined ? { ...record, html: shownHtml } : await this.takeDocument(record);
      // no document, or one of another build than its record: the caller loads the page in full
      if (!rsc) return { status: 'error' };
      return this.keep(key, result, { status: 'success', props: {}, payload, rsc, webpackCompilationHash: payload.webpackCompilationHash ?? appData?.webpackCompilationHash ?? '' });
    }
    try {
      const slices = Object.entries(payload.slicesMap ?? {});
      const [component, sliceData] = await Promise.all([
        this.loadComponent(payload.componentChunkName),
        Promise.all(slices.map(async ([alias, name]) => [alias, await this.loadSlice(name)] as const)),
      ]);
      const props: Record<string, unknown> = { page: payload.result.pageContext ?? {}, ...(payload.result.data ?? {}) };
      for (const hash of payload.staticQueryHashes ?? []) Object.assign(props, await this.loadStaticQuery(hash));
      for (const [alias, data] of sliceData) props[alias] = data;
      return this.keep(key, result, { status: 'success', component, props, payload, webpackCompilationHash: payload.webpackCompilationHash ?? appData?.webpackCompilationHash ?? '' });
    } catch (err) {
      return { status: 'error', error: err instanceof Error ? err : new Error(String(err)), ...(err instanceof ChunkLoadError ? { chunkFailed: true } : {}) };
    }
  }

  /**
   * Prefetches an islands page's document, its record already in (the prefetch's page-data): as Gatsby prefetches
   * a page's data and what rendering it needs, not app-data, which the page's load asks for when the reader goes there.
   */
  async prefetchDocument(key: string, record: RscRecord): Promise<void> {
    if (this.pageDb.has(key) || this.documentDb.has(record.path)) return;
    const pending = this.documentOf(record);
    this.documentDb.set(record.path, pending);
    // a document that could not be had is asked for again by the page's load (unless that took it already)
    if (!(await pending) && this.documentDb.get(record.path) === pending) this.documentDb.delete(record.path);
  }

  /** The document a prefetch fetched (once: the loaded page is cached), or a fresh fetch. */
  private takeDocument(record: RscRecord): Promise<RscData | null> {
    const prefetched = this.documentDb.get(record.path);
    this.documentDb.delete(record.path);
    return prefetched ?? this.documentOf(record);
  }

  /**
   * An islands page's server HTML, from the page's own document (`<prefix><path>`: its folder, or `404.html`),
   * fetched as a page is (the service worker keeps it for offline reading); null when it cannot be had, or is not
   * of the build its record is.
   */
  private async documentOf(record: RscRecord): Promise<RscData | null> {
    const res = await request(this.options.pathPrefix + record.path, 'GET', 'text/html');
    if (res.status !== 200) return null;
    const doc = new DOMParser().parseFromString(res.text, 'text/html');
    const root = doc.getElementById('___docsgen');
    const build = doc.querySelector('meta[name="docsgen-build"]')?.getAttribute('content') ?? '';
    if (!root || (record.webpackCompilationHash && build !== record.webpackCompilationHash)) return null;
    return { ...record, html: root.innerHTML };
  }

  /** Marks a loaded page as the 404 or 500 page it is, and caches it (a 500 is asked for again next time). */
  private keep(key: string, result: PageDataResult & { status: 'success' }, page: LoadedPage): LoadedPage {
    const loaded: LoadedPage = { ...page, ...(result.notFound ? { notFound: true } : {}), ...(result.internalServerError ? { internalServerError: true } : {}) };
    if (!result.internalServerError) this.pageDb.set(key, loaded);
    return loaded;
  }

  /** Imports a template chunk; an unknown chunk name means page-data from another build. */
  loadComponent(name: string): Promise<ComponentType<Record<string, unknown>>> {
    const url = this.chunkUrl(name);
    if (!url) return Promise.reject(new Error(`We couldn't find the correct component chunk with the name "${name}"`));
    let pending = this.chunkDb.get(url);
    if (!pending) {
      pending = (import(url) as Promise<{ default: ComponentType<Record<string, unknown>> }>).then(
        (m) => m.default,
        (err: unknown) => {
          throw new ChunkLoadError(url, err);
        },
      );
      this.chunkDb.set(url, pending);
      // a failed import must be retried by the next load, not replayed
      pending.catch(() => this.chunkDb.delete(url));
    }
    return pending;
  }

  private async loadStaticQuery(hash: string): Promise<Record<string, unknown>> {
    const cached = this.staticQueryDb.get(hash);
    if (cached) return cached;
    const url = `${this.options.pathPrefix}/page-data/sq/d/${hash}.json`;
    const res = await request(url);
    let data: Record<string, unknown>;
    try {
      data = (JSON.parse(res.text) as { data: Record<string, unknown> }).data ?? {};
      if (res.status !== 200) throw new Error(String(res.status));
    } catch {
      throw new Error(`We couldn't load "${url}"`);
    }
    this.staticQueryDb.set(hash, data);
    return data;
  }

  private loadSlice(name: string): Promise<unknown> {
    let pending = this.sliceDb.get(name);
    if (!pending) {
      const url = `${this.options.pathPrefix}/slice-data/${name}.json`;
      pending = request(url).then((res) => {
        try {
          return (JSON.parse(res.text) as { data?: unknown }).data;
        } catch {
          throw new Error(`We couldn't load "${url}"`);
        }
      });
      this.sliceDb.set(name, pending);
      pending.catch(() => this.sliceDb.delete(name));
    }
    return pending;
  }
}
