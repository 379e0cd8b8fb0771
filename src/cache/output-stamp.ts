// The stamp of an output folder: every file's path, and the size, mtime, ctime and inode of each file the build
// wrote. Taken when a build commits and again when the next build finds nothing changed or reuses its files: a
// file edited, added or removed in the output since makes them differ, and the build runs (and hashes every file
// it would reuse, see pagedata/collect.ts) instead of trusting the output as it is. Stats rather than hashes:
// hashing every output file costs more than the rest of a rebuild (500 MB of pages at 10,000 dense pages). The
// ctime is what no one can set back: an edit that keeps a file's size and restores its mtime still moves it.
//
// The listing is kept in the cache with its folders' stats too (LISTING_FILE). A folder's mtime moves when an
// entry is added to it or removed from it, so when every recorded file and folder stats as recorded, no file was
// changed, added or removed: the next build checks that with one stat per entry instead of walking the folder
// (no readdir of 8,000 folders: the check took 180 ms at 4,000 pages, now ~80). Any difference, or no recorded
// listing, and the output is not reused as it is. (An entry added by another process within the file system's
// clock tick, a few ms, of the build's last write to that folder would keep its mtime: nothing writes there then.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkedBytes, writeChecked } from './checked-file.js';
import { cacheKey } from './hash.js';

/**
 * An output folder's files as one walk found them (relative, `/`-separated), each with its stamp line. A build
 * that commits in place (render/staging.ts) learns from it what to delete, and restamps only what it moved.
 */
export interface OutputListing {
  readonly files: Map<string, string>;
  /** Every folder (the output's own is ''), with its stamp line (dirLine). */
  readonly dirs: Map<string, string>;
}

/** The cache file that keeps the last build's listing. */
export const LISTING_FILE = 'output-listing.txt';
// between two lines of it: no line has it (a name holds no NUL, and a line's fields after its name start with a digit)
const LINE_END = '\0\n';

/** Lists `outDir` with a stat of every file; null when it cannot be read or changes while listed. */
export function listOutput(outDir: string): OutputListing | null {
  let entries;
  try {
    entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  } catch {
    return null;
  }
  const base = withSep(outDir);
  const files = new Map<string, string>();
  const dirs = new Map<string, string>();
  const top = dirLine(base, '');
  if (top === null) return null;
  dirs.set('', top);
  for (const e of entries) {
    const rel = toRel(e.parentPath.length < base.length ? e.name : `${e.parentPath.slice(base.length)}${path.sep}${e.name}`);
    const dir = e.isDirectory();
    const line = dir ? dirLine(base, rel) : stampLine(base, rel);
    if (line === null) return null; // removed while listed: nothing to compare
    (dir ? dirs : files).set(rel, line);
  }
  return { files, dirs };
}

/** A listing as the cache keeps it (LISTING_FILE). */
export function listingText(listing: OutputListing): string {
  return [...listing.files.values(), ...listing.dirs.values()].join(LINE_END);
}

/** The listing listingText wrote; a folder's line names it with a trailing `/`. */
export function parseListing(text: string): OutputListing {
  const files = new Map<string, string>();
  const dirs = new Map<string, string>();
  if (text === '') return { files, dirs };
  for (const line of text.split(LINE_END)) {
    const rel = line.slice(0, line.indexOf('\0'));
    if (rel.endsWith('/')) dirs.set(rel.slice(0, -1), line);
    else files.set(rel, line);
  }
  return { files, dirs };
}

/**
 * Whether every file and folder of a recorded listing still stats as recorded: then the output is as that listing
 * says, and a walk would find the same (see the file's comment). A listing without folders proves nothing.
 */
export function listingHolds(outDir: string, listing: OutputListing): boolean {
  if (!listing.dirs.has('')) return false;
  const base = withSep(outDir);
  for (const [rel, line] of listing.files) if (stampLine(base, rel) !== line) return false;
  for (const [rel, line] of listing.dirs) if (dirLine(base, rel) !== line) return false;
  return true;
}

/**
 * The output's listing, found on a worker thread so the main thread goes on meanwhile (on this thread if none
 * starts): the one the last build recorded (`recorded`, LISTING_FILE) when the output still holds it, else a walk
 * (its files can be as recorded while a folder moved: a killed build's swap put back). Null when nothing was
 * recorded (no build to compare with) or the folder cannot be listed.
 */
