import { readFile, stat } from 'node:fs/promises';
import { hashBytes } from './hash.js';

// Images are shared by many pages: hash each file once per process, and again only when its size or mtime changes.
const known = new Map<string, { size: number; mtimeMs: number; hash: Promise<string | null> }>();

/** Hash of an image file's bytes (null when it cannot be read): a cached page is valid only while its images are unchanged. */
export async function hashImageFile(file: string): Promise<string | null> {
  const s = await stat(file).catch(() => null);
  if (!s) return null;
  const k = known.get(file);
  if (k && k.size === s.size && k.mtimeMs === s.mtimeMs) return k.hash;
  const hash = readFile(file).then(
    (b) => hashBytes(b),
    () => null,
  );
  known.set(file, { size: s.size, mtimeMs: s.mtimeMs, hash });
  return hash;
}
