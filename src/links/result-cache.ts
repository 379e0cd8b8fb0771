// Per-page results of the last check, reused while a page's file is the same file: same inode, size and mtime.
// A docsgen rebuild hard-links unchanged pages from its previous output, so they keep all three, and a page
// written again gets a new inode. Anything that changes how links resolve (the site's file list, redirects,
// prefix) is in the context key, which invalidates every entry at once.
// A reused page's links to other pages' anchors are kept packed in one string (one JSON string per page is far
// cheaper to read and write than thousands of objects), with whether they all held last time: they are unpacked
// and checked again only when a page they point at has other anchors now (see check-links.ts, collectPageProblems).
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { readCheckedJson, writeChecked } from '../cache/index.js';
import type { AnchorCheck, CheckedPage } from './check-page.js';
import type { FileStamp as Stamp } from './page-runner.js';

/** A page's result as stored: its anchor checks packed, and whether they all found their anchor last run. */
type StoredPage = Omit<CheckedPage, 'anchorChecks' | 'packedChecks' | 'anchorsHeld'> & { checks: string; held: boolean };

interface CacheFile {
  version: typeof VERSION;
  context: string;
  pages: Record<string, [Stamp, StoredPage]>;
}

const FILE = 'pages.json';
// raised whenever what a page's result holds changes (2: pages decoded by their encoding, more URL attributes;
// 3: anchor checks packed, with whether they held)
const VERSION = 3;
// an anchor check packed: its fields in this order, flattened into one array per page
const FIELDS = 7;

/** The context key: everything besides a page's own bytes that its result depends on. */
export function contextKeyOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 20);
}

/** A page's anchor checks as one string (JSON of a flat array): stored as is, unpacked only when needed. */
export function packChecks(checks: readonly AnchorCheck[]): string {
  const flat: Array<string | number> = [];
  for (const c of checks) flat.push(c.targetFile, c.fragment, c.href, c.index, c.line, c.column, c.occurrence);
  return JSON.stringify(flat);
}

/** The anchor checks packChecks packed. */
export function unpackChecks(packed: string): AnchorCheck[] {
  const flat = JSON.parse(packed) as Array<string | number>;
  const out: AnchorCheck[] = [];
  for (let i = 0; i + FIELDS <= flat.length; i += FIELDS) {
    out.push({ targetFile: flat[i] as string, fragment: flat[i + 1] as string, href: flat[i + 2] as string, index: flat[i + 3] as number, line: flat[i + 4] as number, column: flat[i + 5] as number, occurrence: flat[i + 6] as number });
  }
  return out;
}

/** Whether a packed list may hold a check of `targetFile` (a cheap substring test; true is checked in full). */
export function mayTarget(packed: string, targetFile: string): boolean {
  return packed.includes(JSON.stringify(targetFile));
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
     * The result's anchor checks stay packed (`packedChecks`, `anchorsHeld`).
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
      if (!hit || hit[0][0] !== stamp[0] || hit[0][1] !== stamp[1] || hit[0][2] !== stamp[2]) return null;
      const { checks, held, ...rest } = hit[1];
      return { ...rest, anchorChecks: [], packedChecks: checks, anchorsHeld: held };
    },
    /** The anchors the page had when its result was stored (to tell which pages' anchors changed), or null. */
    storedAnchors(page: string): string | null {
      return Object.hasOwn(stored, page) ? stored[page]![1].anchors : null;
    },
    /**
     * Writes this run's results: those reused, and those `checked` with the stamps of the files they were read
     * from. Each result's `anchorsHeld` must be settled (collectPageProblems does it).
     */
    async save(results: readonly CheckedPage[], checked: { results: readonly CheckedPage[]; stamps: readonly Stamp[] }): Promise<void> {
      const pages: CacheFile['pages'] = {};
      checked.results.forEach((r, i) => stamps.set(r.page, checked.stamps[i]!));
      for (const r of results) {
        const stamp = stamps.get(r.page);
        if (!stamp) continue;
        const { anchorChecks, packedChecks, anchorsHeld, ...rest } = r;
        pages[r.page] = [stamp, { ...rest, checks: packedChecks ?? packChecks(anchorChecks), held: anchorsHeld === true }];
      }
      await writeChecked(path.join(cacheDir, FILE), JSON.stringify({ version: VERSION, context, pages } satisfies CacheFile));
    },
  };
}
