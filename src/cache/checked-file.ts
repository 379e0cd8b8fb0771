// Cache files that carry their own size and hash: `docsgen-checked <size> <hash>\n` then the bytes. A file that
// was emptied, truncated or bit-flipped since it was written reads as missing, so the build makes it again
// instead of publishing or trusting damaged bytes; the user never sees an error for it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashBytes } from './hash.js';

const MAGIC = 'docsgen-checked';
/** The header is short: a size and a 20-digit hash. */
const MAX_HEADER = 64;

/** `bytes` with the header that lets checkedBytes verify them. */
export function withChecksum(bytes: Uint8Array, hash = hashBytes(bytes)): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC} ${bytes.length} ${hash}\n`), bytes]);
}

/** The bytes a withChecksum file holds, or null when it is not one or they changed since it was written. */
export function checkedBytes(file: Buffer): Buffer | null {
  return checkedBytesAndHash(file)?.bytes ?? null;
}

/** checkedBytes, with the hash its header holds: it names that content (a file written later refers to it by it). */
function checkedBytesAndHash(file: Buffer): { bytes: Buffer; hash: string } | null {
  const eol = file.subarray(0, MAX_HEADER).indexOf(10);
  if (eol < 0) return null;
  const m = /^docsgen-checked (\d+) ([0-9a-f]{20})$/.exec(file.toString('latin1', 0, eol));
  if (!m) return null;
  const bytes = file.subarray(eol + 1);
  return bytes.length === Number(m[1]) && hashBytes(bytes) === m[2] ? { bytes, hash: m[2] } : null;
}

/**
 * Writes a checked file through a temporary name and a rename: a reader sees the old file or the new, whole.
 * Returns the hash its header holds (what readCheckedJsonAndHash gives back for it).
 */
export async function writeChecked(file: string, bytes: Uint8Array | string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const body = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  const hash = hashBytes(body);
  try {
    await writeFile(tmp, withChecksum(body, hash));
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return hash;
}

/** Text gathered into buffers of about this many characters by writeCheckedParts. */
const PART_CHUNK = 1 << 20;

/**
 * writeChecked of the concatenation of `parts`, without ever holding it as one string or one buffer: a large
 * cache file (megabytes of link checks) written whole would hold three copies of it at once at the build's peak.
 * `file` may be named by the hash (a file kept under its content's name); `tmp`: the temporary name to write
 * through, when its owner clears stale ones by it.
 */
export async function writeCheckedParts(file: string | ((hash: string) => string), parts: Iterable<string>, tmp?: string): Promise<string> {
  const h = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  let text = '';
  const flush = () => {
    const b = Buffer.from(text);
    h.update(b);
    chunks.push(b);
    size += b.length;
    text = '';
  };
  for (const part of parts) {
    text += part;
    if (text.length >= PART_CHUNK) flush();
  }
  flush();
  // the same header withChecksum writes (hashBytes is this sha256, hex, 20 digits)
  const hash = h.digest('hex').slice(0, 20);
  chunks.unshift(Buffer.from(`${MAGIC} ${size} ${hash}\n`));
  const target = typeof file === 'string' ? file : file(hash);
  await mkdir(path.dirname(target), { recursive: true });
  const through = tmp ?? `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(through, chunks);
    await rename(through, target);
  } catch (err) {
    await rm(through, { force: true });
    throw err;
  }
  return hash;
}

/** The bytes of a checked file; null when it is missing, unreadable or damaged (a cache miss). */
export async function readChecked(file: string): Promise<Buffer | null> {
  const raw = await readFile(file).catch(() => null);
  return raw === null ? null : checkedBytes(raw);
}

/** The bytes of a checked file with the hash its header holds; null when it is missing, unreadable or damaged. */
export async function readCheckedAndHash(file: string): Promise<{ bytes: Buffer; hash: string } | null> {
  const raw = await readFile(file).catch(() => null);
  return raw === null ? null : checkedBytesAndHash(raw);
}

/** A checked file holding JSON, parsed; null when it is missing, damaged or not JSON. */
export async function readCheckedJson<T>(file: string): Promise<T | null> {
  return (await readCheckedJsonAndHash<T>(file))?.value ?? null;
}

/** readCheckedJson, with the hash of the file's content (as writeChecked returned it). */
export async function readCheckedJsonAndHash<T>(file: string): Promise<{ value: T; hash: string } | null> {
  const raw = await readFile(file).catch(() => null);
  const checked = raw === null ? null : checkedBytesAndHash(raw);
  if (checked === null) return null;
  try {
    return { value: JSON.parse(checked.bytes.toString('utf8')) as T, hash: checked.hash };
  } catch {
    return null;
  }
}
