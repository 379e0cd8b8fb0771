import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { readMarker as readBuildMarker, stampOfLine, type OutputListing } from '../cache/index.js';
import { codes } from '../diagnostics/index.js';
import { DiagnosticError } from '../diagnostics/index.js';
import { mapLimit } from '../util/map-limit.js';
import { processGone } from '../util/process-gone.js';
import { applyJournal, changedFiles, commitInPlace, JOURNAL, planInPlace, readJournal, stagedFiles } from './commit-in-place.js';

/** The staging folder's suffix: `dist.tmp-1a2b3c4d` for `dist`. */
const STAGING_SUFFIX = /\.tmp-[0-9a-f]{8}(?=[\\/]|$)/;

/**
 * The file that makes a staging folder docsgen's: which process stages there, and, once it commits, the name the
 * previous output is renamed to. It goes into the output with the staged files and is removed last, so a build
 * killed at any moment of the swap leaves it where the next start finds what to put back or clean up.
 */
export const STAGING_MARKER = '.docsgen-staging';

interface StagingMarker {
  pid: number;
  host: string;
  /** The previous output's name while it is swapped out (`dist.old-1a2b3c4d`), a sibling of the output. */
  old?: string;
  /** The build commits in place: with its journal (commit-in-place.ts) in the folder, a kill is carried forward. */
  inPlace?: boolean;
}

/** A build that stages only what it writes: the output it changes in place, and the files it keeps from it. */
interface InPlace {
  listing: OutputListing;
  /** The output's build marker when it was listed: another build committing meanwhile voids the listing. */
  marker: string | null;
  kept: Set<string>;
}

/** Staging folders of this process that are in use (a `docsgen dev` process builds many times). */
const active = new Set<string>();
/** Previous outputs a commit of this process left to remove later (see commit's `removeOldLater`): each one's start. */
const removing = new Map<Promise<void>, () => void>();
/** A commit of at most this many files is made in place however few files it keeps (a small site's). */
const IN_PLACE_ALWAYS = 1000;
/** How long a later removal waits, so the page reload that follows the commit does not share the disk with it. */
const REMOVE_AFTER_MS = 1000;

/** Runs `remove` after `delayMs` (or when oldOutputsRemoved asks for it), never rejecting. */
function removeLater(remove: () => Promise<unknown>, delayMs: number): void {
  let start!: () => void;
  const removal: Promise<void> = new Promise<void>((resolve) => (start = resolve))
    .then(remove)
    .then(() => undefined, () => undefined)
    .finally(() => {
      clearTimeout(timer);
      removing.delete(removal);
    });
  const timer = setTimeout(start, delayMs);
  timer.unref();
  removing.set(removal, start);
}

/** Starts every removal a commit left for later, and resolves once those previous outputs are gone. */
export async function oldOutputsRemoved(): Promise<void> {
  while (removing.size > 0) {
    for (const start of removing.values()) start();
    await Promise.all(removing.keys());
  }
}

/** A path inside a staging folder as the user will find it, inside the output folder. */
export function unstaged(file: string): string {
  return file.replace(STAGING_SUFFIX, '');
}

/**
 * A build writes into a sibling staging folder and swaps it in only when complete, so a failed build never
 * leaves a half-written output: the previous good `dist/` stays until the new one is whole.
 */
export class Staging {
  readonly dir: string;
  private inPlace: InPlace | null = null;
  constructor(readonly outDir: string) {
    this.dir = `${outDir}.tmp-${randomBytes(4).toString('hex')}`;
  }

  /**
   * From now on only what the build writes is staged, and files of the output as `listing` found them are kept
   * where they are (named with keep()): the commit then changes the output in place (see commit-in-place.ts).
   */
  async stageChangesOnly(listing: OutputListing): Promise<void> {
    this.inPlace = { listing, marker: await readBuildMarker(this.outDir), kept: new Set() };
  }

  /** Whether files named with keep() stay in the output instead of being staged. */
  get keepsInPlace(): boolean {
    return this.inPlace !== null;
  }

  /** Keeps the output's file that belongs at this staged path (absolute) as it is, instead of staging it. */
  keep(stagedPath: string): void {
    this.inPlace?.kept.add(this.relOf(stagedPath));
  }

  /** Whether the output has the file that belongs at this staged path (absolute), as its listing found it. */
  has(stagedPath: string): boolean {
    return this.inPlace?.listing.files.has(this.relOf(stagedPath)) ?? false;
  }

  /** Where the files kept for the staged folder `dir` are: the same folder in the output (undefined: none kept). */
  keptUnder(dir: string): string | undefined {
    return this.inPlace ? path.join(this.outDir, this.relOf(dir)) : undefined;
  }

