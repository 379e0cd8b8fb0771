// Runtime routes of the worker. generateSW serializes each matcher with Function#toString into sw.js, so a
// matcher cannot close over variables: they are built from source text here, and read the path prefix from
// the worker's own scope at run time. Every matcher requires the request's origin to be the worker's own,
// so the worker never answers, caches or fetches anything cross-origin.
import type { RuntimeCaching } from 'workbox-build';

/** Cache names (stable across builds, so pages read under one build stay readable offline under the next). */
export const CACHE_NAMES = {
  pages: 'docsgen-pages',
  pageData: 'docsgen-page-data',
  immutable: 'docsgen-immutable',
  assets: 'docsgen-assets',
  search: 'docsgen-search',
} as const;

/** Seconds a NetworkFirst request waits for the network before it answers from the cache. */
export const NETWORK_TIMEOUT_SECONDS = 4;

type Matcher = Extract<RuntimeCaching['urlPattern'], (...args: never[]) => unknown>;

function matcher(condition: string): Matcher {
  // eslint-disable-next-line no-new-func -- the body is our own constant text, serialized into sw.js
  return new Function(
    '{ request, url }',
    `const scope = new URL(self.registration.scope).pathname;\n` +
      `const rel = url.pathname.slice(scope.length);\n` +
      `return url.origin === self.location.origin && url.pathname.startsWith(scope) && (${condition});`,
  ) as Matcher;
}

/** The runtime caching rules, most specific first (Workbox uses the first route that matches). */
export function runtimeCaching(): RuntimeCaching[] {
  return [
    {
      // pages under the prefix: fresh when online, the last copy read when offline; also a page's document that
      // the islands runtime fetches for client navigation (it asks for HTML), in the same cache
      urlPattern: matcher(`request.mode === 'navigate' || (request.headers.get('accept') || '').startsWith('text/html')`),
      handler: 'NetworkFirst',
      options: {
        cacheName: CACHE_NAMES.pages,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 300 },
      },
    },
    {
      // page-data (and its -rsc variant), app-data, static queries and slices: the runtime needs them to render a page
      urlPattern: matcher(`/^(page-data|slice-data)\\/.*\\.json$/.test(rel)`),
      handler: 'NetworkFirst',
      options: {
        cacheName: CACHE_NAMES.pageData,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 600 },
      },
    },
    {
      // the search index's manifest: fresh when online, so it never names shards a newer build removed
      urlPattern: matcher(`rel === 'search/index.json'`),
      handler: 'NetworkFirst',
      options: { cacheName: CACHE_NAMES.search, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 400 } },
    },
    {
      // its shards and blocks are named by their content's hash: cached as queries use them, never precached whole
      urlPattern: matcher(`/^search\\/[a-z]\\/[0-9a-f]+\\.json$/.test(rel)`),
      handler: 'CacheFirst',
      options: { cacheName: CACHE_NAMES.search, cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 400 } },
    },
    {
      // content-hashed bundles (top level, `name-<hash>.js`) and optimized images never change under one URL
      urlPattern: matcher(`/^[^/]+-[0-9A-Za-z_]{8,}\\.(js|css)$/.test(rel) || rel.startsWith('static/')`),
      handler: 'CacheFirst',
      options: { cacheName: CACHE_NAMES.immutable, cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 500, maxAgeSeconds: 60 * 60 * 24 * 365 } },
    },
    {
      // the rest of the site's files (component-library assets, icons, manifest): served at once, refreshed behind
      urlPattern: matcher(`request.mode !== 'navigate' && rel !== 'sw.js'`),
      handler: 'StaleWhileRevalidate',
      options: { cacheName: CACHE_NAMES.assets, cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 1000 } },
    },
  ];
}
