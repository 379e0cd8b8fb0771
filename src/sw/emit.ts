// emitServiceWorker: documentation/sw.js. Its code comes from workbox-build's generateSW (run once per docsgen
// and workbox-build version, then cached: worker-code.ts); each build adds its precache manifest, globbed and
// hashed as generateSW does (precache-manifest.ts), and its build hash. The Workbox runtime is inlined into
// sw.js (no importScripts at all, so nothing is loaded from a CDN or another origin).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic, StageResult } from '../diagnostics/index.js';
import { writeAtomic } from '../util/write-atomic.js';
import { swCodes } from './codes.js';
import { injectManifest } from './inject-manifest.js';
import { prefixDir } from './paths.js';
import { precacheManifest } from './precache-manifest.js';
import { CACHE_NAMES } from './runtime-caching.js';
import { workerCode, type WorkerCodeSource } from './worker-code.js';
import { precacheOptions } from './workbox-options.js';

export { MAX_PRECACHE_FILE_BYTES, PRECACHE_GLOBS } from './workbox-options.js';

/** Options of emitServiceWorker. */
export interface EmitServiceWorkerOptions {
  /** The web root (`dist/public`). */
  publicDir: string;
  pathPrefix: string;
  /** The build's compilation hash; written into sw.js so every new build yields a new worker. */
  buildHash: string;
  /**
   * Folder where the worker's generated code is kept between runs (`<project>/.docsgen-cache/sw`); safe to
   * delete. Without it the code is generated once per process (1-2 s) and kept in memory.
   */
  cacheDir?: string;
  /** Use the code docsgen's own build generated (lib/sw-code/) when the cache has none (default true). */
  builtInCode?: boolean;
}

/** What the worker precaches, as counted by workbox-build. */
export interface PrecacheStats {
  files: number;
  bytes: number;
}

/** Stats of one emit: the precache, and 1 when the worker's code had to be generated (1-2 s), else 0. */
export interface EmitServiceWorkerStats extends PrecacheStats {
  codeGenerated: 0 | 1;
  [name: string]: number;
}

/**
 * Writes `publicDir/<prefix>/sw.js`: precaches the app shell, caches pages and page-data NetworkFirst at run
 * time (a page read once reads again offline), waits for the page to ask before taking over (skipWaiting off:
 * the runtime sees 'installed' and makes the next navigation a full load), then claims its clients.
 */
export async function emitServiceWorker(
  opts: EmitServiceWorkerOptions,
): Promise<StageResult<{ file: string; precache: PrecacheStats }, EmitServiceWorkerStats>> {
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
    return { diagnostics, outputs: empty, stats: { ...empty.precache, codeGenerated: 0 } };
  }
  let manifest;
  let source: WorkerCodeSource;
  try {
    const [code, entries] = await Promise.all([workerCode({ cacheDir: opts.cacheDir, builtIn: opts.builtInCode !== false }), precacheManifest(precacheOptions(opts.publicDir, dir))]);
    manifest = entries;
    source = code.source;
    await writeAtomic(swFile, Buffer.from(decorate(injectManifest(code.code, entries.manifestEntries), opts.buildHash)));
  } catch (err) {
    diagnostics.push({
      code: swCodes.SW_GENERATE_FAILED,
      severity: 'error',
      message: `cannot generate the service worker: ${((err as Error)?.message ?? String(err)).split('\n')[0]}`,
      location: { file: path.relative(opts.publicDir, swFile) || swFile, line: 1, column: 1 },
    });
    return { diagnostics, outputs: empty, stats: { ...empty.precache, codeGenerated: 0 } };
  }
  // optional shell files (404/index.html, manifest, icons) may be absent: an unmatched glob is not a problem
  for (const warning of manifest.warnings.filter((w) => !w.includes("glob patterns doesn't match"))) {
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
  const precache = { files: manifest.count, bytes: manifest.size };
  return { diagnostics, outputs: { file: swFile, precache }, stats: { ...precache, codeGenerated: source === 'generated' ? 1 : 0 } };
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