  /**
   * The inode, size and mtime of a file kept for the staged folder `dir` (relative to it), as the output's listing
   * found them (the listing proved them unchanged since the last build); undefined for a file the build staged.
   */
  keptStamp(dir: string): ((file: string) => [ino: number, size: number, mtimeMs: number] | undefined) | undefined {
    const inPlace = this.inPlace;
    if (!inPlace) return undefined;
    const under = `${this.relOf(dir)}/`;
    return (file) => {
      const rel = under + file;
      const line = inPlace.kept.has(rel) ? inPlace.listing.files.get(rel) : undefined;
      return line === undefined ? undefined : stampOfLine(line);
    };
  }

  /** Every file of the staged folder `dir` (relative, `/`-separated), with those kept for it in the output. */
  listFiles(dir: string, staged: readonly string[]): string[] {
    if (!this.inPlace) return [...staged];
    const under = `${this.relOf(dir)}/`;
    const kept = [...this.inPlace.kept].filter((f) => f.startsWith(under)).map((f) => f.slice(under.length));
    return [...staged, ...kept];
  }

  private relOf(stagedPath: string): string {
    // (a path the build made by joining onto the staging folder: a slice, not path.relative, 30,000 times a build)
    const rel = stagedPath.startsWith(this.dir + path.sep) ? stagedPath.slice(this.dir.length + 1) : path.relative(this.dir, stagedPath);
    return path.sep === '/' ? rel : rel.split(path.sep).join('/');
  }

