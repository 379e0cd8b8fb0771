// The stamp of an output folder: every file's path, and the size, mtime, ctime and inode of each file the build
// wrote. Taken when a build commits and again when the next build finds nothing changed or reuses its files: a
// file edited, added or removed in the output since makes them differ, and the build runs (and hashes every file
// it would reuse, see pagedata/collect.ts) instead of trusting the output as it is. Stats rather than hashes:
// hashing every output file costs more than the rest of a rebuild (500 MB of pages at 10,000 dense pages). The
// ctime is what no one can set back: an edit that keeps a file's size and restores its mtime still moves it.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { cacheKey } from './hash.js';

/**
 * The stamp of `outDir`. Files under `linkedDirs` (relative, `/`-separated) are listed by name only: they are
 * hard links to docsgen's own package files, which every build, cold or not, links again as they are.
 */
export function stampOutput(outDir: string, linkedDirs: readonly string[] = []): string | null {
  let entries;
  try {
    entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  } catch {
    return null;
  }
  const base = outDir.endsWith(path.sep) ? outDir : outDir + path.sep;
  const linked = linkedDirs.map((d) => d.split('/').join(path.sep) + path.sep);
  const lines: string[] = [];
  for (const e of entries) {
    if (e.isDirectory()) continue;
    const rel = e.parentPath.length < base.length ? e.name : `${e.parentPath.slice(base.length)}${path.sep}${e.name}`;
    if (linked.some((d) => rel.startsWith(d))) {
      lines.push(rel);
      continue;
    }
    try {
      const s = statSync(base + rel);
      lines.push(`${rel}\0${s.size}\0${s.mtimeMs}\0${s.ctimeMs}\0${s.ino}`);
    } catch {
      return null; // removed while listed: nothing to compare
    }
  }
  return cacheKey(lines.sort().join('\n'));
}
