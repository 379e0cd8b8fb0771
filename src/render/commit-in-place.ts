// The commit of a build that staged only what it wrote (see Staging.stageChangesOnly). A one-page edit of a large
// site changes a few dozen files: renaming each into the output, and deleting what the build no longer makes,
// costs a fraction of linking every unchanged file into a new tree and deleting the old one (seconds at 10,000
// pages). The journal makes it whole: it is written before the output is touched, so a build killed in the middle
// leaves it beside the output, and the next start carries it out (recoverOutput): the old output or, once the
// journal exists, the new one, never a mix that stays.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MARKER, relist, type OutputListing } from '../cache/index.js';

/** The journal's name in the staging folder: the files to move into the output, and those to delete from it. */
export const JOURNAL = '.docsgen-commit';

interface Journal {
  moves: string[];
  removals: string[];
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
export function planInPlace(listing: OutputListing, staged: readonly string[], kept: ReadonlySet<string>): Journal | null {
  const folders = new Set<string>();
  for (const file of listing.files.keys()) for (let d = path.posix.dirname(file); d !== '.' && !folders.has(d); d = path.posix.dirname(d)) folders.add(d);
  for (const file of staged) {
    if (folders.has(file)) return null;
    for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) if (listing.files.has(d)) return null;
  }
  const made = new Set(staged);
  const removals = [...listing.files.keys()].filter((f) => !made.has(f) && !kept.has(f));
  // the output's marker last: an output that has the new build's marker has all of its files
  const moves = [...staged.filter((f) => f !== MARKER), ...staged.filter((f) => f === MARKER)];
  return { moves, removals };
}

/**
 * Writes the journal (through a rename: it is whole or absent), carries it out and removes the staging folder;
 * gives the output's new listing.
 */
export function commitInPlace(stagingDir: string, outDir: string, listing: OutputListing, journal: Journal): OutputListing | null {
  const tmp = path.join(stagingDir, `${JOURNAL}.tmp`);
  writeFileSync(tmp, JSON.stringify(journal));
  renameSync(tmp, path.join(stagingDir, JOURNAL));
  applyJournal(stagingDir, outDir, journal);
  // before the files are stamped: a staged link to a file the output already had (a rename that did nothing)
  // changes that file's ctime when it goes
  rmSync(stagingDir, { recursive: true, force: true });
  return relist(outDir, listing, journal.moves, journal.removals);
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
