import { createHash } from 'node:crypto';

/** Hash of strings or bytes for cache keys: sha256, hex, shortened (collisions across one site are not a concern at 80 bits). */
export function cacheKey(...parts: Array<string | Uint8Array>): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 20);
}

/** Hash of a file's bytes, as the fingerprint stamps and the page cache's image entries record it (the same value). */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 20);
}
