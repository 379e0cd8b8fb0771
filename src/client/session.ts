// What both runtimes (the React app, index.ts, and the islands runtime, islands.ts) do alike: open the page (color
// mode, a redirect of this address, scroll restoration) and, once the first page's data is in, settle the address
// bar and offer the site search.
import { applyStoredColorMode } from './color-mode.js';
import { fetchData } from './data.js';
import { loadDocument } from './load-document.js';
import type { LoadedPage, Loader } from './loader.js';
import { normalizeLocale, uiLocale } from './locale.js';
import type { Navigate } from './navigate.js';
import type { AppOptions } from './options.js';
import { redirectTarget } from './redirects.js';
import { serviceWorkerState } from './service-worker.js';
import { createMessagesLoader } from './t9n.js';

/**
 * The start both runtimes share: the stored color mode, the page's root, a redirect of this address (a full load
 * of its target), scroll restoration by the runtime. Null when there is no root or the page is being redirected.
 */
export function openPage(options: AppOptions): HTMLElement | null {
  applyStoredColorMode();
  const root = document.getElementById('___docsgen');
  if (!root) return null;
  const redirect = redirectTarget(options.redirects, location.pathname, location.search);
  // a redirect whose target may not be loaded renders the page instead
  if (redirect && loadDocument(redirect + location.hash, 'replace')) return null;
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  return root;
}

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

/** Puts the first page's stored path in the address bar (a matchPath page keeps the reader's address). */
export function settleAddress(page: LoadedPage, prefix: string): void {
  if (page.payload.matchPath) return;
  correctStoredPath(prefix);
  if (!page.notFound && !page.internalServerError && prefix + page.payload.path !== location.pathname) {
    const stored = prefix + page.payload.path;
    if (!stored.includes('?')) history.replaceState(history.state, '', stored + location.search + location.hash);
  }
}

/**
 * The site search for templates: `search(query)` (its engine loads on first use, in a chunk of its own) and the
 * delay the search box waits after typing stops (the component library's filter debounce). `pageHtml` gives a
 * page's article HTML for excerpts.
 */
export function searchRuntime(prefix: string, pageHtml: (path: string) => Promise<string | null>, debounceMs: number): Record<string, unknown> {
  let engine: Promise<(query: string) => Promise<unknown>> | null = null;
  const json = async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res.json();
  };
  return {
    searchDebounceMs: debounceMs,
    search: async (query: string) => {
      engine ??= import('./search.js').then((m) => m.createSearch(`${prefix}/search`, { json, pageHtml }));
      return (await engine)(query);
    },
  };
}

/** The runtime's public face for templates and tests (`window.___docsgenRuntime`), alike in both runtimes. */
export function runtimeFace(options: AppOptions, loader: Loader, navigate: Navigate, pageHtml: (path: string) => Promise<string | null>): Record<string, unknown> {
  const prefix = options.pathPrefix;
  const rules = { locales: options.locales, defaultLocale: options.defaultLocale, localeAliases: options.localeAliases };
  return {
    navigate,
    loadPage: (path: string) => loader.loadPage(path),
    loadMessages: createMessagesLoader(`${prefix}/calcite/assets`, rules),
    normalizeLocale: (lang: string) => normalizeLocale(lang, rules),
    uiLocale: () => uiLocale(rules),
    fetchData,
    serviceWorker: serviceWorkerState,
    ...(options.search !== false ? searchRuntime(prefix, pageHtml, options.searchDebounceMs ?? 250) : {}),
  };
}
