// The commit of a build that staged only what it wrote (see Staging.stageChangesOnly). A one-page edit of a large
// site changes a few dozen files: renaming each into the output, and deleting what the build no longer makes,
// costs a fraction of linking every unchanged file into a new tree and deleting the old one (seconds at 10,000
// pages). The journal makes it whole: it is written before the output is touched, so a build killed in the middle
// leaves it beside the output, and the next start carries it out (recoverOutput): the old output or, once the
// journal exists, the new one, never a mix that stays.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MARKER, relist, type OutputListing } from '../cache/index.js';

/** The journal's name in the staging folder: the files to move into the output, and those to delete from it. */
export const JOURNAL = '.docsgen-commit';

interface Journal {
  moves: string[];
  removals: string[];
}

/**
 * The staged files that differ from the output's: a file the build wrote again with the same bytes (the component
 * library's assets, the bundles, an image) is left as the output has it, so its inode and mtime stay (a server's
 * Last-Modified, a sync tool's comparison) and nothing is renamed. `relinked` are staged hard links to the
 * output's own file: not moved either, but their ctime moves when the staged link goes, so they are stamped again.
 */
export function changedFiles(stagingDir: string, outDir: string, listing: OutputListing, staged: readonly string[]): { changed: string[]; relinked: string[] } {
  const changed: string[] = [];
  const relinked: string[] = [];
  for (const rel of staged) {
    const line = listing.files.get(rel);
    if (line === undefined) {
      changed.push(rel);
      continue;
    }
    // a stamp line is `rel\0size\0mtime\0ctime\0ino`
    const [size, , , ino] = line.slice(rel.length + 1).split('\0');
    const s = statSync(path.join(stagingDir, rel), { bigint: false });
    if (String(s.ino) === ino) relinked.push(rel);
    else if (String(s.size) !== size || !sameBytes(path.join(stagingDir, rel), path.join(outDir, rel), s.size)) changed.push(rel);
  }
  return { changed, relinked };
}

const CHUNK = 1 << 16;
const chunks = [Buffer.alloc(CHUNK), Buffer.alloc(CHUNK)] as const;

/** Whether two files of `size` bytes hold the same bytes (false when either cannot be read). */
function sameBytes(a: string, b: string, size: number): boolean {
  let fa = -1;
  let fb = -1;
  try {
    fa = openSync(a, 'r');
    fb = openSync(b, 'r');
    for (let at = 0; at < size; at += CHUNK) {
      const n = Math.min(CHUNK, size - at);
      if (readSync(fa, chunks[0], 0, n, at) !== n || readSync(fb, chunks[1], 0, n, at) !== n) return false;
      if (!chunks[0].subarray(0, n).equals(chunks[1].subarray(0, n))) return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (fa >= 0) closeSync(fa);
    if (fb >= 0) closeSync(fb);
  }
}

/** Every file under the staging folder (relative, `/`-separated), except docsgen's own book-keeping. */
export function stagedFiles(stagingDir: string, ownFiles: readonly string[]): string[] {
  const base = stagingDir + path.sep;
  const files: string[] = [];
  for (const e of readdirSync(stagingDir, { recursive: true, withFileTypes: true })) {
    if (e.isDirectory()) continue;
    const rel = (e.parentPath.length < base.length ? e.name : `${e.parentPath.slice(base.length)}${path.sep}${e.name}`).split(path.sep).join('/');
    if (!ownFiles.includes(rel)) files.push(rel);
  }
  return files;
}

/**
 * What an in-place commit does to the output whose files `listing` holds, when the build staged `staged` and kept
 * `kept`: null when it cannot (a staged file where the output has a folder, or under one of its files).
 */
export function planInPlace(outDir: string, listing: OutputListing, staged: readonly string[], kept: ReadonlySet<string>, unchanged: readonly string[] = []): Journal | null {
  for (const file of staged) {
    for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) if (listing.files.has(d)) return null;
    // a folder there (asked of the output itself: the staged files are a few dozen, its folders thousands)
    if (!listing.files.has(file) && isFolder(path.join(outDir, file))) return null;
  }
  const made = new Set([...staged, ...unchanged]);
  const removals = [...listing.files.keys()].filter((f) => !made.has(f) && !kept.has(f));
  // the output's marker last: an output that has the new build's marker has all of its files
  const moves = [...staged.filter((f) => f !== MARKER), ...staged.filter((f) => f === MARKER)];
  return { moves, removals };
}

/** Whether `file` is a folder, or cannot be told (ENOTDIR: a file where a folder of its path should be). */
function isFolder(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return true;
  }
}

/**
 * Writes the journal (through a rename: it is whole or absent) and carries it out; gives the output's new listing.
 * `relinked` (see changedFiles) are unlinked from the staging folder first: their ctime moves when they go.
 */
export function commitInPlace(stagingDir: string, outDir: string, listing: OutputListing, journal: Journal, relinked: readonly string[] = []): OutputListing | null {
  const tmp = path.join(stagingDir, `${JOURNAL}.tmp`);
  writeFileSync(tmp, JSON.stringify(journal));
  renameSync(tmp, path.join(stagingDir, JOURNAL));
  applyJournal(stagingDir, outDir, journal);
  for (const rel of relinked) rmSync(path.join(stagingDir, rel), { force: true });
  return relist(outDir, listing, [...journal.moves, ...relinked], journal.removals);
}

/**
 * Carries out a journal: each staged file still in the staging folder renamed into the output, each removal
 * deleted, folders left empty by them removed. Running it again after a kill does what is left (recoverOutput).
 * Synchronous: a few dozen renames, and a dev server on this thread must not serve between two of them.
 */
export function applyJournal(stagingDir: string, outDir: string, journal: Journal): void {
  const made = new Set<string>();
  for (const rel of journal.moves) {
    const dir = path.posix.dirname(rel);
    if (dir !== '.' && !made.has(dir)) {
      mkdirSync(path.join(outDir, dir), { recursive: true });
      made.add(dir);
    }
    try {
      renameSync(path.join(stagingDir, rel), path.join(outDir, rel));
    } catch (err) {
      // moved before a kill: the journal is being carried out again
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  const emptied = new Set<string>();
  for (const rel of journal.removals) {
    rmSync(path.join(outDir, rel), { force: true });
    for (let d = path.posix.dirname(rel); d !== '.'; d = path.posix.dirname(d)) emptied.add(d);
  }
  // deepest first, so a page folder goes before the folder that held it; one still in use stays
  for (const dir of [...emptied].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(path.join(outDir, dir));
    } catch {
      // not empty: it holds files of this build
    }
  }
}

/** The journal a build killed during its commit left in its staging folder (null: none, or damaged). */
export function readJournal(stagingDir: string): Journal | null {
  try {
    const j = JSON.parse(readFileSync(path.join(stagingDir, JOURNAL), 'utf8')) as Journal;
    return Array.isArray(j.moves) && Array.isArray(j.removals) && [...j.moves, ...j.removals].every(isInside) ? j : null;
  } catch {
    return null;
  }
}

/** A journal entry never reaches outside the output, whatever a damaged or foreign file says. */
function isInside(rel: unknown): boolean {
  return typeof rel === 'string' && rel !== '' && !path.posix.isAbsolute(rel) && !rel.split('/').some((s) => s === '..' || s === '' || s === '.');
}
