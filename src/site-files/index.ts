// Public face of the site-files stage: what a site adds to the web root besides its pages — the files of
// public/, sitemap.xml and robots.txt — and the theming the config asks for (social card, brand CSS).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../config/index.js';
import { copyPublicFiles, type KnownHash } from './public-files.js';
import type { SiteFilesPlan } from './prepare.js';
import { buildSitemap, pageUrl, robotsTxt } from './sitemap.js';

export { prepareSiteFiles, type SiteFilesPlan } from './prepare.js';
export { buildSitemap, escapeXml, pageUrl, robotsTxt, sitemapFileNames, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, type SitemapEntry, type SitemapFile } from './sitemap.js';
export { themeCss } from './theme-css.js';
export { siteFileCodes } from './codes.js';

/** A built page as the sitemap sees it: status pages (404, 500) carry their status and are left out. */
export interface SitemapPage {
  pagePath: string;
  status?: number | undefined;
  /** The same date as the page's "Last updated": frontmatter `lastUpdated`, else its file's last commit. */
  lastUpdated?: string | undefined;
}

/**
 * Writes the site's own files into the web root `webRoot`: public/ (hard-linked from `previousWebRoot` where
 * unchanged), then sitemap.xml (with its parts) and robots.txt when `siteUrl` is set. Returns the files written,
 * relative to the web root.
 */
export async function writeSiteFiles(plan: SiteFilesPlan, opts: { webRoot: string; previousWebRoot: string | null; pages: readonly SitemapPage[]; config: Pick<SiteConfig, 'siteUrl' | 'pathPrefix'>; knownHash?: KnownHash }): Promise<string[]> {
  await copyPublicFiles(plan.publicFiles, plan.publicDir, opts.webRoot, opts.previousWebRoot, opts.knownHash);
  const written = [...plan.publicFiles];
  const siteUrl = opts.config.siteUrl;
  if (!siteUrl) return written;
  const entries = opts.pages.filter((p) => p.status === undefined).map((p) => ({ loc: pageUrl(siteUrl, opts.config.pathPrefix, p.pagePath), lastmod: p.lastUpdated }));
  for (const f of buildSitemap(entries, siteUrl)) {
    await writeFile(path.join(opts.webRoot, f.file), f.xml);
    written.push(f.file);
  }
  if (plan.robots) {
    await writeFile(path.join(opts.webRoot, 'robots.txt'), robotsTxt(`${siteUrl}/sitemap.xml`));
    written.push('robots.txt');
  }
  return written;
}
