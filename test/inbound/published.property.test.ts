// Properties of the published list: a sitemap written by the build reads back as exactly its pages (any path a page
// file can have: spaces, non-ASCII, punctuation), a published.json reads back as written, the check reports
// exactly the URLs that are neither a page nor matched by a redirect, and the similarity measure is a Jaccard index.
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInbound, jaccard, pageShingles, publishedList, readSinceFile, writePublished } from '../../src/inbound/index.js';
import { buildSitemap, pageUrl } from '../../src/site-files/sitemap.js';
import { parseRedirectsText } from '../../src/redirects/index.js';
import { assertReaching } from '../helpers/reach.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const tmp = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'docsgen-inbound-prop-'));
  dirs.push(d);
  return d;
};

// a segment a page's file name can give: letters of any script, digits, spaces and URL-safe punctuation
const segment = fc.stringMatching(/^[a-zA-Z0-9 éßü中\-_.~!$&'()*+,;=@]{1,8}$/).filter((s) => s.trim() === s && !/^\.+$/.test(s));
const pagePath = fc.array(segment, { minLength: 0, maxLength: 3 }).map((parts) => (parts.length ? `/${parts.join('/')}/` : '/'));
const pages = fc.uniqueArray(pagePath, { minLength: 1, maxLength: 12 });
const page = (p: string, i: number) => ({ pagePath: p, displayFile: `content/p${i}.md`, file: `/nowhere/p${i}.md`, textHash: `h${i}`, frontmatter: { title: `Page ${i}` } });

describe('the published list', () => {
  it('reads a sitemap.xml of the site back as exactly its page URLs', async () => {
    const dir = await tmp();
    await assertReaching(
      fc.asyncProperty(pages, async (paths) => {
        const siteUrl = 'https://docs.example.com';
        const [file] = buildSitemap(paths.map((p) => ({ loc: pageUrl(siteUrl, '/documentation', p) })), siteUrl);
        // another site's URL in the same file is not this site's
        const xml = file!.xml.replace('</urlset>', '<url><loc>https://elsewhere.example.com/documentation/x/</loc></url>\n</urlset>');
        await writeFile(path.join(dir, 'sitemap.xml'), xml);
        const list = await readSinceFile(path.join(dir, 'sitemap.xml'), { pathPrefix: '/documentation', siteUrl, display: 'sitemap.xml' });
        expect(list.pages.map((e) => e.url).sort()).toEqual(paths.map((p) => `/documentation${p}`).sort());
      }),
      { numRuns: 40 },
    );
  });

  it('reads a published.json back as it was written', async () => {
    const dir = await tmp();
    await assertReaching(
      fc.asyncProperty(pages, async (paths) => {
        const list = publishedList(paths.map(page), [{ from: '/documentation/old/', file: 'redirects/a.yaml' }], { pathPrefix: '/documentation', siteUrl: 'https://docs.example.com' });
        await writePublished(path.join(dir, 'published.json'), list);
        expect(await readSinceFile(path.join(dir, 'published.json'), { pathPrefix: '/documentation', display: 'published.json' })).toEqual(list);
      }),
      { numRuns: 40 },
    );
  });

  it('reports exactly the old URLs that are neither a page now nor matched by a redirect', async () => {
    const dir = await tmp();
    await assertReaching(
      fc.asyncProperty(pages, pages, fc.array(fc.nat(), { maxLength: 3 }), async (before, after, redirected) => {
        const since = path.join(dir, 'published.json');
        await writePublished(since, publishedList(before.map(page), [], { pathPrefix: '/documentation' }));
        // a few old URLs get a redirect (exact, ASCII letters in upper case: sources match in any ASCII case, and only ASCII folds)
        const sources = [...new Set(redirected.map((n) => before[n % before.length]!))].filter((p) => p !== '/' && !after.includes(p));
        const yaml = sources.map((p) => `- from: ${JSON.stringify(encodeURI(`/documentation${p}`.replace(/[a-z]+/g, (w) => w.toUpperCase())))}\n  to: /documentation/\n`).join('');
        const rules: Parameters<typeof parseRedirectsText>[2] = [];
        parseRedirectsText(yaml || '[]', 'redirects/r.yaml', rules, []);
        const r = await checkInbound({ root: dir, contentDir: path.join(dir, 'content'), cacheDir: path.join(dir, 'cache'), outDir: path.join(dir, 'dist'), pathPrefix: '/documentation', pages: after.map(page), rules, mode: 'error', since });
        const expected = before.filter((p) => !after.includes(p) && !sources.includes(p)).map((p) => `/documentation${p}`);
        expect(r.removed.map((e) => e.url).sort()).toEqual(expected.sort());
        expect(r.diagnostics.filter((d) => d.code === 'DG5200')).toHaveLength(expected.length);
      }),
      { numRuns: 30 },
    );
  });
});

describe('the similarity of two pages (Jaccard index of 3-word shingles)', () => {
  const words = fc.array(fc.constantFrom('map', 'layer', 'tile', 'query', 'widget', 'service', 'the', 'a', 'offline'), { minLength: 0, maxLength: 30 }).map((w) => w.join(' '));
  it('is symmetric, between 0 and 1, and 1 exactly for the same shingles', () => {
    assertReaching(
      fc.property(words, words, (a, b) => {
        const [sa, sb] = [pageShingles('T', a), pageShingles('T', b)];
        const j = jaccard(sa, sb);
        expect(j).toBe(jaccard(sb, sa));
        expect(j).toBeGreaterThanOrEqual(0);
        expect(j).toBeLessThanOrEqual(1);
        expect(jaccard(sa, sa)).toBe(1);
        expect(j === 1).toBe([...sa].every((s) => sb.has(s)) && sa.size === sb.size);
      }),
    );
  });
});
