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
 * The thread's encoding buffer: a page's files are encoded into it and written from it, instead of a fresh
 * buffer per file (80-90 KB a page on a link-dense site): fresh memory costs page faults to touch and, as
 * external memory, brings V8's collections forward. Grown when a file does not fit; never shared across threads.
 */
let scratch = Buffer.allocUnsafeSlow(256 * 1024);

/** `data` encoded as UTF-8 into the thread's buffer: a view valid until the next call. */
function encode(data: string): Buffer {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; most pages are far below, so measure only when it may not fit
  if (data.length * 3 > scratch.length) {
    const need = Buffer.byteLength(data, 'utf8');
    if (need > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(need, scratch.length * 2));
  }
  return scratch.subarray(0, scratch.write(data, 0, 'utf8'));
}

/**
 * Writes a file, making its folder first only when it is missing (usually prepareFolders made it already).
 * Returns the sum of the bytes written (without the hash when `hashed` is false).
 */
function writeInto(file: string, data: string, hashed: boolean): FileSum {
  const bytes = encode(data);
  try {
    writeFileSync(file, bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  return [bytes.length, hashed ? hashBytes(bytes) : ''];
}

/** Writes a page's HTML and page-data into the staged output (`contextJson`: see assemblePage); their sums. */
export function writePageFiles(r: PageResult, out: PageOutput, contextJson?: string): [html: FileSum, pageData: FileSum] {
  const files = assemblePage(r, out.shell, contextJson);
  // the -rsc file is made from the same render as the two others: reused with them (collect.ts), not summed; and
  // an islands page is linked from the previous output only while that output is intact, never by its files'
  // hashes, so its files are not hashed (a twentieth of a render thread's time on a link-dense site)
  const hashed = !files.rscFile;
  if (files.rscFile) writeInto(path.join(out.siteDir, files.rscFile), files.rsc!, false);
  return [writeInto(path.join(out.siteDir, files.htmlFile), files.html, hashed), writeInto(path.join(out.siteDir, files.pageDataFile), files.pageData, hashed)];
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
