// The islands runtime (partial hydration, issue 24): what pages of an islands template load instead of the React
// app. The page stays the server's HTML; only its islands (templates/README.md) come alive, and client navigation
// fetches each page's `page-data-rsc.json` and its document, and swaps the next page's regions in. The seed's
// loader rules, prefetching, scroll restoration, announcements, build-hash reload and service worker work as in
// the app.
import { pageBuildHash, reloadOnHashMismatch } from './compilation-hash.js';
import { fetchData } from './data.js';
import { Loader } from './loader.js';
import { startNavigation } from './navigate.js';
import type { AppOptions } from './options.js';
import { pageKey } from './paths.js';
import { Prefetcher } from './prefetch.js';
import { ensureLocationKey, restoreScroll, startScrollSaving } from './scroll.js';
import { registerServiceWorker } from './service-worker.js';
import { openPage, runtimeFace, settleAddress } from './session.js';
import { swapRegions } from './swap.js';
import { watchTabs } from './tabs.js';
import { mountIslands, startPartialHydration } from './template-api.js';

/** Starts the islands runtime: the page's -rsc data, its islands, then client navigation. */
export async function startIslands(options: AppOptions): Promise<void> {
  const prefix = options.pathPrefix;
  const root = openPage(options);
  if (!root) return;

  startPartialHydration();
  const loader = new Loader(options, pageBuildHash(), true);
  // the page's server HTML as it came (before any island changes it): its record's HTML, not fetched again
  const shown = root.innerHTML;
  // the islands start at once: the page's own data is only needed for the build-hash check and the address
  mountIslands(root);
  const page = await loader.loadPage(location.pathname + location.search, shown);
  if (page.status !== 'success') {
    console.error(`page resources for ${location.pathname} not found`);
    return;
  }
  if (reloadOnHashMismatch(page.webpackCompilationHash, loader.appHash)) return;
  settleAddress(page, prefix);

  performance.mark('docsgen:interactive');
  ensureLocationKey('initial');
  requestAnimationFrame(() => restoreScroll(true));
  startScrollSaving();
  const prefetcher = new Prefetcher(loader, prefix, () => pageKey(location.pathname + location.search, prefix));
  const navigate = startNavigation({ options, loader, root, prefetcher, show: (next) => swapRegions(root, next.rsc!.html) });
  prefetcher.observe(root);
  prefetcher.listenForHover();
  watchTabs(root);
  window.___docsgenRuntime = runtimeFace(options, loader, navigate, async (path) => {
    const next = await loader.loadPage(prefix + path);
    if (next.status !== 'success' || !next.rsc) return null;
    const template = document.createElement('template');
    template.innerHTML = next.rsc.html;
    return template.content.querySelector('.article-body')?.innerHTML ?? null;
  });
  // the shared data islands may need (the navigation tree for its closed groups), fetched once when asked for
  window.___docsgenRuntime.staticData = async (key: string) => {
    for (const hash of page.rsc?.staticQueryHashes ?? []) {
      const json = await fetchData<{ data?: Record<string, unknown> }>(`${prefix}/page-data/sq/d/${hash}.json`);
      if (json.data && key in json.data) return json.data[key];
    }
    return undefined;
  };
  registerServiceWorker(prefix);
}
