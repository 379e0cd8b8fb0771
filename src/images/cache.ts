// The image cache: optimized bytes keyed by sha1(source bytes + settings + pipeline version), so an
// unchanged image costs a hash and a copy on the next build, whatever its path or the output folder.
import { randomBytes } from 'node:crypto';
import { copyFile, constants, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `<cacheDir>/<key><ext>` (cacheDir is e.g. `.docsgen-cache/images`): the cache entry of one optimized image. */
export function cachePath(cacheDir: string, key: string, ext: string): string {
  return path.join(cacheDir, `${key}${ext.toLowerCase()}`);
}

/** Copies a cache entry to its output (whose folder exists); false when there is no such entry. Reflinks where it can. */
export async function copyFromCache(entry: string, target: string): Promise<boolean> {
  try {
    await copyFile(entry, target, constants.COPYFILE_FICLONE);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Writes a file through a temporary name and a rename, so a crash never leaves a half-written entry. */
export async function writeAtomic(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
