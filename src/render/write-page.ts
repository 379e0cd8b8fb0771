// Writing a rendered page where it was rendered: a worker puts the shell around its result and writes the two
// files itself, so the main thread stays free for the book-keeping. Synchronous calls: a worker thread may
// block, and they skip the thread-pool round trip of the promise API.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { hashBytes } from '../cache/index.js';
import { assemblePage, pageFilesOf, type ShellInputs } from './assemble.js';
import type { PageResult } from './page-result.js';

/** Where one thread writes: the site's prefix folder, and the shell around each page. */
export interface PageOutput {
  siteDir: string;
  shell: ShellInputs;
}

/** The size and hashBytes of a written page file: the next build reuses the file only while it still has both. */
export type FileSum = [size: number, hash: string];

/**
 * Writes a file, making its folder first only when it is missing (usually prepareFolders made it already).
 * Returns the sum of the bytes written.
 */
function writeInto(file: string, data: string): FileSum {
  const bytes = Buffer.from(data, 'utf8');
  try {
    writeFileSync(file, bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  return [bytes.length, hashBytes(bytes)];
}

/** Writes a page's HTML and page-data into the staged output (`contextJson`: see assemblePage); their sums. */
export function writePageFiles(r: PageResult, out: PageOutput, contextJson?: string): [html: FileSum, pageData: FileSum] {
  const files = assemblePage(r, out.shell, contextJson);
  // the -rsc file is made from the same render as the two others: reused with them (collect.ts), not summed
  if (files.rscFile) writeInto(path.join(out.siteDir, files.rscFile), files.rsc!);
  return [writeInto(path.join(out.siteDir, files.htmlFile), files.html), writeInto(path.join(out.siteDir, files.pageDataFile), files.pageData)];
}

/**
 * Makes the folders of the pages about to be rendered (two a page), in their render order, on the main thread,
 * which is idle while they render: creating a folder waits on the file system (0.1-0.4 ms here), and a render
 * thread that finds its folders made only writes. Never fails: a folder it could not make is made (or reported)
 * by the thread that writes there. Stops when `stop.stopped` is set.
 */
export async function prepareFolders(siteDir: string, pages: Iterable<{ pagePath: string; status?: number }>, stop: { stopped: boolean }): Promise<void> {
  const made = new Set<string>();
  for (const page of pages) {
    const files = pageFilesOf(page.pagePath, page.status);
    for (const file of [files.htmlFile, files.pageDataFile]) {
      if (stop.stopped) return;
      const dir = path.dirname(path.join(siteDir, file));
      if (made.has(dir)) continue;
      made.add(dir);
      await mkdir(dir, { recursive: true }).catch(() => undefined);
    }
  }
}
