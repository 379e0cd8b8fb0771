// What a user sees in dist/ from the site-files stage, through the real binary: public/ at the web root, the
// sitemap and robots.txt, the social and robots meta, the theming keys in the header, footer and stylesheet,
// neutral defaults for a site that sets nothing, and a public/ file over a generated one as an error naming both.
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// 2025-06-15: the footer's year comes from SOURCE_DATE_EPOCH, as reproducible builds expect
const env = { SOURCE_DATE_EPOCH: '1750000000' };
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('a site that sets siteUrl, public/ and every theming key (fixtures/site-files/branded-site)', () => {
  let site: string;
  let web: string;
  beforeAll(async () => {
    site = await copyFixture('site-files/branded-site');
    const res = await runDocsgen(['build', '--root', site], { env });
    expect(res.exitCode, res.stderr).toBe(0);
    web = path.join(site, 'dist/public');
  });

  it('copies public/ to the web root byte for byte, dot folders included', async () => {
    for (const f of await fg('**/*', { cwd: path.join(site, 'public'), dot: true })) {
      expect(await readFile(path.join(web, f)), f).toEqual(await readFile(path.join(site, 'public', f)));
    }
    expect(await readFile(path.join(web, '.well-known/security.txt'), 'utf8')).toBe('Contact: mailto:security@acme.test\n');
  });

  it('lists each page once in sitemap.xml with its Last updated date, and no draft, status page or redirect source', async () => {
    const xml = await readFile(path.join(web, 'sitemap.xml'), 'utf8');
    const urls = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => [m[1], m[2]]);
    expect(urls.sort()).toEqual([
      ['https://docs.acme.test/docs/', undefined],
      ['https://docs.acme.test/docs/guide/', '2024-05-06'],
      ['https://docs.acme.test/docs/guide/setup/', '2025-01-31T09:30:00Z'],
    ]);
    // the date the page shows is the one the sitemap gives
    const setup = await readFile(path.join(web, 'docs/guide/setup/index.html'), 'utf8');
    expect(setup).toContain('Last updated: <time dateTime="2025-01-31T09:30:00Z">');
    expect(xml).not.toMatch(/unfinished|old-guide|404|500/);
    expect(await readFile(path.join(web, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.test/sitemap.xml\n');
  });

  it('writes og:type, og:url, og:image and twitter:image, and noindex on the 404 and 500 pages only', async () => {
    const home = await readFile(path.join(web, 'docs/index.html'), 'utf8');
    const guide = await readFile(path.join(web, 'docs/guide/index.html'), 'utf8');
    expect([meta(home, 'og:type'), meta(guide, 'og:type')]).toEqual(['website', 'article']);
    expect(meta(guide, 'og:url')).toBe('https://docs.acme.test/docs/guide/');
    expect(guide).toContain('<link rel="canonical" href="https://docs.acme.test/docs/guide/">');
    expect([meta(guide, 'og:image'), meta(guide, 'twitter:image'), meta(guide, 'twitter:card')]).toEqual(['https://docs.acme.test/social-card.png', 'https://docs.acme.test/social-card.png', 'summary_large_image']);
    for (const f of await fg('docs/**/*.html', { cwd: web })) {
      const html = await readFile(path.join(web, f), 'utf8');
      const stub = html.includes('docsgen redirect stub');
      expect(meta(html, 'robots') === 'noindex', f).toBe(stub || /^docs\/(404|500)\.html$/.test(f));
    }
    expect(meta(guide, 'twitter:site')).toBeUndefined();
    // public/favicon.ico is the pages' icon
    expect(guide).toContain('<link rel="icon" href="/favicon.ico">');
  });

  it('shows the logo per mode, the header and footer links in the order given, the footer text with the build year', async () => {
    const html = await readFile(path.join(web, 'docs/guide/setup/index.html'), 'utf8');
    expect(html).toContain('<img class="logo-light" src="/logo.svg" alt="" height="28"/><img class="logo-dark" src="/logo-dark.svg" alt="" height="28"/>');
    const header = JSON.parse(await readFile(path.join(web, 'docs/slice-data/header.json'), 'utf8')).data;
    expect(header.logo).toEqual({ light: '/logo.svg', dark: '/logo-dark.svg', alt: 'Acme Widgets home' });
    expect(header.sections).toEqual([
      { title: 'Guide', url: '/docs/guide/' },
      { title: 'Set up widgets', url: '/docs/guide/setup/' },
      { title: 'GitHub', url: 'https://github.com/acme/widgets' },
    ]);
    const footer = html.slice(html.indexOf('<footer class="site-footer">'));
    expect(footer).toContain('<li><a href="/docs/guide/">Guide</a></li><li><a href="https://status.acme.test/">Status</a></li></ul><p>© 2025 Acme Widgets, Inc.</p>');
    expect(footer).not.toContain('Community forum');
  });

  it("puts the brand and link colors on Calcite's tokens for light, dark and auto mode", async () => {
    const css = await readFile(path.join(web, (await fg('docs/styles-*.css', { cwd: web }))[0]!), 'utf8');
    expect(css).toContain(':root,body.calcite-mode-light,body.calcite-mode-auto{--calcite-color-brand:#8a2be2;');
    expect(css).toContain('body.calcite-mode-dark{--calcite-color-brand:#c58cff;');
    expect(css).toContain('@media (prefers-color-scheme:dark){body.calcite-mode-auto{--calcite-color-brand:#c58cff;');
    expect(css).toContain('--site-link:#d9b3ff');
  });

  it('rebuilds after a public/ edit, links unchanged public files from the previous output, and leaves robots.txt to public/', async () => {
    const before = await stat(path.join(web, 'logo.svg'));
    await writeFile(path.join(site, 'public/robots.txt'), 'User-agent: *\nDisallow: /drafts/\n');
    const res = await runDocsgen(['build', '--root', site], { env });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('up to date');
    expect(await readFile(path.join(web, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /drafts/\n');
    expect((await stat(path.join(web, 'logo.svg'))).ino).toBe(before.ino);
    // a changed file is copied again, whatever its mtime says
    await writeFile(path.join(site, 'public/downloads/cheatsheet.pdf'), '%PDF-1.4\n% version 2\n');
    const t = new Date('2030-01-01T00:00:00Z');
    await utimes(path.join(site, 'public/downloads/cheatsheet.pdf'), t, t);
    expect((await runDocsgen(['build', '--root', site], { env })).exitCode).toBe(0);
    expect(await readFile(path.join(web, 'downloads/cheatsheet.pdf'), 'utf8')).toBe('%PDF-1.4\n% version 2\n');
    await rm(path.join(site, 'public/robots.txt'));
  });
});

describe('a site that sets nothing (fixtures/site-files/unnamed-site)', () => {
  it("is named by its package.json, says once what it leaves out without siteUrl, and carries no organisation's identity", async () => {
    const site = await copyFixture('site-files/unnamed-site');
    const res = await runDocsgen(['build', '--root', site]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr.match(/DG1306/g)).toHaveLength(1);
    expect(res.stderr).toContain('info  DG1306  siteUrl is not set: pages get no canonical link or og:url, and no sitemap.xml or robots.txt is written');
    const web = path.join(site, 'dist/public');
    const intro = await readFile(path.join(web, 'documentation/intro/index.html'), 'utf8');
    expect(intro).toContain('<title>Introduction | handbook</title>');
    expect(intro).not.toMatch(/rel="canonical"|og:url|twitter:site|og:image/);
    expect(intro).toContain(`© ${new Date().getFullYear()} handbook`);
    expect(await fg(['sitemap*.xml', 'robots.txt'], { cwd: web })).toEqual([]);
    const files = await fg(['**/*.{html,json,webmanifest,xml,txt,conf}', '_redirects'], { cwd: path.join(site, 'dist'), dot: true, ignore: ['public/documentation/calcite/**'] });
    expect(files.length).toBeGreaterThan(8);
    for (const f of files) expect(await readFile(path.join(site, 'dist', f), 'utf8'), f).not.toMatch(/esri|arcgis/i);
  });
});

describe('a public/ file over a generated one (fixtures/site-files/public-file-over-a-page)', () => {
  it('is an error naming both, and nothing is written', async () => {
    const site = await copyFixture('site-files/public-file-over-a-page');
    const res = await runDocsgen(['build', '--root', site]);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('public/sitemap.xml would write sitemap.xml, but sitemap.xml is the sitemap');
    expect(res.stderr).toMatch(/content\/guide\.md and public\/documentation\/guide\/index\.html both write documentation\/guide\/index\.html/);
    await expect(stat(path.join(site, 'dist'))).rejects.toThrow();
  });
});
