// sitemap.xml by the sitemaps.org protocol 0.9: one <urlset> while the site fits one file (50,000 URLs and
// 50 MB uncompressed each), else numbered files under a <sitemapindex>. The split depends only on the URLs
// (each entry counted at its largest possible size), so the file names are known before the pages are built and
// can be claimed with the other outputs.

/** Most URLs in one sitemap file, and in one sitemap index (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Largest sitemap file, uncompressed, in bytes (sitemaps.org: 50 MB = 52,428,800 bytes). */
export const SITEMAP_MAX_BYTES = 52_428_800;
/** Longest URL a sitemap may list (sitemaps.org: fewer than 2,048 characters). */
export const SITEMAP_MAX_URL_LENGTH = 2047;

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
// the longest W3C datetime a <lastmod> can hold (`2025-01-31T09:30:00.000+00:00`)
const LASTMOD_MAX = '<lastmod>0000-00-00T00:00:00.000+00:00</lastmod>'.length;

/** One page of the sitemap: its absolute URL and when it last changed (ISO 8601 date or date-time). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
}

/** One file to write at the web root. */
export interface SitemapFile {
  file: string;
  xml: string;
}

/** Escapes text for XML element content (the five predefined entities). */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The absolute URL of a page: the site URL, the prefix, the page path, percent-encoded where a URL must be. */
export function pageUrl(siteUrl: string, pathPrefix: string, pagePath: string): string {
  return `${siteUrl}${encodeURI(`${pathPrefix}${pagePath}`)}`;
}

function urlEntry(e: SitemapEntry): string {
  return `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>\n`;
}

/** Groups of entries, in order, each within the limits of one file (sizes counted with the longest lastmod). */
export function splitEntries(entries: readonly Pick<SitemapEntry, 'loc'>[], maxUrls = SITEMAP_MAX_URLS, maxBytes = SITEMAP_MAX_BYTES): number[] {
  const frame = Buffer.byteLength(`${HEAD}<urlset xmlns="${NS}">\n</urlset>\n`);
  const ends: number[] = [];
  let count = 0;
  let bytes = frame;
  entries.forEach((e, i) => {
    const size = Buffer.byteLength(urlEntry({ loc: e.loc })) + LASTMOD_MAX;
    if (count > 0 && (count === maxUrls || bytes + size > maxBytes)) {
      ends.push(i);
      count = 0;
      bytes = frame;
    }
    count++;
    bytes += size;
  });
  ends.push(entries.length);
  return ends;
}

/** The names of the sitemap files for `entries`: `sitemap.xml`, or the index plus `sitemap-1.xml`, …. */
export function sitemapFileNames(entries: readonly Pick<SitemapEntry, 'loc'>[]): string[] {
  const parts = splitEntries(entries).length;
  return parts === 1 ? ['sitemap.xml'] : ['sitemap.xml', ...Array.from({ length: parts }, (_, i) => `sitemap-${i + 1}.xml`)];
}

/**
 * The sitemap files for `entries` (absolute URLs): `sitemap.xml` alone, or `sitemap.xml` as a sitemap index of
 * `sitemap-N.xml` files when one file would pass 50,000 URLs or 50 MB. `siteUrl` is where the web root is served.
 */
export function buildSitemap(entries: readonly SitemapEntry[], siteUrl: string, limits: { maxUrls?: number; maxBytes?: number } = {}): SitemapFile[] {
  const ends = splitEntries(entries, limits.maxUrls, limits.maxBytes);
  const urlset = (part: readonly SitemapEntry[]) => `${HEAD}<urlset xmlns="${NS}">\n${part.map(urlEntry).join('')}</urlset>\n`;
  if (ends.length === 1) return [{ file: 'sitemap.xml', xml: urlset(entries) }];
  const files: SitemapFile[] = [];
  let start = 0;
  const index: string[] = [];
  ends.forEach((end, i) => {
    const part = entries.slice(start, end);
    const file = `sitemap-${i + 1}.xml`;
    files.push({ file, xml: urlset(part) });
    const newest = part.reduce<string | undefined>((m, e) => (e.lastmod && (!m || e.lastmod > m) ? e.lastmod : m), undefined);
    index.push(`<sitemap><loc>${escapeXml(`${siteUrl}/${file}`)}</loc>${newest ? `<lastmod>${escapeXml(newest)}</lastmod>` : ''}</sitemap>\n`);
    start = end;
  });
  return [{ file: 'sitemap.xml', xml: `${HEAD}<sitemapindex xmlns="${NS}">\n${index.join('')}</sitemapindex>\n` }, ...files];
}

/** robots.txt that lets every crawler in and points at the sitemap. */
export function robotsTxt(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`;
}
