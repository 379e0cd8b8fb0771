// The browser runtime's entry: hydrates the server-rendered page, then navigates client-side with the seed's
// loader, prefetching, scroll restoration, announcements, service worker and translations.
import { setAssetPath } from '@esri/calcite-components';
import { pageBuildHash, reloadOnHashMismatch } from './compilation-hash.js';
import { Loader } from './loader.js';
import { startNavigation } from './navigate.js';
import type { AppOptions } from './options.js';
import { pageKey } from './paths.js';
import { Prefetcher } from './prefetch.js';
import { hydratePage, showPage } from './render.js';
import { ensureLocationKey, restoreScroll, startScrollSaving } from './scroll.js';
import { openPage, runtimeFace, settleAddress } from './session.js';
import { registerServiceWorker } from './service-worker.js';
import { watchTabs } from './tabs.js';
import { mountIslands } from './template-api.js';

export type { AppOptions } from './options.js';
export { pageDataUrl, pageKey } from './paths.js';
export { normalizeLocale } from './locale.js';
export { backoffDelay } from './fetch-retry.js';

/** Starts the app: load the current page's resources, hydrate, then take over navigation. */
export async function startApp(options: AppOptions): Promise<void> {
  const prefix = options.pathPrefix;
  setAssetPath(`${prefix}/calcite/`);
  const root = openPage(options);
  if (!root) return;

  const loader = new Loader(options, pageBuildHash());
  const page = await loader.loadPage(location.pathname + location.search);
  if (page.status !== 'success') {
    console.error(`page resources for ${location.pathname} not found. Not rendering React`);
    if (page.error) console.error(page.error.message);
    return;
  }
  if (reloadOnHashMismatch(page.webpackCompilationHash, loader.appHash)) return;
  settleAddress(page, prefix);

  const prefetcher = new Prefetcher(loader, prefix, () => pageKey(location.pathname + location.search, prefix));
  hydratePage(root, page, location.pathname, () => {
    performance.mark('docsgen:interactive');
    ensureLocationKey('initial');
    requestAnimationFrame(() => restoreScroll(true));
    startScrollSaving();
    const navigate = startNavigation({ options, loader, root, prefetcher, show: showPage });
    prefetcher.observe(root);
    prefetcher.listenForHover();
    watchTabs(root);
    mountIslands(root);
    window.___docsgenRuntime = runtimeFace(options, loader, navigate, pageHtmlFrom(loader, prefix));
    registerServiceWorker(prefix);
  });
}

/** The article HTML of a page for search excerpts, from its page-data. */
function pageHtmlFrom(loader: Loader, prefix: string): (path: string) => Promise<string | null> {
  return async (path) => {
    const page = await loader.loadPage(prefix + path);
    const html = page.status === 'success' ? page.payload.result?.pageContext?.['html'] : null;
    return typeof html === 'string' ? html : null;
  };
}

declare global {
  interface Window {
    /** The runtime's public face for templates and tests (Gatsby's `___navigate`, `___loader`). */
    ___docsgenRuntime?: Record<string, unknown>;
  }
}
