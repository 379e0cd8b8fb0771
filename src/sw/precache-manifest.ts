// One build's precache manifest (URLs, revisions, count and size), computed the way workbox-build's getManifest
// and generateSW compute it, without their option validation: that compiles a JSON schema with ajv on first
// use (~50 ms), which is most of a warm service-worker step. The defaults validation would add are spelled out.
// The module is workbox-build's private one: the version is pinned exactly in package.json, and
// test/sw/worker-code-cache.test.ts holds the result equal to the public getManifest's.
import type { GetManifestResult } from 'workbox-build';
import type { PrecacheOptions } from './workbox-options.js';

/** The schema defaults of GetManifestOptions that `options` does not set (workbox-build 7's GetManifestOptions.json). */
export const GET_MANIFEST_DEFAULTS = { globFollow: true, globStrict: true } as const;

/** Globs and hashes the precached files: the same entries, count, size and warnings as `getManifest(options)`. */
export async function precacheManifest(options: PrecacheOptions): Promise<GetManifestResult> {
  // loaded on first use (~50 ms of CommonJS: glob, fs-extra, common-tags), so other commands never pay for it
  const { getFileManifestEntries } = await import('workbox-build/build/lib/get-file-manifest-entries.js');
  return getFileManifestEntries({ ...GET_MANIFEST_DEFAULTS, ...options, globPatterns: [...options.globPatterns], globIgnores: [...options.globIgnores] });
}
