import { closeSync, fstatSync, readFileSync } from 'node:fs';
import { checkPage, type CheckContext, type CheckMemo, type CheckedPage } from './check-page.js';
import { decodePage } from './decode-page.js';
import { openPageSync } from './page-file.js';
import { RedirectMatcher, type RedirectListEntry } from './redirect-matcher.js';
import { SiteIndex } from './site-index.js';

/** What a thread is given once, before any page: plain data so it can be posted to a worker. */
export interface RunnerInit {
  dir: string;
  /** Where pages not staged in `dir` are (a build committing in place: the previous output's web root). */
  underDir?: string;
  /** Every file of the site relative to `dir`, NUL-separated. */
  files: string;
  redirects: RedirectListEntry[] | null;
  redirectsAlsoWithout: string;
  pathPrefix: string;
  collectExternal: boolean;
  /** Symlinks under `dir` that were not followed (relative, `/`-separated). */
  skippedLinks: string[];
}

/** A page that could not be read. */
export interface PageError {
  page: string;
  message: string;
}

/** A page file's identity when it was read: inode, size and mtime (what the result cache keys a result by). */
export type FileStamp = [ino: number, size: number, mtimeMs: number];

/** The answer for one batch of pages. */
export interface BatchResult {
  results: CheckedPage[];
  /** The stamp of the file each result was read from, by index of `results`. */
  stamps: FileStamp[];
  errors: PageError[];
}

/** Builds a thread's checking context (file index, redirect matcher) from its init data. */
export function createContext(init: RunnerInit): CheckContext {
  return {
    index: new SiteIndex(init.files ? init.files.split('\0') : [], init.pathPrefix),
    redirects: init.redirects ? new RedirectMatcher(init.redirects, init.redirectsAlsoWithout) : null,
    pathPrefix: init.pathPrefix,
    collectExternal: init.collectExternal,
    skippedLinks: init.skippedLinks,
  };
}

/** Reads and checks a batch of pages on the current thread. */
export function checkBatch(dir: string, pages: readonly string[], ctx: CheckContext, memo: CheckMemo, underDir?: string): BatchResult {
  const results: CheckedPage[] = [];
  const stamps: FileStamp[] = [];
  const errors: PageError[] = [];
  for (const page of pages) {
    let bytes: Buffer;
    let stamp: FileStamp;
    try {
      // stamped through the descriptor it is read from: the stamp describes exactly the bytes checked, and a
      // cold run needs no stat of its own per page for the result cache
      const fd = openPageSync(dir, underDir, page);
      try {
        const s = fstatSync(fd);
        stamp = [s.ino, s.size, s.mtimeMs];
        bytes = readFileSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (err) {
      errors.push({ page, message: (err as Error).message });
      continue;
    }
    const { html, problem } = decodePage(bytes);
    const result = checkPage(page, html, ctx, memo);
    if (problem) result.decodeProblem = problem;
    results.push(result);
    stamps.push(stamp);
  }
  return { results, stamps, errors };
}
