// emitServiceWorker: documentation/sw.js with workbox-build's generateSW. The Workbox runtime is inlined
// into sw.js (no importScripts at all, so nothing is loaded from a CDN or another origin).
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSW } from 'workbox-build';
import type { Diagnostic, StageResult } from '../diagnostics/types.js';
import { swCodes } from './codes.js';
import { prefixDir } from './paths.js';
import { CACHE_NAMES, runtimeCaching } from './runtime-caching.js';

/** Options of emitServiceWorker. */
export interface EmitServiceWorkerOptions {
  /** The web root (`dist/public`). */
  publicDir: string;
  pathPrefix: string;
  /** The build's compilation hash; written into sw.js so every new build yields a new worker. */
  buildHash: string;
}

/** What the worker precaches, as counted by workbox-build. */
export interface PrecacheStats {
  files: number;
  bytes: number;
}

/** Largest file the worker precaches; the app bundle with React and the component library is large. */
export const MAX_PRECACHE_FILE_BYTES = 10 * 1024 * 1024;

/** Globs (relative to the prefix folder) of the app shell: bundles, styles, the 404 page, manifest and icons. */
export const PRECACHE_GLOBS = ['*.js', '*.css', '404.html', '404/index.html', 'manifest.webmanifest', 'icons/*.png'] as const;

/**
 * Writes `publicDir/<prefix>/sw.js`: precaches the app shell, caches pages and page-data NetworkFirst at run
 * time (a page read once reads again offline), waits for the page to ask before taking over (skipWaiting off:
 * the runtime sees 'installed' and makes the next navigation a full load), then claims its clients.
 */
export async function emitServiceWorker(opts: EmitServiceWorkerOptions): Promise<StageResult<{ file: string; precache: PrecacheStats }>> {
  const dir = prefixDir(opts.pathPrefix);
  const scopeDir = path.join(opts.publicDir, dir);
  const swFile = path.join(scopeDir, 'sw.js');
  const empty = { file: swFile, precache: { files: 0, bytes: 0 } };
  const diagnostics: Diagnostic[] = [];
  const scopeInfo = await stat(scopeDir).catch(() => null);
  if (!scopeInfo?.isDirectory()) {
    diagnostics.push({
      code: swCodes.SW_SITE_MISSING,
      severity: 'error',
      message: `no built site at ${scopeDir}`,
      hint: 'run `docsgen build` first, or pass --site with the web root (the folder that contains documentation/)',
    });
    return { diagnostics, outputs: empty, stats: empty.precache };
  }
  const rel = (p: string): string => (dir ? `${dir}/${p}` : p);
  const tmpFile = `${swFile}.${process.pid}.tmp.js`;
  let result;
  try {
    result = await generateSW({
      swDest: tmpFile,
      globDirectory: opts.publicDir,
      globPatterns: PRECACHE_GLOBS.map(rel),
      globIgnores: [rel('sw.js'), rel('sw.js.*'), rel('workbox-*.js'), '**/*.map', '**/*.tmp.js'],
      // precache URLs are site-absolute (`/documentation/app-….js`), whatever the worker's own location
      modifyURLPrefix: { '': '/' },
      // esbuild's names carry the content hash: no revision needed for them
      dontCacheBustURLsMatching: /-[0-9A-Za-z_]{8,}\.(js|css)$/,
      maximumFileSizeToCacheInBytes: MAX_PRECACHE_FILE_BYTES,
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
    });
    const body = await readFile(tmpFile, 'utf8');
    await writeFile(tmpFile, decorate(body, opts.buildHash));
    await rename(tmpFile, swFile);
  } catch (err) {
    await rm(tmpFile, { force: true });
    diagnostics.push({
      code: swCodes.SW_GENERATE_FAILED,
      severity: 'error',
      message: `cannot generate the service worker: ${((err as Error)?.message ?? String(err)).split('\n')[0]}`,
      location: { file: path.relative(opts.publicDir, swFile) || swFile, line: 1, column: 1 },
    });
    return { diagnostics, outputs: empty, stats: empty.precache };
  }
  // optional shell files (404/index.html, manifest, icons) may be absent: an unmatched glob is not a problem
  for (const warning of result.warnings.filter((w) => !w.includes("glob patterns doesn't match"))) {
    diagnostics.push({ code: swCodes.SW_WORKBOX_WARNING, severity: 'warning', message: warning.split('\n')[0]!, hint: 'that file is not precached; it is still cached when first requested' });
  }
  if (!(await hasAppBundle(scopeDir))) {
    diagnostics.push({
      code: swCodes.SW_NO_APP_SHELL,
      severity: 'warning',
      message: `no app bundle (app-<hash>.js) in ${scopeDir}: the worker precaches no app shell`,
      hint: 'emit the service worker after the client bundles are written',
    });
  }
  const precache = { files: result.count, bytes: result.size };
  return { diagnostics, outputs: { file: swFile, precache }, stats: precache };
}

async function hasAppBundle(scopeDir: string): Promise<boolean> {
  return (await readdir(scopeDir)).some((name) => /^app-.+\.js$/.test(name));
}

/**
 * Stamps the build hash (a new build is always a new worker, which is what the browser compares byte by byte)
 * and adds install-time warming of app-data: it is runtime-cached NetworkFirst rather than precached, because a
 * precached (cache-first) app-data would hide a new deploy's compilation hash from the runtime.
 */
function decorate(body: string, buildHash: string): string {
  return (
    `// docsgen service worker, build ${JSON.stringify(buildHash)}\n` +
    `self.__DOCSGEN_BUILD__ = ${JSON.stringify(buildHash)};\n` +
    body.trimEnd() +
    `\nself.addEventListener('install', (event) => {\n` +
    `  const url = new URL('page-data/app-data.json', self.registration.scope).href;\n` +
    `  event.waitUntil(caches.open(${JSON.stringify(CACHE_NAMES.pageData)}).then((cache) => cache.add(url)).catch(() => undefined));\n` +
    `});\n`
  );
}
