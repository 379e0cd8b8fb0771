// Per-page results of the last check, reused while a page's file is the same file: same inode, size and mtime.
// A docsgen rebuild hard-links unchanged pages from its previous output, so they keep all three, and a page
// written again gets a new inode. Anything that changes how links resolve (the site's file list, redirects,
// prefix) is in the context key, which invalidates every entry at once.
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { readCheckedJson, writeChecked } from '../cache/index.js';
import type { CheckedPage } from './check-page.js';
import type { FileStamp as Stamp } from './page-runner.js';

interface CacheFile {
  version: typeof VERSION;
  context: string;
  pages: Record<string, [Stamp, CheckedPage]>;
}

const FILE = 'pages.json';
// raised whenever what a page's result holds changes (2: pages decoded by their encoding, more URL attributes)
const VERSION = 2;

/** The context key: everything besides a page's own bytes that its result depends on. */
export function contextKeyOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 20);
}

/** Loads the cache; returns a lookup by page and a saver for the results of this run. */
export async function openResultCache(cacheDir: string, context: string, dir: string) {
  // no cache yet, or a damaged one (its checksum fails): every page is checked
  const parsed = await readCheckedJson<CacheFile>(path.join(cacheDir, FILE));
  const stored: CacheFile['pages'] = parsed?.version === VERSION && parsed.context === context ? parsed.pages : {};
  const stamps = new Map<string, Stamp>();
  return {
    /**
     * The stored result of a page if its file is unchanged (stats it; remembers the stamp for save). With nothing
     * stored for the page there is nothing to compare: its stamp comes with its check (`save`'s `checked`).
     */
    async lookup(page: string): Promise<CheckedPage | null> {
      if (!Object.hasOwn(stored, page)) return null;
      // synchronous: thousands of small stats cost less CPU on this thread than as many thread-pool round trips
      let s: Stats | null = null;
      try {
        s = statSync(path.join(dir, page));
      } catch {
        return null;
      }
      const stamp: Stamp = [s.ino, s.size, s.mtimeMs];
      stamps.set(page, stamp);
      const hit = stored[page];
      return hit && hit[0][0] === stamp[0] && hit[0][1] === stamp[1] && hit[0][2] === stamp[2] ? hit[1] : null;
    },
    /** Writes this run's results: those reused, and those `checked` with the stamps of the files they were read from. */
    async save(results: readonly CheckedPage[], checked: { results: readonly CheckedPage[]; stamps: readonly Stamp[] }): Promise<void> {
      const pages: CacheFile['pages'] = {};
      checked.results.forEach((r, i) => stamps.set(r.page, checked.stamps[i]!));
      for (const r of results) {
        const stamp = stamps.get(r.page);
        if (stamp) pages[r.page] = [stamp, r];
      }
      await writeChecked(path.join(cacheDir, FILE), JSON.stringify({ version: VERSION, context, pages } satisfies CacheFile));
    },
  };
}
