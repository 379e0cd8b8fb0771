import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

/** Hash of strings or bytes for cache keys: sha256, hex, shortened (collisions across one site are not a concern at 80 bits). */
export function cacheKey(...parts: Array<string | Uint8Array>): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 20);
}

/**
 * Hash of a file's bytes, as the fingerprint stamps and the page cache's image entries record it (the same value);
 * a text is hashed as its UTF-8 bytes, so a render thread checks the text it read against a page's stamp.
 */
export function hashBytes(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 20);
}

/** A file's key in the fingerprint's stamps (FileStamps): its path relative to the project root, with `/`. */
export function stampKey(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/**
 * A file stamp's hash (see FileStamps in fingerprint.ts) while the file still has the size and mtime the stamp
 * was taken at, else undefined. Here rather than in fingerprint.ts: render threads use it, and need no file walker.
 */
export function stampedHash(stamp: readonly [size: number, mtimeMs: number, hash: string] | undefined, size: number, mtimeMs: number): string | undefined {
  return stamp && stamp[0] === size && stamp[1] === mtimeMs ? stamp[2] : undefined;
}

// One buffer for all synchronous file hashing: reading each file into a new Buffer touches fresh memory, and
// on a VM that costs more than the read (4,000 pages' inputs: 350 ms in new Buffers, 90 ms in this one).
let chunk: Buffer | null = null;

/** hashBytes of a file's bytes, read synchronously through one reused buffer. */
export function hashFileSync(file: string): string {
  chunk ??= Buffer.allocUnsafeSlow(1 << 20);
  const h = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    let n: number;
    while ((n = readSync(fd, chunk, 0, chunk.length, null)) > 0) h.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return h.digest('hex').slice(0, 20);
}

/**
 * Whether a file still holds the bytes it was written with (their size and hashBytes); false when it is gone.
 * Synchronous, through the shared buffer: checking a thousand pages' files this way took a third of the time
 * of promise reads here.
 */
export function fileMatches(file: string, size: number, hash: string): boolean {
  chunk ??= Buffer.allocUnsafeSlow(1 << 20);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    if (fstatSync(fd).size !== size) return false;
    const h = createHash('sha256');
    let n: number;
    let total = 0;
    while ((n = readSync(fd, chunk, 0, chunk.length, null)) > 0) {
      h.update(chunk.subarray(0, n));
      total += n;
    }
    return total === size && h.digest('hex').slice(0, 20) === hash;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * A file's text (by default UTF-8, as `readFileSync(file, 'utf8')` decodes it; `decode` is given a view of
 * the shared buffer, valid only during the call) and the hashBytes of its bytes, from one read through the
 * shared buffer: the Markdown pages are read once for both their frontmatter and their stamp.
 */
export function readHashedSync<T = string>(file: string, decode: (bytes: Buffer) => T = utf8 as (bytes: Buffer) => T): { text: T; hash: string } {
  chunk ??= Buffer.allocUnsafeSlow(1 << 20);
  const h = createHash('sha256');
  const fd = openSync(file, 'r');
  let bytes: Buffer;
  try {
    let length = 0;
    let n: number;
    let big: Buffer[] | null = null;
    while ((n = readSync(fd, chunk, length, chunk.length - length, null)) > 0) {
      length += n;
      if (length === chunk.length) {
        // larger than the buffer (a megabyte of Markdown): keep a copy and read on
        (big ??= []).push(Buffer.from(chunk));
        length = 0;
      }
    }
    bytes = big ? Buffer.concat([...big, chunk.subarray(0, length)]) : chunk.subarray(0, length);
    h.update(bytes);
  } finally {
    closeSync(fd);
  }
  return { text: decode(bytes), hash: h.digest('hex').slice(0, 20) };
}

const utf8 = (bytes: Buffer): string => bytes.toString('utf8');
