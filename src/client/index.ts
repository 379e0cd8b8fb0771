// The browser runtime's entry: hydrates the server-rendered page, then navigates client-side with the seed's
// loader, prefetching, scroll restoration, announcements, service worker and translations.
import { setAssetPath } from '@esri/calcite-components';
import { applyStoredColorMode } from './color-mode.js';
import { pageBuildHash, reloadOnHashMismatch } from './compilation-hash.js';
import { fetchData } from './data.js';
import { loadDocument } from './load-document.js';
import { Loader } from './loader.js';
import { normalizeLocale, uiLocale } from './locale.js';
import { startNavigation } from './navigate.js';
import type { AppOptions } from './options.js';
import { pageKey } from './paths.js';
import { Prefetcher } from './prefetch.js';
import { redirectTarget } from './redirects.js';
import { hydratePage } from './render.js';
import { ensureLocationKey, restoreScroll, startScrollSaving } from './scroll.js';
import { registerServiceWorker, serviceWorkerState } from './service-worker.js';
import { createMessagesLoader } from './t9n.js';
import { watchTabs } from './tabs.js';
import { mountIslands } from './template-api.js';

export type { AppOptions } from './options.js';
export { pageDataUrl, pageKey } from './paths.js';
export { normalizeLocale } from './locale.js';
export { backoffDelay } from './fetch-retry.js';

/** The stored path of a status page: never "corrected" to the address it is shown at. */
const STATUS_PAGE = /^\/(404|500)(\/?|\.html)$/;

/**
 * If the page's stored path (its canonical link) differs from the address, e.g. `/documentation/maps` served
 * from `maps/index.html`, the address is replaced by the stored one without a reload.
 */
function correctStoredPath(prefix: string): void {
  const href = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (!href) return;
  const stored = new URL(href).pathname;
  if (!stored.startsWith(`${prefix}/`) || STATUS_PAGE.test(stored.slice(prefix.length))) return;
  if (stored !== location.pathname) history.replaceState(history.state, '', stored + location.search + location.hash);
}

/** Starts the app: load the current page's resources, hydrate, then take over navigation. */
export async function startApp(options: AppOptions): Promise<void> {
  const prefix = options.pathPrefix;
  setAssetPath(`${prefix}/calcite/`);
  applyStoredColorMode();
  const root = document.getElementById('___docsgen');
  if (!root) return;
  const redirect = redirectTarget(options.redirects, location.pathname, location.search);
  // a redirect whose target may not be loaded renders the page instead
  if (redirect && loadDocument(redirect + location.hash, 'replace')) return;
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

  const loader = new Loader(options, pageBuildHash());
  const page = await loader.loadPage(location.pathname + location.search);
  if (page.status !== 'success') {
    console.error(`page resources for ${location.pathname} not found. Not rendering React`);
    if (page.error) console.error(page.error.message);
    return;
  }
  if (reloadOnHashMismatch(page.webpackCompilationHash, loader.appHash)) return;
  // a matchPath page is shown at every address its pattern matches: the address is the reader's, kept
  if (!page.payload.matchPath) correctStoredPath(prefix);
  if (!page.notFound && !page.internalServerError && !page.payload.matchPath && prefix + page.payload.path !== location.pathname) {
    const stored = prefix + page.payload.path;
    if (!stored.includes('?')) history.replaceState(history.state, '', stored + location.search + location.hash);
  }

  const prefetcher = new Prefetcher(loader, prefix, () => pageKey(location.pathname + location.search, prefix));
  const rules = { locales: options.locales, defaultLocale: options.defaultLocale, localeAliases: options.localeAliases };
  hydratePage(root, page, location.pathname, () => {
    performance.mark('docsgen:interactive');
    ensureLocationKey('initial');
    requestAnimationFrame(() => restoreScroll(true));
    startScrollSaving();
    const navigate = startNavigation({ options, loader, root, prefetcher });
    prefetcher.observe(root);
    prefetcher.listenForHover();
    watchTabs(root);
    mountIslands(root);
    window.___docsgenRuntime = {
      navigate,
      loadPage: (path: string) => loader.loadPage(path),
      loadMessages: createMessagesLoader(`${prefix}/calcite/assets`, rules),
      normalizeLocale: (lang: string) => normalizeLocale(lang, rules),
      uiLocale: () => uiLocale(rules),
      fetchData,
      serviceWorker: serviceWorkerState,
      ...(options.search !== false ? searchRuntime(prefix, loader, options.searchDebounceMs ?? 250) : {}),
    };
    registerServiceWorker(prefix);
  });
}

/**
 * The site search for templates: `search(query)` (its engine loads on first use, in a chunk of its own) and the
 * delay the search box waits after typing stops (the component library's filter debounce).
 */
function searchRuntime(prefix: string, loader: Loader, debounceMs: number): Record<string, unknown> {
  let engine: Promise<(query: string) => Promise<unknown>> | null = null;
  const json = async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res.json();
  };
  const pageHtml = async (path: string) => {
    const page = await loader.loadPage(prefix + path);
    const html = page.status === 'success' ? page.payload.result.pageContext?.['html'] : null;
    return typeof html === 'string' ? html : null;
  };
  return {
    searchDebounceMs: debounceMs,
    search: async (query: string) => {
      engine ??= import('./search.js').then((m) => m.createSearch(`${prefix}/search`, { json, pageHtml }));
      return (await engine)(query);
    },
  };
}

declare global {
  interface Window {
    /** The runtime's public face for templates and tests (Gatsby's `___navigate`, `___loader`). */
    ___docsgenRuntime?: Record<string, unknown>;
  }
}
