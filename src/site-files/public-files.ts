// `public/`: files a site ships as they are (favicon, robots.txt, downloads, verification files), copied to the
// web root. Each is claimed with the other outputs first, so one that would replace a page or a file docsgen
// writes is an error naming both. A file unchanged since the previous build (same size and mtime, within the
// 2 ms utimes can keep, as the copy there, which keeps its source's mtime) is hard-linked from it instead of
// copied, as unchanged pages are: only while that copy still holds the source's bytes (its hash checked), so a
// file edited in dist/ by hand is not published again (issue 19, item 3).
import { constants, readFileSync, realpathSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { fileMatches, hashBytes } from '../cache/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { decodeSvgBytes, MAX_SVG_CHARS, sanitizeSvg } from '../images/index.js';
import { siteFileCodes } from './codes.js';

/** The files of a site's public/ folder, relative to it, `/`-separated, sorted; refused ones reported. */
export function listPublicFiles(root: string, publicDir: string): { files: string[]; diagnostics: Diagnostic[] } {
  let found: string[] = [];
  try {
    found = fg.sync('**/*', { cwd: publicDir, dot: true, onlyFiles: true, followSymbolicLinks: true });
  } catch {
    return { files: [], diagnostics: [] }; // no public/ folder: nothing to copy
  }
  const realRoot = realpathSync(root);
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const rel of found.sort()) {
    const abs = path.join(publicDir, rel);
    let real: string;
    try {
      real = realpathSync(abs);
      statSync(real);
    } catch (err) {
      diagnostics.push(refused(rel, `cannot be read: ${(err as Error).message}`, 'remove the broken link or fix its target'));
      continue;
    }
    // a symlink out of the project would publish whatever it points at (a home folder, /etc)
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
      diagnostics.push(refused(rel, `is a link to ${real}, outside the project`, 'copy the file into public/ instead of linking to it'));
      continue;
    }
    const svg = /\.svgz?$/i.test(rel) ? activeSvg(real, rel) : null;
    if (svg) {
      diagnostics.push(svg);
      continue;
    }
    files.push(rel);
  }
  return { files, diagnostics };
}

/**
 * An SVG of public/ that a browser would run script from when it is opened (served as image/svg+xml on the
 * site's origin), as an error: public/ files are published byte for byte, so it is refused rather than changed.
 * Null for static SVG (what the images stage's sanitizer would leave as it is).
 */
function activeSvg(file: string, rel: string): Diagnostic | null {
  const refuse = (why: string, line = 1): Diagnostic => ({
    code: siteFileCodes.PUBLIC_SVG_REFUSED,
    severity: 'error',
    message: `public/${rel} ${why}: it is not published`,
    hint: 'public/ files are published byte for byte: remove what runs or loads from the SVG, or keep it in content/ and show it from a page, which publishes it sanitized',
    location: { file: `public/${rel}`, line, column: 1 },
  });
  let text: string;
  try {
    text = decodeSvgBytes(readFileSync(file));
  } catch (err) {
    return refuse(`cannot be read as SVG text (${(err as Error).message})`);
  }
  const clean = text.length <= MAX_SVG_CHARS ? sanitizeSvg(text) : null;
  if (!clean) return refuse(text.length > MAX_SVG_CHARS ? `is larger than ${MAX_SVG_CHARS / 1024 / 1024} MB of SVG text` : 'has no <svg> root element in the SVG namespace, so a browser may read it as another XML document');
  if (clean.removed.length === 0) return null;
  const listed = clean.removed.slice(0, 4).map((r) => `${r.what} (line ${r.line})`);
  if (clean.removed.length > 4) listed.push(`and ${clean.removed.length - 4} more`);
  return refuse(`holds content that runs or loads from elsewhere when the file is opened: ${listed.join(', ')}`, clean.removed[0]!.line);
}

function refused(rel: string, why: string, hint: string): Diagnostic {
  return { code: siteFileCodes.PUBLIC_FILE_REFUSED, severity: 'error', message: `public/${rel} ${why}`, hint, location: { file: `public/${rel}`, line: 1, column: 1 } };
}

/** The hash (hashBytes) of a source file of the given size and mtime when the build knows it already, else undefined. */
export type KnownHash = (file: string, size: number, mtimeMs: number) => string | undefined;

/**
 * Copies `files` from `publicDir` to the web root `webRoot`, keeping each source's mtime; a file whose copy in
 * `previousWebRoot` (the last build's output) has the same size, mtime and content hash is hard-linked from
 * there. `knownHash` saves reading a source the build hashed already. Returns how many were linked.
 */
export async function copyPublicFiles(files: readonly string[], publicDir: string, webRoot: string, previousWebRoot: string | null, knownHash: KnownHash = () => undefined): Promise<number> {
  let linked = 0;
  const made = new Set<string>();
  for (const rel of files) {
    const src = path.join(publicDir, rel);
    const dest = path.join(webRoot, rel);
    const dir = path.dirname(dest);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    const source = await stat(src);
    if (previousWebRoot) {
      const before = await stat(path.join(previousWebRoot, rel)).catch(() => null);
      const previous = path.join(previousWebRoot, rel);
      if (before && before.size === source.size && Math.abs(before.mtimeMs - source.mtimeMs) < 2 && before.ino !== source.ino && fileMatches(previous, source.size, knownHash(src, source.size, source.mtimeMs) ?? hashBytes(await readFile(src)))) {
        try {
          await link(previous, dest);
          linked++;
          continue;
        } catch {
          // another file system, or links refused: copy
        }
      }
    }
    await copyFile(src, dest, constants.COPYFILE_FICLONE);
    // the copy's mtime is the source's to about a millisecond (utimes goes through float seconds): compared so above
    await utimes(dest, source.atime, source.mtime);
  }
  return linked;
}
