import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Short content hash used for static-query file names and the build hash. */
export function contentHash(data: string | Uint8Array, length = 16): string {
  return createHash('sha256').update(data).digest('hex').slice(0, length);
}

export { pageDataFile } from '../util/page-data-path.js';

/** Writes JSON (compact: these are fetched on every navigation) creating folders as needed. */
export async function writeJson(file: string, data: unknown): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const text = JSON.stringify(data);
  await writeFile(file, text);
  return text;
}

/**
 * A static query result: `page-data/sq/d/<hash>.json`, named (as Gatsby names it) by the hash of the query,
 * not of its result: renaming a page changes the nav file's content, not every page-data that lists it.
 */
export function staticQuery(name: string, data: Record<string, unknown>): { hash: string; json: { data: Record<string, unknown> } } {
  return { hash: contentHash(`docsgen-static-query:${name}`, 10), json: { data } };
}

/** The build hash (Gatsby's webpackCompilationHash: that of the browser bundles), written to `page-data/app-data.json`. */
export async function writeAppData(siteDir: string, clientHash: string): Promise<string> {
  const buildHash = contentHash(`docsgen-build:${clientHash}`, 20);
  await writeJson(path.join(siteDir, 'page-data/app-data.json'), { webpackCompilationHash: buildHash });
  return buildHash;
}
