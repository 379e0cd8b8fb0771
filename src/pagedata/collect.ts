import { link, mkdir, open, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileMatches } from '../cache/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { ImageJob } from '../images/index.js';
import { htmlFileOf, pageFilesOf, rscFileOf } from '../render/index.js';
import type { PageMeta, PageResult } from '../render/index.js';
import { writePageFiles, type FileSum, type PageOutput } from '../render/index.js';

/** A build that commits in place (render/staging.ts Staging): what the output has, and what the build keeps of it. */
export interface KeepInPlace {
  /** Whether the output has the file that belongs at this staged path (as its listing found it). */
  has(stagedPath: string): boolean;
  /** Keeps that file as it is instead of staging it. */
  keep(stagedPath: string): void;
}

/**
 * Accounts for every page as render threads write it, the cache gives it back or the previous output lends
 * its files: gathers link sources, image references and problems (a page's HTML is never held here). With
 * `inPlace` (a build committing in place, render/staging.ts), a reused page's files stay where they are in the
 * output instead of being linked into the staged one: `inPlace.keep` is told each one's staged path.
 */
export function collectPages(output: PageOutput, inPlace: KeepInPlace | null = null) {
  const diagnostics: Diagnostic[] = [];
  const links = new Map<string, { source: string; links: string }>();
  const images = new Map<string, ImageJob>();
  const pagePaths = new Set<string>();
  const dirs = new Set<string>();
  let count = 0;

  const ensureDir = async (dir: string) => {
    if (dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    dirs.add(dir);
  };

  /** Book-keeping for every page, however its files were made. */
  const record = (r: PageMeta, sourceFile: string, ok: boolean) => {
    count++;
    diagnostics.push(...r.diagnostics);
    if (!ok) return false;
    if (r.status === undefined) pagePaths.add(r.pagePath);
    links.set(htmlFileOf(r.pagePath, r.status), { source: sourceFile, links: r.links });
    for (const img of r.images) {
      const job = images.get(img.source) ?? { source: img.source, output: img.output, references: [] };
      job.references.push({ file: sourceFile, line: img.line, column: img.column });
      images.set(img.source, job);
    }
    return true;
  };

  /** link-sources.json in pieces, pages in path order: whole, it would be one more copy of every page's links. */
  function* linkSourceParts(prefixDir: string): Generator<string> {
    yield '{"version":1,"pages":{';
    let first = true;
    for (const [rel, v] of [...links.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      yield `${first ? '' : ','}${JSON.stringify(`${prefixDir}/${rel}`)}:{"source":${JSON.stringify(v.source)},"links":${v.links}}`;
      first = false;
    }
    yield '}}';
  }

  return {
    /** Where pages go: render threads write there with the same writer as `write`. */
    output,
    diagnostics,
    pagePaths,
    get count() {
      return count;
    },
    /** Counts a page whose files a render thread wrote (or that failed): its links, images and problems. */
    record(r: PageMeta, sourceFile: string, ok: boolean): void {
      record(r, sourceFile, ok);
    },
    /** Writes a page's two files and gives their sums (a failed page only contributes its problems: null). */
    write(r: PageResult, sourceFile: string): [FileSum, FileSum] | null {
      return record(r, sourceFile, r.pageContext !== null) ? writePageFiles(r, output) : null;
    },
    /**
     * Takes a page's two files unchanged from the previous output (hard links: no bytes copied), once each is
     * checked to still hold the bytes written (`sums`): the link shares the file, so an edit made to it in the
     * previous output would be published. Returns false when they are gone or differ, and the caller writes
     * the page instead.
     */
    async reuse(r: PageMeta, sourceFile: string, previousSiteDir: string, sums: readonly [FileSum, FileSum] | null): Promise<boolean> {
      const { htmlFile: htmlRel, pageDataFile: dataRel } = pageFilesOf(r.pagePath, r.status);
      const rscRel = rscFileOf(dataRel);
      // (a page path's files are normal relative paths: joined without path.join's parsing, 30,000 times a rebuild)
      const [html, data, rsc] = [htmlRel, dataRel, rscRel].map((rel) => output.siteDir + path.sep + (path.sep === '/' ? rel : rel.split('/').join(path.sep))) as [string, string, string];
      // 404 pages are staged all the same: the service worker's precache reads them from the staged folder
      // (null sums: the previous output's stamp proves it is as written, see cache/output-stamp.ts)
      if (inPlace && sums === null && r.status === undefined && r.pagePath !== '/404/') {
        inPlace.keep(html);
        inPlace.keep(data);
        if (inPlace.has(rsc)) inPlace.keep(rsc);
        record(r, sourceFile, true);
        return true;
      }
      const [previousHtml, previousData, previousRsc] = [htmlRel, dataRel, rscRel].map((rel) => path.join(previousSiteDir, rel)) as [string, string, string];
      // an -rsc file has no recorded sum (nor, then, its page's files: write-page.ts): outside an intact output
      // an islands page is written again, never linked unchecked
      const hasRsc = inPlace ? inPlace.has(rsc) : existsSync(previousRsc);
      if (sums && hasRsc) return false;
      if (sums && (!fileMatches(previousHtml, ...sums[0]) || !fileMatches(previousData, ...sums[1]))) return false;
      try {
        await ensureDir(path.dirname(html));
        await ensureDir(path.dirname(data));
        await link(previousHtml, html);
        await link(previousData, data);
        // an islands page's -rsc file comes from the same render as its HTML: reused with it when there is one
        if (hasRsc) await link(previousRsc, rsc);
      } catch {
        // never leave a link behind: writing through it would change the previous output's file
        await Promise.all([rm(html, { force: true }), rm(data, { force: true }), rm(rsc, { force: true })]);
        return false;
      }
      record(r, sourceFile, true);
      return true;
    },
    /**
     * Where each rendered link came from, for check-links (`dist/server/link-sources.json`): the JSON of
     * `{ version: 1, pages: { [page]: { source, links: LinkSource[] } } }`, with each page's links as they came.
     */
    linkSources(prefixDir: string): string {
      return [...linkSourceParts(prefixDir)].join('');
    },
    /** Writes linkSources to `<server>/link-sources.json`, a megabyte at a time (at 10,000 dense pages it is 19 MB). */
    async writeLinkSources(serverDir: string, prefixDir: string): Promise<void> {
      const file = await open(path.join(serverDir, 'link-sources.json'), 'w');
      try {
        let chunk = '';
        for (const part of linkSourceParts(prefixDir)) {
          chunk += part;
          if (chunk.length < 1 << 20) continue;
          await file.write(chunk);
          chunk = '';
        }
        await file.write(chunk);
      } finally {
        await file.close();
      }
    },
    /** Every image the pages show, each with its references in file and line order (pages finish in any order). */
    images(): ImageJob[] {
      const place = (r: ImageJob['references'][number]) => `${r.file}\0${String(r.line).padStart(9)}\0${String(r.column).padStart(9)}`;
      for (const job of images.values()) job.references.sort((a, b) => (place(a) < place(b) ? -1 : place(a) > place(b) ? 1 : 0));
      return [...images.values()].sort((a, b) => (a.source < b.source ? -1 : 1));
    },
  };
}
