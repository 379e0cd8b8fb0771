// "Last updated" from git: when the content folder is in a git checkout, each page's date is the commit time of
// the last commit that touched its file. One `git log` over the whole folder, parsed once (a process per page
// cost about 5 ms each: 20 s at 4,000 pages); no git, or no repository, simply means no dates.
import { git } from '../util/git.js';

/** Last commit time (seconds since the epoch) of each file, by its path relative to the folder asked about. */
export type GitDates = ReadonlyMap<string, number>;

export { gitContentHead } from '../util/git.js';

/** The last commit time of every file under `dir` with a commit, from one `git log`; null without git. */
export async function readGitDates(dir: string): Promise<GitDates | null> {
  // `-z`: names verbatim (no quoting of unusual characters); `--relative`: relative to `dir`
  const out = await git(dir, ['log', '--format=%x00%ct', '--name-only', '-z', '--relative', '--', '.']);
  return out === null ? null : parseGitLog(out);
}

/**
 * Parses `git log --format=%x00%ct --name-only -z`: per commit a NUL, its time, a NUL, then (unless it changed
 * nothing here, as a merge) a line feed and its files, each ending in a NUL. A file keeps its latest time.
 */
export function parseGitLog(out: string): Map<string, number> {
  const dates = new Map<string, number>();
  const parts = out.split('\0');
  let time = 0;
  let first = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '') {
      time = Number(parts[++i]);
      first = true;
      continue;
    }
    const name = first && part.startsWith('\n') ? part.slice(1) : part;
    first = false;
    if (!Number.isFinite(time) || name === '') continue;
    const known = dates.get(name);
    if (known === undefined || known < time) dates.set(name, time);
  }
  return dates;
}

/** A commit time as a `<time datetime>` value: ISO 8601 in UTC, to the second. */
export function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
