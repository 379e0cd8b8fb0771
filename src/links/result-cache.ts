// Per-page results of the last check, reused while a page's file is the same file: same inode, size and mtime.
// A docsgen rebuild hard-links unchanged pages from its previous output, so they keep all three, and a page
// written again gets a new inode. Anything that changes how links resolve (the site's file list, redirects,
// prefix) is in the context key, which invalidates every entry at once.
// A reused page's links to other pages' anchors are kept packed in one string per page (far cheaper to read and write
// than thousands of objects), in a file of their own, with whether they all held last time: that file is read only
// when a page they point at has other anchors now or some failed (check-links.ts), and written only when a page's
// checks changed, so a one-page edit that leaves the page's anchor links where they were touches neither.
import { createHash, randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { readCheckedJson, writeCheckedParts } from '../cache/index.js';
import type { AnchorCheck, CheckedPage } from './check-page.js';
import type { FileStamp as Stamp } from './page-runner.js';
import { statPageSync } from './page-file.js';

/** A page's result as stored: the key of its packed anchor checks, and whether they all found their anchor last run. */
type StoredPage = Omit<CheckedPage, 'anchorChecks' | 'packedChecks' | 'anchorsHeld' | 'checksKey'> & { checksKey: string; held: boolean };

interface CacheFile {
  version: typeof VERSION;
  context: string;
  /** The anchor-checks file written with this one (a lost or older one is not used). */
  checksId: string;
  pages: Record<string, [Stamp, StoredPage]>;
}

/** Every page's packed anchor checks: megabytes on a large site, read only when some must be checked again. */
interface ChecksFile {
  id: string;
  checks: Record<string, string>;
}

const FILE = 'pages.json';
const CHECKS_FILE = 'anchor-checks.json';
// raised whenever what a page's result holds changes (2: pages decoded by their encoding, more URL attributes;
// 4: anchor checks packed in a file of their own, with whether they held)
const VERSION = 4;
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

/** Loads the cache; returns a lookup by page, the reader of reused pages' anchor checks, and a saver for this run. */
export async function openResultCache(cacheDir: string, context: string, dir: string, underDir?: string, keptStamp?: (page: string) => Stamp | undefined) {
  // no cache yet, or a damaged one (its checksum fails): every page is checked
  const parsed = await readCheckedJson<CacheFile>(path.join(cacheDir, FILE));
  const valid = parsed?.version === VERSION && parsed.context === context;
  const stored: CacheFile['pages'] = valid ? parsed.pages : {};
  const checksId = valid ? parsed.checksId : null;
  const stamps = new Map<string, Stamp>();
  let checks: Record<string, string> | null | undefined;
  const readChecks = async (): Promise<Record<string, string> | null> => {
    if (checks === undefined) {
      const file = checksId === null ? null : await readCheckedJson<ChecksFile>(path.join(cacheDir, CHECKS_FILE));
      checks = file?.id === checksId ? file.checks : null;
    }
    return checks;
  };
  return {
    /**
     * The stored result of a page if its file is unchanged (stats it; remembers the stamp for save). With nothing
     * stored for the page there is nothing to compare: its stamp comes with its check (`save`'s `checked`).
     * Its anchor checks are not read (`anchorChecks` empty): `attachChecks` reads them when some must be checked.
     */
    async lookup(page: string): Promise<CheckedPage | null> {
      if (!Object.hasOwn(stored, page)) return null;
      // synchronous: thousands of small stats cost less CPU on this thread than as many thread-pool round trips
      let stamp = keptStamp?.(page);
      if (stamp === undefined) {
        let s: Stats;
        try {
          s = statPageSync(dir, underDir, page);
        } catch {
          return null;
        }
        stamp = [s.ino, s.size, s.mtimeMs];
      }
      stamps.set(page, stamp);
      const hit = stored[page];
      if (!hit || hit[0][0] !== stamp[0] || hit[0][1] !== stamp[1] || hit[0][2] !== stamp[2]) return null;
      const { held, ...rest } = hit[1];
      return { ...rest, anchorChecks: [], anchorsHeld: held };
    },
    /** The anchors the page had when its result was stored (to tell which pages' anchors changed), or null. */
    storedAnchors(page: string): string | null {
      return Object.hasOwn(stored, page) ? stored[page]![1].anchors : null;
    },
    /** Gives reused results their packed anchor checks (`packedChecks`); false when the file is lost or damaged. */
    async attachChecks(reused: readonly CheckedPage[]): Promise<boolean> {
      const all = await readChecks();
      if (all === null || reused.some((r) => typeof all[r.page] !== 'string')) return false;
      for (const r of reused) r.packedChecks = all[r.page];
      return true;
    },
    /**
     * Writes this run's results: those reused, and those `checked` with the stamps of the files they were read
     * from. Each result's `anchorsHeld` must be settled (collectPageProblems does it). The anchor-checks file is
     * written again only when a page checked in this run has other anchor checks than it had.
     */
    async save(results: readonly CheckedPage[], checked: { results: readonly CheckedPage[]; stamps: readonly Stamp[] }): Promise<void> {
      checked.results.forEach((r, i) => stamps.set(r.page, checked.stamps[i]!));
      const fresh = new Map<string, string>();
      for (const r of checked.results) fresh.set(r.page, packChecks(r.anchorChecks));
      const pages: CacheFile['pages'] = {};
      let id = checksId;
      for (const r of results) {
        const stamp = stamps.get(r.page);
        if (!stamp) continue;
        const packed = fresh.get(r.page);
        const checksKey = packed === undefined ? r.checksKey : keyOf(packed);
        if (checksKey === undefined) continue;
        if (packed !== undefined && stored[r.page]?.[1].checksKey !== checksKey) id = null;
        const { anchorChecks, packedChecks, anchorsHeld, ...rest } = r;
        pages[r.page] = [stamp, { ...rest, checksKey, held: anchorsHeld === true }];
      }
      if (id === null) {
        // some page's checks changed: every page's are written again (a reused page whose checks are lost is dropped)
        const old = (await readChecks()) ?? {};
        for (const page of Object.keys(pages)) if ((fresh.get(page) ?? old[page]) === undefined) delete pages[page];
        id = randomBytes(8).toString('hex');
        // JSON of a ChecksFile, a page at a time: on a large site it is megabytes (see writeCheckedParts)
        const checksParts = function* (fileId: string) {
          yield `{"id":${JSON.stringify(fileId)},"checks":{`;
          let first = true;
          for (const page of Object.keys(pages)) {
            yield `${first ? '' : ','}${JSON.stringify(page)}:${JSON.stringify(fresh.get(page) ?? old[page])}`;
            first = false;
          }
          yield '}}';
        };
        await writeCheckedParts(path.join(cacheDir, CHECKS_FILE), checksParts(id));
      }
      const pagesParts = function* (checksId: string | null) {
        yield `{"version":${VERSION},"context":${JSON.stringify(context)},"checksId":${JSON.stringify(checksId)},"pages":{`;
        let first = true;
        for (const [page, entry] of Object.entries(pages)) {
          yield `${first ? '' : ','}${JSON.stringify(page)}:${JSON.stringify(entry)}`;
          first = false;
        }
        yield '}}';
      };
      await writeCheckedParts(path.join(cacheDir, FILE), pagesParts(id));
    },
  };
}

/** The key of a page's packed anchor checks (equal keys: the same checks). */
function keyOf(packed: string): string {
  return createHash('sha256').update(packed).digest('base64url').slice(0, 22);
}
