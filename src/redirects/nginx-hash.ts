// Sizes for nginx's `map` hash, computed the way nginx builds it (src/core/ngx_hash.c, ngx_hash_init), so that the
// generated config loads without "could not build optimal map_hash" at any number of keys: the same key hash, the
// same element size, the same search for a table size, run here before nginx runs it.

const POINTER = 8; // sizeof(void *) on the 64-bit builds Debian ships
const encoder = new TextEncoder();
const TWO32 = 2 ** 32;

/** `map_hash_max_size` and `map_hash_bucket_size` for a map whose exact keys are `keys`. */
export interface NginxHashSizes {
  maxSize: number;
  bucketSize: number;
}

/** NGX_HASH_ELT_SIZE: a pointer, the key length (u_short) and the key, aligned to a pointer. */
function elementSize(len: number): number {
  return POINTER + (Math.ceil((len + 2) / POINTER) * POINTER);
}

/** ngx_hash_key over the key nginx stores (ASCII-lower-cased, as ngx_hash_add_key does), as two 32-bit halves. */
function keyHash(bytes: Uint8Array): [number, number] {
  // key * 31 + c modulo 2^64, in two exact 32-bit halves (every product stays below 2^53)
  let hi = 0;
  let lo = 0;
  for (const b of bytes) {
    const l = lo * 31 + (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);
    const carry = Math.floor(l / TWO32);
    lo = l - carry * TWO32;
    hi = (hi * 31 + carry) % TWO32;
  }
  return [hi, lo];
}

/**
 * The table size nginx settles on (its loop: the first size from `start` up to `maxSize` where no bucket overflows),
 * or null when none fits, which is when nginx warns.
 */
function findSize(hashes: Array<[number, number]>, sizes: number[], maxSize: number, bucketSize: number): number | null {
  const usable = bucketSize - POINTER;
  const n = hashes.length;
  let start = Math.floor(n / Math.floor(usable / (2 * POINTER))) || 1;
  if (maxSize > 10000 && n && Math.floor(maxSize / n) < 100) start = maxSize - 1000;
  const test = new Uint16Array(maxSize);
  next: for (let size = start; size <= maxSize; size++) {
    test.fill(0, 0, size);
    const hi = TWO32 % size;
    for (let i = 0; i < n; i++) {
      const [h, l] = hashes[i]!;
      const k = ((h % size) * hi + l) % size;
      const len = test[k]! + sizes[i]!;
      if (len > usable) continue next;
      test[k] = len;
    }
    return size;
  }
  return null;
}

/**
 * Hash sizes under which nginx builds the map of `keys` without a warning: a bucket holds at least eight of the
 * longest key (powers of two from 128), and the max size is a power of two from 2048, at least twice the keys, for
 * which the search, simulated here exactly as nginx runs it, finds a table (doubled until it does). Past 10,000
 * nginx only tries the last 1,000 sizes, where buckets average under one key: the first size tried fits.
 */
export function nginxHashSizes(keys: readonly string[]): NginxHashSizes {
  const bytes = keys.map((k) => encoder.encode(k));
  const sizes = bytes.map((b) => elementSize(b.length));
  const longest = Math.max(0, ...sizes);
  let bucketSize = 128;
  while (bucketSize < POINTER + 8 * longest) bucketSize *= 2;
  const hashes = bytes.map(keyHash);
  let maxSize = 2048;
  while (maxSize < 2 * keys.length) maxSize *= 2;
  for (; ; maxSize *= 2) {
    if (findSize(hashes, sizes, maxSize, bucketSize) !== null) return { maxSize, bucketSize };
    // never loop for ever on a pathological input: nginx would then warn, not fail
    if (maxSize > 64 * Math.max(1, keys.length)) return { maxSize, bucketSize: bucketSize * 2 };
  }
}
