// Where a page's file is. A build that commits in place stages only the pages it wrote (render/staging.ts): the
// others stay in the previous output, whose web root it passes as `underDir`. The file list says which pages
// exist, so a page missing from the staged folder is one of those.
import { openSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Opens a page for reading: from `dir`, else from `underDir`. */
export function openPageSync(dir: string, underDir: string | undefined, page: string): number {
  return staged(dir, underDir, page, (file) => openSync(file, 'r'));
}

/** A page's stats: from `dir`, else from `underDir` (thousands a rebuild: a miss is not an exception). */
export function statPageSync(dir: string, underDir: string | undefined, page: string): Stats {
  const s = underDir === undefined ? undefined : statSync(path.join(dir, page), { throwIfNoEntry: false });
  return s ?? statSync(path.join(underDir ?? dir, page));
}

/** A page's bytes: from `dir`, else from `underDir`. */
export async function readPage(dir: string, underDir: string | undefined, page: string): Promise<Buffer> {
  try {
    return await readFile(path.join(dir, page));
  } catch (err) {
    if (underDir === undefined || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return readFile(path.join(underDir, page));
  }
}

function staged<T>(dir: string, underDir: string | undefined, page: string, use: (file: string) => T): T {
  try {
    return use(path.join(dir, page));
  } catch (err) {
    if (underDir === undefined || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return use(path.join(underDir, page));
  }
}