export function recordedListingAside(outDir: string, recorded: string): Promise<FoundListing | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    const job: ListJob = { outDir, recorded };
    try {
      worker = new Worker(new URL('./list-output-worker.js', import.meta.url), { workerData: job });
    } catch {
      return resolve(found(checkRecorded(job)));
    }
    let answered = false;
    worker.once('message', (answer: ListAnswer | null) => {
      answered = true;
      resolve(found(answer));
    });
    // a thread that failed to start or load checked nothing: it is done here instead
    worker.once('error', () => undefined);
    worker.once('exit', () => {
      if (!answered) resolve(found(checkRecorded(job)));
    });
  });
}

/** A listing found by recordedListingAside, parsed only when a build asks for it (a no-change build does not). */
export interface FoundListing {
  /** Its stamp when it is the recorded listing, which holds; null when it comes from a walk. */
  readonly recordedStamp: string | null;
  listing(): OutputListing;
}

function found(answer: ListAnswer | null): FoundListing | null {
  if (answer === null) return null;
  let parsed: OutputListing | undefined;
  return { recordedStamp: answer.stamp, listing: () => (parsed ??= parseListing(answer.text)) };
}

/** What the listing thread is given, and what it answers: a listing (listingText), with its stamp when recorded. */
export interface ListJob {
  outDir: string;
  recorded: string;
}
export interface ListAnswer {
  stamp: string | null;
  text: string;
}

/** The thread's work: the recorded listing when the output still holds it, else a walk; null with none recorded. */
export function checkRecorded(job: ListJob): ListAnswer | null {
  let text: string;
  try {
    const bytes = checkedBytes(readFileSync(job.recorded));
    if (bytes === null) return null;
    text = bytes.toString('utf8');
  } catch {
    return null;
  }
  const eol = text.indexOf('\n');
  const answer = { stamp: text.slice(0, eol), text: text.slice(eol + 1) };
  if (listingHolds(job.outDir, parseListing(answer.text))) return answer;
  const walked = listOutput(job.outDir);
  return walked && { stamp: null, text: listingText(walked) };
}

/** Keeps a listing in the cache for the next build's check (recordedListingAside), under its stamp; gives the stamp. */
export async function recordListing(file: string, listing: OutputListing): Promise<string> {
  const stamp = stampOf(listing);
  await writeChecked(file, `${stamp}\n${listingText(listing)}`);
  return stamp;
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
  const base = withSep(outDir);
  const files = new Map(listing.files);
  const dirs = new Map(listing.dirs);
  // the folders whose entries can have changed: every one above a file moved or removed (made or emptied ones too)
  const above = new Set<string>();
  const noteAbove = (rel: string) => {
    for (let at = rel.lastIndexOf('/'); ; at = rel.lastIndexOf('/', at - 1)) {
      const dir = at <= 0 ? '' : rel.slice(0, at);
      if (above.has(dir)) return;
      above.add(dir);
      if (at <= 0) return;
    }
  };
  for (const rel of removed) {
    files.delete(rel);
    noteAbove(rel);
  }
  for (const rel of changed) {
    const line = stampLine(base, rel);
    if (line === null) return null;
    files.set(rel, line);
    noteAbove(rel);
  }
  for (const dir of above) {
    const line = dirLine(base, dir);
    if (line === null) dirs.delete(dir);
    else dirs.set(dir, line);
  }
  return { files, dirs };
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

/** A folder's stamp line: its name with a trailing `/`, its mtime (moved by an entry added or removed), ctime and inode. */
function dirLine(base: string, rel: string): string | null {
  try {
    const s = statSync(base + rel);
    return s.isDirectory() ? `${rel}/\0${s.mtimeMs}\0${s.ctimeMs}\0${s.ino}` : null;
  } catch {
    return null;
  }
}

/** `dir` ending in the separator: entries are named by appending their relative path. */
const withSep = (dir: string) => (dir.endsWith(path.sep) ? dir : dir + path.sep);

const toRel = path.sep === '/' ? (p: string) => p : (p: string) => p.split(path.sep).join('/');
