import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LinkSource } from '../content/links.js';
import type { Diagnostic } from '../diagnostics/types.js';
import type { ImageJob } from '../images/index.js';
import type { PageTask } from '../render/page-task.js';
import type { RenderedPage } from '../render/render-page.js';
import { contentHash, pageDataFile, writeJson } from './write.js';

/**
 * Receives rendered pages as workers finish them: writes each HTML document at once (streaming), keeps the
 * page-data until the build hash is known, and gathers link sources and image references.
 */
export function collectRendered(opts: { siteDir: string; prefix: string; tasks: readonly PageTask[] }) {
  const diagnostics: Diagnostic[] = [];
  const pageData = new Map<string, string>();
  const links = new Map<string, { source: string; links: LinkSource[] }>();
  const images = new Map<string, ImageJob>();
  const pagePaths = new Set<string>();
  let count = 0;

  const htmlFile = (task: PageTask) =>
    task.status !== undefined ? `${task.status}.html` : path.join(task.pagePath.replace(/^\/+/, ''), 'index.html');

  return {
    diagnostics,
    pagePaths,
    get count() {
      return count;
    },
    async add(page: RenderedPage): Promise<void> {
      count++;
      diagnostics.push(...page.diagnostics);
      if (!page.pageData) return;
      const task = opts.tasks[page.id]!;
      const rel = htmlFile(task);
      const file = path.join(opts.siteDir, rel);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, page.html);
      if (task.status === undefined) pagePaths.add(task.pagePath);
      pageData.set(String(page.pageData.path), JSON.stringify(page.pageData));
      links.set(rel.split(path.sep).join('/'), { source: task.displayFile, links: page.links });
      for (const img of page.images) {
        const job = images.get(img.source) ?? { source: img.source, output: img.output, references: [] };
        job.references.push({ file: task.displayFile, line: img.line, column: img.column });
        images.set(img.source, job);
      }
    },
    /**
     * Writes every page-data file and app-data.json. The build hash covers the bundles, the shared data and
     * every page's data, so it changes when, and only when, the output changes.
     */
    async writePageData(seed: string): Promise<string> {
      const keys = [...pageData.keys()].sort();
      const buildHash = contentHash(seed + keys.map((k) => pageData.get(k)).join('\n'), 20);
      await Promise.all(
        keys.map((p) => {
          const data = JSON.parse(pageData.get(p)!) as Record<string, unknown>;
          return writeJson(path.join(opts.siteDir, pageDataFile(p)), { ...data, webpackCompilationHash: buildHash });
        }),
      );
      await writeJson(path.join(opts.siteDir, 'page-data/app-data.json'), { webpackCompilationHash: buildHash });
      return buildHash;
    },
    /** Where each rendered link came from, for check-links (`dist/server/link-sources.json`). */
    linkSources(prefixDir: string) {
      const pages: Record<string, { source: string; links: LinkSource[] }> = {};
      for (const [rel, v] of [...links.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) pages[`${prefixDir}/${rel}`] = v;
      return { version: 1, pages };
    },
    images(): ImageJob[] {
      return [...images.values()].sort((a, b) => (a.source < b.source ? -1 : 1));
    },
  };
}
