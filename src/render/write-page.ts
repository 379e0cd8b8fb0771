// Writing a rendered page where it was rendered: a worker puts the shell around its result and writes the two
// files (and the cache's copy) itself, so only a few hundred bytes of meta cross back to the main thread,
// which stays free for the book-keeping. Synchronous calls: a worker thread may block, and they skip the
// thread-pool round trip of the promise API.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheKey } from '../cache/hash.js';
import { assemblePage, type ShellInputs } from './assemble.js';
import type { PageResult } from './page-result.js';

/** Where one thread writes: the site's prefix folder, the page cache's results folder, the shell. */
export interface PageOutput {
  siteDir: string;
  shell: ShellInputs;
  /** `.docsgen-cache/pages` (see PageCache); results are stored under `results/`. */
  cacheDir: string;
}

const made = new Set<string>();
const ensureDir = (dir: string) => {
  if (made.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  made.add(dir);
};

/** Writes a page's HTML and page-data into the staged output. */
export function writePageFiles(r: PageResult, out: PageOutput): void {
  const files = assemblePage(r, out.shell);
  const html = path.join(out.siteDir, files.htmlFile);
  const data = path.join(out.siteDir, files.pageDataFile);
  ensureDir(path.dirname(html));
  ensureDir(path.dirname(data));
  writeFileSync(html, files.html);
  writeFileSync(data, files.pageData);
}

/** The file of a page's stored result in the page cache. */
export function resultFileOf(cacheDir: string, pagePath: string): string {
  const h = cacheKey(pagePath);
  return path.join(cacheDir, 'results', h.slice(0, 2), `${h}.json`);
}

/** Stores a page's result for later builds; returns the hash the cache index keeps for it. */
export function writeResult(r: PageResult, cacheDir: string): string {
  const text = JSON.stringify(r);
  const file = resultFileOf(cacheDir, r.pagePath);
  ensureDir(path.dirname(file));
  // written aside and renamed: a reader never sees half a result
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
  return cacheKey(text);
}
