// Puts one build's precache manifest into the worker's code in place of the placeholder (worker-code.ts).
// Entries are written as JavaScript object literals with JSON string values, the shape terser gives them
// (`{url:"/documentation/404.html",revision:"…"}`), and valid JavaScript whatever characters a file name has.
import type { ManifestEntry } from 'workbox-build';
import { PLACEHOLDER_ARRAY, hasOnePlaceholder } from './worker-code.js';

/** The manifest as a JavaScript array literal: `url`, then `revision`, then any other field workbox-build set. */
export function manifestLiteral(entries: readonly ManifestEntry[]): string {
  const entry = (e: ManifestEntry): string => {
    const { url, revision, ...rest } = e;
    const fields = [`url:${JSON.stringify(url)}`, `revision:${JSON.stringify(revision ?? null)}`];
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) fields.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
    return `{${fields.join(',')}}`;
  };
  return `[${entries.map(entry).join(',')}]`;
}

/** The worker's code with `entries` as its precache manifest (an empty manifest precaches nothing). */
export function injectManifest(code: string, entries: readonly ManifestEntry[]): string {
  if (!hasOnePlaceholder(code)) throw new Error('the service worker code has no placeholder manifest to replace');
  const at = code.indexOf(PLACEHOLDER_ARRAY);
  // slice, not String#replace: a `$&` in a file name must stay as it is
  return code.slice(0, at) + manifestLiteral(entries) + code.slice(at + PLACEHOLDER_ARRAY.length);
}
