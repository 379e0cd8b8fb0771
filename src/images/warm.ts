// Encodes images into the image cache ahead of optimizeImages. A build knows which images its pages show only
// once they have rendered, and encoding then is the build's tail: 20 screenshots took 0.5 s of a 4,000-page
// build, with the other core idle. Started from discovery's hints (content/image-hints.ts), the same work runs
// while the build is still starting up, and optimizeImages finds every entry cached.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachePath, writeCacheEntry } from './cache.js';
import { encodeImage } from './encode.js';
import { mapLimit } from '../util/map-limit.js';
import { mayBeSvg } from './publish-svg.js';
import { hashImage, imageHashOf, type ImageSettings } from './settings.js';

/** An image to encode ahead, with the hash of its bytes (hashBytes) when the caller knows it. */
export interface WarmJob {
  source: string;
  contentHash?: string;
}

export interface WarmImagesOptions extends ImageSettings {
  /** The image cache folder, as given to optimizeImages. */
  cacheDir: string;
  /** Encodes at once; default 1, so the warm-up takes one core's worth of sharp's threads, not the build's. */
  concurrency?: number;
}

/**
 * Puts the optimized bytes of each image in the cache unless they are there already; one encode per distinct
 * content. Never throws: a missing or corrupt image is left for optimizeImages to report where it is
 * referenced. Resolves to the number of images encoded.
 */
export async function warmImageCache(jobs: readonly WarmJob[], opts: WarmImagesOptions): Promise<number> {
  return encodeIntoCache(uncached(jobs, opts), opts);
}

/**
 * The encoding half of warmImageCache, for jobs `uncached` has already filtered (the child process of
 * warmImageCacheAside gets them so). Still checks each entry once its bytes are read: a job without a known
 * hash, or a copy of one encoded a moment ago, may turn out cached.
 */
export async function encodeIntoCache(jobs: readonly WarmJob[], opts: WarmImagesOptions): Promise<number> {
  const settings: ImageSettings = { maxWidth: opts.maxWidth, quality: opts.quality };
  const started = new Set<string>();
  let encoded = 0;
  await mapLimit(jobs, opts.concurrency ?? 1, async ({ source }) => {
    try {
      const bytes = await readFile(source);
      // SVGs are not cached: optimizeImages sanitizes them on every run (see publish-svg.ts)
      if (mayBeSvg(bytes)) return;
      const entry = cachePath(opts.cacheDir, hashImage(bytes, settings), path.extname(source));
      if (started.has(entry) || existsSync(entry)) return;
      started.add(entry);
      await writeCacheEntry(entry, await encodeImage(bytes, settings, source, source));
      encoded++;
    } catch {
      // reported, if it is referenced at all, by optimizeImages
    }
  });
  return encoded;
}

/**
 * The jobs whose entry may be missing: with known hashes, copies of one picture are one job and cached ones
 * none, before any file is read.
 */
function uncached(jobs: readonly WarmJob[], opts: WarmImagesOptions): WarmJob[] {
  const keys = new Set<string>();
  return jobs.filter(({ source, contentHash }) => {
    // SVGs are never cached (see encodeIntoCache)
    if (/\.svgz?$/i.test(source)) return false;
    if (contentHash === undefined) return true;
    const key = imageHashOf(contentHash, opts);
    if (keys.has(key)) return false;
    keys.add(key);
    return !existsSync(cachePath(opts.cacheDir, key, path.extname(source)));
  });
}

const CHILD = fileURLToPath(new URL('./warm-process.js', import.meta.url));

/**
 * warmImageCache in a child process, for a build. In the build's own process, libvips and the thread pool
 * keep the memory of the encodes (glibc keeps freed memory in per-thread arenas): +75 MB at the build's peak,
 * which comes later, while it renders. A child gives all of it back when it exits, and with one malloc arena
 * it peaks at 90 MB instead of 150 (20 screenshots, as fast). Runs in this process when there is no compiled
 * child (docsgen run from its TypeScript sources). Never rejects.
 */
export async function warmImageCacheAside(jobs: readonly WarmJob[], opts: WarmImagesOptions): Promise<number> {
  const todo = uncached(jobs, opts);
  if (todo.length === 0) return 0;
  if (!existsSync(CHILD)) return encodeIntoCache(todo, opts);
  return new Promise<number>((resolve) => {
    let count = 0;
    const child = fork(CHILD, [], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      execArgv: [],
      serialization: 'advanced',
      env: { ...process.env, MALLOC_ARENA_MAX: '1' },
    });
    child.on('message', (n) => (count = Number(n) || 0));
    child.on('error', () => resolve(count));
    child.on('exit', () => resolve(count));
    child.send({ jobs: todo, opts });
  });
}
