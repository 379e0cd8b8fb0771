// The workbox-build options of the worker, split in two: what decides the worker's *code* (the same for every
// build of one docsgen version) and what decides its *precache manifest* (globbed and hashed on every build).
// Both the fast path (cached code + getManifest) and the full generateSW path use these, so they cannot drift.
import type { GenerateSWOptions } from 'workbox-build';
import { runtimeCaching } from './runtime-caching.js';

/** Largest file the worker precaches; the app bundle with React and the component library is large. */
export const MAX_PRECACHE_FILE_BYTES = 10 * 1024 * 1024;

/** Globs (relative to the prefix folder) of the app shell: bundles, styles, the 404 page, manifest and icons. */
export const PRECACHE_GLOBS = ['*.js', '*.css', '404.html', '404/index.html', 'manifest.webmanifest', 'icons/*.png'] as const;

/** The options that choose which files are precached and how their entries read (URL, revision). */
export interface PrecacheOptions {
  globDirectory: string;
  globPatterns: string[];
  globIgnores: string[];
  modifyURLPrefix: Record<string, string>;
  dontCacheBustURLsMatching: RegExp;
  maximumFileSizeToCacheInBytes: number;
}

/** Precache options for the web root `publicDir` whose worker lives in the folder `dir` (`documentation`, or `` at the root). */
export function precacheOptions(publicDir: string, dir: string): PrecacheOptions {
  const rel = (p: string): string => (dir ? `${dir}/${p}` : p);
  return {
    globDirectory: publicDir,
    globPatterns: PRECACHE_GLOBS.map(rel),
    globIgnores: [rel('sw.js'), rel('sw.js.*'), rel('workbox-*.js'), '**/*.map', '**/*.tmp.js'],
    // precache URLs are site-absolute (`/documentation/app-….js`), whatever the worker's own location
    modifyURLPrefix: { '': '/' },
    // esbuild's names carry the content hash: no revision needed for them
    dontCacheBustURLsMatching: /-[0-9A-Za-z_]{8,}\.(js|css)$/,
    maximumFileSizeToCacheInBytes: MAX_PRECACHE_FILE_BYTES,
  };
}

/** The generateSW options baked into the worker's code; nothing here depends on the site or the build. */
export type CodeOptions = Omit<GenerateSWOptions, 'swDest' | 'globDirectory' | 'globPatterns' | 'globIgnores' | keyof PrecacheOptions>;

/** The worker's behaviour: inlined runtime (no importScripts, nothing from another origin), waits to take over, claims clients. */
export function codeOptions(): CodeOptions {
  return {
    cacheId: 'docsgen',
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    navigationPreload: false,
    disableDevLogs: true,
    // a query string (e.g. the runtime's `?v=`) must not defeat the precache
    ignoreURLParametersMatching: [/^v$/, /^utm_/, /^fbclid$/],
    runtimeCaching: runtimeCaching(),
  };
}
