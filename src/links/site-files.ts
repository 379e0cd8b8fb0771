import { readdirSync, readlinkSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** A symlink under the checked folder that is not followed, or a folder that could not be listed. */
export interface SkippedEntry {
  /** Path relative to the checked folder, `/`-separated. */
  path: string;
  /** `outside`: the link's real path is outside the folder; `loop`: it leads back to a folder it is in; `unreadable`: a folder that could not be listed. */
  reason: 'outside' | 'loop' | 'unreadable';
  /** The link's target as written (symlinks), or the error message (unreadable folders). */
  detail: string;
}

/** The files of a built site and what was left out of them. */
export interface SiteFiles {
  /** Every file, relative to the folder, `/`-separated, dot files included, in walk order. */
  files: string[];
  skipped: SkippedEntry[];
}

/**
 * Lists every file under `dir`, following symlinks only while they stay inside it: a link whose real path is
 * outside the folder is not part of the site being checked (nor something to read), and a link back to a folder
 * it is in would be walked forever (fast-glob follows both: two loops in one folder made it walk 2^40 paths).
 * Only symlinks cost a `realpath`; the rest is one `readdir` per folder, as fast-glob does.
 */
export function listSiteFiles(dir: string): SiteFiles {
  const root = realpathSync(dir);
  const files: string[] = [];
  const skipped: SkippedEntry[] = [];
  // each folder to list: its path as the site sees it, its real path, and the real paths of the folders it is in
  const walk = (rel: string, real: string, ancestors: ReadonlySet<string>): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(real, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: rel || '.', reason: 'unreadable', detail: (err as Error).message });
      return;
    }
    const inside = new Set(ancestors).add(real);
    for (const e of entries) {
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      const full = `${real}${path.sep}${e.name}`;
      if (e.isFile()) files.push(relPath);
      else if (e.isDirectory()) walk(relPath, full, inside);
      else if (e.isSymbolicLink()) {
        let target: string;
        let isDir: boolean;
        try {
          target = realpathSync(full);
          isDir = statSync(target).isDirectory();
        } catch {
          // a dangling link: nothing to serve, so a link to it is reported as missing like any other
          continue;
        }
        if (target !== root && !target.startsWith(root + path.sep)) {
          skipped.push({ path: relPath, reason: 'outside', detail: readlinkSync(full) });
        } else if (!isDir) {
          files.push(relPath);
        } else if (inside.has(target)) {
          skipped.push({ path: relPath, reason: 'loop', detail: readlinkSync(full) });
        } else {
          walk(relPath, target, inside);
        }
      }
    }
  };
  walk('', root, new Set());
  // in path order, whatever order the file system listed them in
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}

/** The skipped symlink a site path (relative to the web root) goes through, or null. */
export function skippedLinkOn(rel: string, skipped: readonly string[]): string | null {
  for (const s of skipped) if (rel === s || rel.startsWith(`${s}/`)) return s;
  return null;
}
