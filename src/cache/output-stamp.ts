// The stamp of an output folder: every file's path, and the size, mtime, ctime and inode of each file the build
// wrote. Taken when a build commits and again when the next build finds nothing changed or reuses its files: a
// file edited, added or removed in the output since makes them differ, and the build runs (and hashes every file
// it would reuse, see pagedata/collect.ts) instead of trusting the output as it is. Stats rather than hashes:
// hashing every output file costs more than the rest of a rebuild (500 MB of pages at 10,000 dense pages). The
// ctime is what no one can set back: an edit that keeps a file's size and restores its mtime still moves it.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { cacheKey } from './hash.js';

/**
 * An output folder's files as one walk found them (relative, `/`-separated), each with its stamp line. A build
 * that commits in place (render/staging.ts) learns from it what to delete, and restamps only what it moved.
 */
export interface OutputListing {
  readonly files: Map<string, string>;
}

/** Lists `outDir` with a stat of every file; null when it cannot be read or changes while listed. */
export function listOutput(outDir: string): OutputListing | null {
  let entries;
  try {
    entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  } catch {
    return null;
  }
  const base = outDir.endsWith(path.sep) ? outDir : outDir + path.sep;
  const files = new Map<string, string>();
  for (const e of entries) {
    if (e.isDirectory()) continue;
    const rel = toRel(e.parentPath.length < base.length ? e.name : `${e.parentPath.slice(base.length)}${path.sep}${e.name}`);
    const line = stampLine(base, rel);
    if (line === null) return null; // removed while listed: nothing to compare
    files.set(rel, line);
  }
  return { files };
}

/** listOutput on a worker thread, so the main thread goes on meanwhile; on the main thread if no thread starts. */
export function listOutputAside(outDir: string): Promise<OutputListing | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./list-output-worker.js', import.meta.url), { workerData: outDir });
    } catch {
      return resolve(listOutput(outDir));
    }
    let answered = false;
    worker.once('message', (files: Array<[string, string]> | null) => {
      answered = true;
      resolve(files && { files: new Map(files) });
    });
    // a thread that failed to start or load listed nothing: the walk is done here instead
    worker.once('error', () => undefined);
    worker.once('exit', () => {
      if (!answered) resolve(listOutput(outDir));
    });
  });
}

/** The stamp of `outDir` (null when it cannot be listed). */
export function stampOutput(outDir: string): string | null {
  const listing = listOutput(outDir);
  return listing && stampOf(listing);
}

/** The stamp of a listing: the same files with the same stats give the same stamp, whatever the walk's order. */
export function stampOf(listing: OutputListing): string {
  return cacheKey([...listing.files.values()].sort().join('\n'));
}

/**
 * The listing of `outDir` after files in it were replaced (`changed`, stat again) and removed (`removed`): what a
 * new walk would find when nothing else moved, for a tenth of a walk's cost. Null when a changed file is gone.
 */
export function relist(outDir: string, listing: OutputListing, changed: Iterable<string>, removed: Iterable<string>): OutputListing | null {
  const base = outDir.endsWith(path.sep) ? outDir : outDir + path.sep;
  const files = new Map(listing.files);
  for (const rel of removed) files.delete(rel);
  for (const rel of changed) {
    const line = stampLine(base, rel);
    if (line === null) return null;
    files.set(rel, line);
  }
  return { files };
}

/** The inode, size and mtime a listing's line (`stampLine`) recorded for its file. */
export function stampOfLine(line: string): [ino: number, size: number, mtimeMs: number] {
  const [, size, mtimeMs, , ino] = line.split('\0');
  return [Number(ino), Number(size), Number(mtimeMs)];
}

function stampLine(base: string, rel: string): string | null {
  try {
    const s = statSync(base + rel);
    return `${rel}\0${s.size}\0${s.mtimeMs}\0${s.ctimeMs}\0${s.ino}`;
  } catch {
    return null;
  }
}

const toRel = path.sep === '/' ? (p: string) => p : (p: string) => p.split(path.sep).join('/');