  /** Creates the staging folder; an unwritable location is a user problem, reported with the folder. */
  async open(displayRoot: string): Promise<void> {
    let made = false;
    try {
      await mkdir(path.dirname(this.outDir), { recursive: true });
      await mkdir(this.dir);
      made = true;
      active.add(this.dir);
      await writeMarker(this.dir, { pid: process.pid, host: hostname() });
    } catch (err) {
      // a folder made without its marker would look foreign to every later start, and stay
      if (made) await this.discard().catch(() => undefined);
      const shown = path.relative(displayRoot, this.outDir) || this.outDir;
      throw new DiagnosticError(
        {
          code: codes.OUTPUT_UNWRITABLE,
          severity: 'error',
          message: `cannot write the output folder ${shown}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
          hint: 'check the permissions of its parent folder or pass another --out',
          location: { file: shown, line: 1, column: 1 },
        },
        1,
      );
    }
  }

  /**
   * Puts the staged build in place. A build that staged only its changes (stageChangesOnly) and kept most of the
   * output renames its files into it and deletes what it no longer makes, through a journal (commit-in-place.ts),
   * and returns the output's new listing; otherwise the whole output is swapped (null).
   */
  async commit(removeOldLater = false, afterRemoval?: () => Promise<unknown>): Promise<OutputListing | null> {
    const inPlace = this.inPlace;
    if (inPlace) {
      const staged = stagedFiles(this.dir, [STAGING_MARKER, JOURNAL]);
      // most of a large output new (a template edit): a swap, so no reader sees a mix for long; so too when
      // another build committed since the listing, or a staged file cannot replace what the output has there
      const small = staged.length <= Math.max(inPlace.kept.size, IN_PLACE_ALWAYS) && (await readBuildMarker(this.outDir)) === inPlace.marker;
      const { changed, relinked } = small ? changedFiles(this.dir, this.outDir, inPlace.listing, staged) : { changed: [], relinked: [] };
      const isChanged = new Set(changed);
      const unchanged = staged.filter((f) => !isChanged.has(f));
      const journal = small ? planInPlace(this.outDir, inPlace.listing, changed, inPlace.kept, unchanged) : null;
      if (journal) {
        await writeMarker(this.dir, { pid: process.pid, host: hostname(), inPlace: true });
        const listing = commitInPlace(this.dir, this.outDir, inPlace.listing, journal, relinked);
        active.delete(this.dir);
        // what is left is files the output already had with the same bytes: removed beside the build's last
        // steps (awaited before it returns, see oldOutputsRemoved) or, for dev, after the page reloads
        removeLater(() => removeStaged(this.dir), removeOldLater ? REMOVE_AFTER_MS : 0);
        return listing;
      }
      await this.stageKept(inPlace.kept);
    }
    await this.swap(removeOldLater, afterRemoval);
    return null;
  }

  /** Links the files kept in place into the staging folder, which then holds the whole output for a swap. */
  private async stageKept(kept: ReadonlySet<string>): Promise<void> {
    // each folder made once, and every file of it linked only once it exists (not merely once it was asked for)
    const made = new Map<string, Promise<unknown>>();
    await mapLimit([...kept], 32, async (rel) => {
      const dir = path.posix.dirname(rel);
      let folder = made.get(dir);
      if (!folder) made.set(dir, (folder = mkdir(path.join(this.dir, dir), { recursive: true })));
      await folder;
      await link(path.join(this.outDir, rel), path.join(this.dir, rel));
    });
    this.inPlace = null;
  }

  /**
   * Replaces the output with the staged build: the old output is renamed away, the new one renamed in, then the
   * old one removed. The marker names the old output before it moves, so a kill between the renames leaves
   * what recoverOutput needs to put it back. `removeOldLater` (`docsgen dev`, whose page waits for the commit)
   * returns once the new output is in place and removes the old one in the background (see oldOutputsRemoved).
   */
  private async swap(removeOldLater: boolean, afterRemoval?: () => Promise<unknown>): Promise<void> {
    const old = `${this.outDir}.old-${randomBytes(4).toString('hex')}`;
    await writeMarker(this.dir, { pid: process.pid, host: hostname(), old: path.basename(old) });
    let hadOld = false;
    try {
      await stat(this.outDir);
      await rename(this.outDir, old);
      hadOld = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    try {
      await rename(this.dir, this.outDir);
    } catch (err) {
      // the previous output goes back where it was: a failed build never leaves the user without one
      if (hadOld) await rename(old, this.outDir);
      throw err;
    }
    active.delete(this.dir);
    const removeOld = async () => {
      // an old output that cannot be removed stays named in the marker, for the next start to try again
      if (hadOld && !(await rm(old, { recursive: true, force: true }).then(() => true, () => false))) return;
      await rm(path.join(this.outDir, STAGING_MARKER), { force: true });
    };
    if (!removeOldLater) return removeOld();
    // what the output's stamp saw at the commit changes with the removal (ctimes, the marker): `afterRemoval`
    removeLater(() => removeOld().then(afterRemoval), REMOVE_AFTER_MS);
  }

  /** Throws the staged files away (the build failed). */
  async discard(): Promise<void> {
    await removeStaged(this.dir);
    active.delete(this.dir);
  }
}

/**
 * Puts right what builds killed mid-way left beside `outDir`: a swap interrupted between its two renames gets
 * its previous output back, the renamed-away output of a finished swap is removed, and so are staging folders.
 * Only docsgen's own (with its marker) of processes that are gone: a running build's folders are never
 * touched, nor folders that merely look like these. Never throws: what it cannot fix stays as it was.
 */
export async function recoverOutput(outDir: string): Promise<void> {
  await oldOutputsRemoved(); // this process's own: never removed twice at once
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const oldPath = (m: StagingMarker) => (m.old !== undefined && isOwnName(m.old, base, 'old') ? path.join(parent, m.old) : null);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  try {
    // killed after the swap, while or before the old output was removed
    const done = await readMarker(outDir);
    if (done && isStale(done, outDir)) {
      const old = oldPath(done);
      if (old) await rm(old, { recursive: true, force: true });
      await rm(path.join(outDir, STAGING_MARKER), { force: true });
    }
    for (const name of names) {
      if (!isOwnName(name, base, 'tmp')) continue;
      const dir = path.join(parent, name);
      const marker = await readMarker(dir);
      if (!marker || !isStale(marker, dir)) continue;
      // killed while committing in place: what its journal says is left is done, so the output is the new one
      const journal = marker.inPlace ? readJournal(dir) : null;
      if (journal && (await exists(outDir))) applyJournal(dir, outDir, journal);
      // killed between the two renames: no output, the previous one under its swapped-out name
      const old = oldPath(marker);
      if (old && !(await exists(outDir)) && (await exists(old))) await rename(old, outDir);
      await removeStaged(dir);
    }
  } catch {
    // a folder that cannot be read or removed is left for a later start
  }
}

/**
 * Removes a staging folder with its marker last: a kill in the middle leaves a folder the next start still knows
 * as docsgen's and removes, never one without its marker, which would be foreign and stay.
 */
async function removeStaged(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n !== STAGING_MARKER).map((n) => rm(path.join(dir, n), { recursive: true, force: true })));
  await rm(dir, { recursive: true, force: true });
}

/** `dist.tmp-1a2b3c4d` or `dist.old-1a2b3c4d` for the output `dist`. */
function isOwnName(name: string, base: string, kind: 'tmp' | 'old'): boolean {
  return name.length === base.length + 13 && name.startsWith(`${base}.${kind}-`) && /^[0-9a-f]{8}$/.test(name.slice(-8));
}

/** Whether the process a marker names is gone (on this machine; another machine's markers are never stale). */
function isStale(marker: StagingMarker, dir: string): boolean {
  if (marker.host !== hostname()) return false;
  if (marker.pid === process.pid) return !active.has(dir);
  return processGone(marker.pid);
}

async function readMarker(dir: string): Promise<StagingMarker | null> {
  try {
    const m = JSON.parse(await readFile(path.join(dir, STAGING_MARKER), 'utf8')) as StagingMarker;
    return Number.isInteger(m.pid) && m.pid > 0 && typeof m.host === 'string' ? m : null;
  } catch {
    return null;
  }
}

/** Writes the marker through a rename: a kill never leaves half a marker, which would make the folder foreign. */
async function writeMarker(dir: string, marker: StagingMarker): Promise<void> {
  const tmp = path.join(dir, `${STAGING_MARKER}.tmp`);
  await writeFile(tmp, JSON.stringify(marker));
  await rename(tmp, path.join(dir, STAGING_MARKER));
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}
