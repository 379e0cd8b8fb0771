// The fingerprint of everything a build reads from the project. Equal fingerprints (and an intact output)
// mean a rebuild would write the same bytes, so the build can stop before doing anything.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { hashFileSync, stampedHash, stampKey } from './hash.js';

/** Per input file: size, modification time and content hash, so unchanged files are not read again. */
export type FileStamps = Record<string, [size: number, mtimeMs: number, hash: string]>;

/** Hashes every file under `dirs` and the single `files`, reusing `previous` hashes of files whose size and mtime did not change. */
export async function fingerprintInputs(root: string, dirs: string[], files: string[], previous: FileStamps = {}): Promise<{ fingerprint: string; stamps: FileStamps }> {
  const entries: Array<{ rel: string; size: number; mtimeMs: number }> = [];
  for (const dir of dirs) {
    // synchronous: fast-glob's async walk costs 3x more here (thousands of folders, one callback round trip each)
    let found: fg.Entry[] = [];
    try {
      found = fg.sync('**/*', { cwd: dir, onlyFiles: true, dot: false, stats: true, followSymbolicLinks: true });
    } catch {
      // a missing folder has no inputs
    }
    for (const e of found) entries.push({ rel: stampKey(root, path.join(dir, e.path)), size: e.stats!.size, mtimeMs: e.stats!.mtimeMs });
  }
  const listed = new Set(entries.map((e) => e.rel));
  for (const f of files) {
    const s = await stat(f).catch(() => null);
    // a missing file (no config, no lock file) is an input too: its absence is in the fingerprint by omission
    if (s?.isFile() && !listed.has(stampKey(root, f))) entries.push({ rel: stampKey(root, f), size: s.size, mtimeMs: s.mtimeMs });
  }
  entries.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const stamps: FileStamps = {};
  const hasher = createHash('sha256');
  // a synchronous loop: thousands of concurrent promise reads cost 7x more here (930 vs 135 ms at 6,400 files)
  for (const e of entries) {
    const hash = stampedHash(previous[e.rel], e.size, e.mtimeMs) ?? hashFileSync(path.resolve(root, e.rel));
    stamps[e.rel] = [e.size, e.mtimeMs, hash];
  }
  for (const e of entries) hasher.update(`${e.rel}\0${stamps[e.rel]![2]}\n`);
  return { fingerprint: hasher.digest('hex').slice(0, 20), stamps };
}
