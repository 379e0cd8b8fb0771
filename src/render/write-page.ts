// Writing a rendered page where it was rendered: a worker puts the shell around its result and writes the two
// files itself, so the main thread stays free for the book-keeping. Synchronous calls: a worker thread may
// block, and they skip the thread-pool round trip of the promise API.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assemblePage, type ShellInputs } from './assemble.js';
import type { PageResult } from './page-result.js';

/** Where one thread writes: the site's prefix folder, and the shell around each page. */
export interface PageOutput {
  siteDir: string;
  shell: ShellInputs;
}

const made = new Set<string>();
const ensureDir = (dir: string) => {
  if (made.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  made.add(dir);
};

/** Writes a page's HTML and page-data into the staged output (`contextJson`: see assemblePage). */
export function writePageFiles(r: PageResult, out: PageOutput, contextJson?: string): void {
  const files = assemblePage(r, out.shell, contextJson);
  const html = path.join(out.siteDir, files.htmlFile);
  const data = path.join(out.siteDir, files.pageDataFile);
  ensureDir(path.dirname(html));
  ensureDir(path.dirname(data));
  writeFileSync(html, files.html);
  writeFileSync(data, files.pageData);
}
