// The image cache: optimized bytes keyed by sha1(source bytes + settings + pipeline version), so an
// unchanged image costs a hash and a copy on the next build, whatever its path or the output folder. Each entry
// carries the size and hash of its bytes (cache/checked-file.ts): a damaged entry is a miss, encoded again.
import path from 'node:path';
import { readChecked, writeChecked } from '../cache/index.js';

/** `<cacheDir>/<key><ext>` (cacheDir is e.g. `.docsgen-cache/images`): the cache entry of one optimized image. */
export function cachePath(cacheDir: string, key: string, ext: string): string {
  return path.join(cacheDir, `${key}${ext.toLowerCase()}`);
}

/**
 * The optimized bytes of a cache entry; null when there is none, or when it no longer holds the bytes written
 * (emptied, truncated, altered): the caller encodes the image again. The bytes checked are the bytes published,
 * so nothing can change them in between.
 */
export async function readCacheEntry(entry: string): Promise<Buffer | null> {
  return readChecked(entry);
}

/** Stores optimized bytes as a cache entry, with their size and hash. */
export async function writeCacheEntry(entry: string, bytes: Uint8Array): Promise<void> {
  await writeChecked(entry, bytes);
}
