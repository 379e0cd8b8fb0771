// The sitemap as sitemaps.org defines it: parsed as XML, only the protocol's elements, absolute URLs, and the
// limits of one file (50,000 URLs, 50 MB) kept by splitting into a sitemap index. Large lists go through the
// pure function, not through 50,000 built pages.
import fc from 'fast-check';
import { assertReaching } from '../helpers/reach.js';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { buildSitemap, pageUrl, robotsTxt, sitemapFileNames, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, type SitemapEntry } from '../../src/site-files/index.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
// the element names of sitemap.xsd and siteindex.xsd, by parent
const CHILDREN: Record<string, string[]> = {
  '': ['urlset', 'sitemapindex'],
  urlset: ['url'],
  url: ['loc', 'lastmod', 'changefreq', 'priority'],
  sitemapindex: ['sitemap'],
  sitemap: ['loc', 'lastmod'],
};

interface Parsed {
  root: string;
  xmlns: string | undefined;
  entries: Array<{ loc: string; lastmod?: string }>;
}

/** Parses one sitemap file as XML and checks its shape against the schema's element names. */
function parseSitemap(xml: string): Parsed {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const stack: string[] = [];
  const out: Parsed = { root: '', xmlns: undefined, entries: [] };
  const wrong = new Set<string>();
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const parent = stack.at(-1) ?? '';
        // collected, not asserted per element: expect() per tag takes most of a second per thousand URLs
        if (!CHILDREN[parent]?.includes(name)) wrong.add(`<${name}> inside <${parent}>`);
        if (!parent) [out.root, out.xmlns] = [name, attrs.xmlns];
        if (name === 'url' || name === 'sitemap') out.entries.push({ loc: '' });
        stack.push(name);
        text = '';
      },
      ontext(t) {
        text += t;
      },
      onclosetag(name) {
        stack.pop();
        const entry = out.entries.at(-1)!;
        if (name === 'loc') entry.loc = text;
        if (name === 'lastmod') entry.lastmod = text;
      },
      onerror(err) {
        throw err;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  expect(stack).toEqual([]);
  expect([...wrong]).toEqual([]);
  return out;
}

const site = 'https://docs.example.com';
const entriesOf = (n: number): SitemapEntry[] => Array.from({ length: n }, (_, i) => ({ loc: `${site}/docs/p${i}/`, lastmod: `2024-01-${String((i % 28) + 1).padStart(2, '0')}` }));

describe('buildSitemap', () => {
  it('writes one <urlset> of absolute, escaped URLs with their lastmod', () => {
    const entries = [
      { loc: pageUrl(site, '/docs', '/'), lastmod: '2025-01-31T09:30:00Z' },
      { loc: pageUrl(site, '/docs', "/q&a/it's <new>/"), lastmod: undefined },
      { loc: pageUrl(site, '/docs', '/caf\u00e9/') },
    ];
    const files = buildSitemap(entries, site);
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml']);
    const parsed = parseSitemap(files[0]!.xml);
    expect(parsed).toMatchObject({ root: 'urlset', xmlns: NS });
    expect(parsed.entries).toEqual([
      { loc: 'https://docs.example.com/docs/', lastmod: '2025-01-31T09:30:00Z' },
      { loc: "https://docs.example.com/docs/q&a/it's%20%3Cnew%3E/" },
      { loc: 'https://docs.example.com/docs/caf%C3%A9/' },
    ]);
    expect(files[0]!.xml).toContain('<loc>https://docs.example.com/docs/q&amp;a/it&apos;s%20%3Cnew%3E/</loc>');
  });

  it('splits past 50,000 URLs into numbered files under a sitemap index, every URL once, in order', () => {
    const entries = entriesOf(2 * SITEMAP_MAX_URLS + 1);
    const files = buildSitemap(entries, site);
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(sitemapFileNames(entries)).toEqual(files.map((f) => f.file));
    const index = parseSitemap(files[0]!.xml);
    expect(index).toMatchObject({ root: 'sitemapindex', xmlns: NS });
    expect(index.entries.map((e) => e.loc)).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml'].map((f) => `${site}/${f}`));
    expect(index.entries[0]!.lastmod).toBe('2024-01-28');
    const listed: string[] = [];
    for (const f of files.slice(1)) {
      expect(Buffer.byteLength(f.xml)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
      const part = parseSitemap(f.xml);
      expect(part.root).toBe('urlset');
      expect(part.entries.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      listed.push(...part.entries.map((e) => e.loc));
    }
    expect(listed).toEqual(entries.map((e) => e.loc));
    // exactly 50,000 still fits one file
    expect(sitemapFileNames(entriesOf(SITEMAP_MAX_URLS))).toEqual(['sitemap.xml']);
  });

  it('keeps every file within any URL and byte limit, each URL in exactly one file', () => {
    assertReaching(
      fc.property(
        fc.array(fc.record({ path: fc.webPath(), lastmod: fc.option(fc.constantFrom('2024-02-29', '2025-01-31T09:30:00Z'), { nil: undefined }) }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 400, max: 3000 }),
        (pages, maxUrls, maxBytes) => {
          const entries = pages.map((p) => ({ loc: pageUrl(site, '', p.path || '/'), lastmod: p.lastmod }));
          const files = buildSitemap(entries, site, { maxUrls, maxBytes });
          const parts = files.length === 1 ? files : files.slice(1);
          const listed: string[] = [];
          for (const f of parts) {
            const parsed = parseSitemap(f.xml);
            expect(parsed.root).toBe('urlset');
            expect(parsed.entries.length).toBeLessThanOrEqual(maxUrls);
            // a file holds one URL at least, however long: otherwise within the byte limit
            if (parsed.entries.length > 1) expect(Buffer.byteLength(f.xml)).toBeLessThanOrEqual(maxBytes);
            listed.push(...parsed.entries.map((e) => e.loc));
          }
          expect(listed).toEqual(entries.map((e) => e.loc));
        },
      ),
    );
  });
});

describe('robotsTxt', () => {
  it('lets every crawler in and names the sitemap', () => {
    expect(robotsTxt(`${site}/sitemap.xml`)).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.example.com/sitemap.xml\n');
  });
});
