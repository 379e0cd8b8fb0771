import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { Parser } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

const EXEMPT = /\.(html|json|js|map|txt|xml|pdf)$/;

/** Every internal href and the <title> of a page, with a real HTML parser. */
function scan(html: string): { hrefs: string[]; title: string } {
  const hrefs: string[] = [];
  let title = '';
  let inTitle = false;
  const p = new Parser({
    onopentag(name, attrs) {
      if (name === 'a' && attrs.href !== undefined) hrefs.push(attrs.href);
      if (name === 'title') inTitle = true;
    },
    ontext(t) {
      if (inTitle) title += t;
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false;
    },
  }, { decodeEntities: true });
  p.end(html);
  return { hrefs, title };
}

describe('docsgen build on a small site', () => {
  let site: string;
  let pub: string;
  let json: { ok: boolean; stats: { pages: number }; buildHash: string };

  beforeAll(async () => {
    site = await copyFixture('build/good-site');
    const r = await runDocsgen(['build', '--root', site, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    json = JSON.parse(r.stdout);
    pub = path.join(site, 'dist/public/documentation');
  });

  it('prints a machine-readable summary with --json', () => {
    expect(json.ok).toBe(true);
    expect(json.stats.pages).toBe(4);
    expect(json.buildHash).toMatch(/^[0-9a-f]{20}$/);
  });

  it('writes every page, the 404 and 500 pages, and their page-data', async () => {
    const html = (await fg('**/*.html', { cwd: pub, ignore: ['calcite/**'] })).sort();
    expect(html).toEqual(['404.html', '500.html', 'guide/index.html', 'guide/reference/index.html', 'guide/setup/index.html', 'index.html']);
    const data = (await fg('page-data/**/page-data.json', { cwd: pub })).sort();
    expect(data).toEqual([
      'page-data/404.html/page-data.json',
      'page-data/500.html/page-data.json',
      'page-data/guide/page-data.json',
      'page-data/guide/reference/page-data.json',
      'page-data/guide/setup/page-data.json',
      'page-data/index/page-data.json',
    ]);
  });

  it('carries the build hash inline in every page, the one app-data and page-data hold', async () => {
    const app = JSON.parse(await readFile(path.join(pub, 'page-data/app-data.json'), 'utf8'));
    expect(app).toEqual({ webpackCompilationHash: json.buildHash });
    // the runtime compares page-data's hash with the page's own, never with a fetched one
    for (const f of ['guide/setup/index.html', 'index.html', '404.html']) {
      expect(await readFile(path.join(pub, f), 'utf8')).toContain(`<meta name="docsgen-build" content="${json.buildHash}">`);
    }
  });

  it('prefixes every internal href and adds a trailing slash except the exempt extensions', async () => {
    const files = await fg('**/*.html', { cwd: pub, ignore: ['calcite/**'] });
    let checked = 0;
    for (const f of files) {
      const { hrefs } = scan(await readFile(path.join(pub, f), 'utf8'));
      for (const href of hrefs) {
        if (/^[a-z]+:/i.test(href) || href.startsWith('#')) continue;
        checked++;
        expect(href, `${f}: ${href}`).toMatch(/^\/documentation\//);
        const pathname = href.split(/[?#]/)[0]!;
        if (!EXEMPT.test(pathname)) expect(pathname.endsWith('/'), `${f}: ${href}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('rewrites relative .md links and keeps anchors', async () => {
    const html = await readFile(path.join(pub, 'guide/setup/index.html'), 'utf8');
    expect(html).toContain('href="/documentation/guide/reference/#options"');
    expect(html).toContain('href="/documentation/"');
  });

  it('puts the postfix in every title and escapes frontmatter text', async () => {
    const html = await readFile(path.join(pub, 'guide/setup/index.html'), 'utf8');
    // the fixture sets no siteName nor titlePostfix: the postfix is docsgen's neutral default name
    expect(scan(html).title).toBe('Set up <the> "library" & more | Documentation');
    expect(html).toContain('<title>Set up &lt;the&gt; &quot;library&quot; &amp; more | Documentation</title>');
    expect(html).not.toContain('<the>');
    for (const f of await fg('**/*.html', { cwd: pub, ignore: ['calcite/**'] })) {
      expect(scan(await readFile(path.join(pub, f), 'utf8')).title, f).toMatch(/ \| Documentation$/);
    }
  });

  it('substitutes the documentation variables in text and code', async () => {
    const html = await readFile(path.join(pub, 'guide/setup/index.html'), 'utf8');
    expect(html).toContain('version 4.33');
    expect(html).toContain('https://js.arcgis.com/4.33/');
    const ref = await readFile(path.join(pub, 'guide/reference/index.html'), 'utf8');
    expect(ref).toContain('Leaflet 1.9.4 and OpenLayers 10.6.0');
    for (const f of await fg(['**/*.html', 'page-data/**/*.json'], { cwd: pub, ignore: ['calcite/**'] })) {
      expect(await readFile(path.join(pub, f), 'utf8'), f).not.toContain('{{');
    }
  });

  it('renders images with size, lazy loading and async decoding, capped at 995 px', async () => {
    const html = await readFile(path.join(pub, 'guide/setup/index.html'), 'utf8');
    const img = /<img [^>]*alt="A small diagram"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toMatch(/src="\/documentation\/static\/[0-9a-f]{12}\/diagram\.png"/);
    expect(img).toContain('width="995"');
    expect(img).toContain('height="498"');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('decoding="async"');
  });

  it('renders notes, tables and highlighted code as plain HTML', async () => {
    const html = await readFile(path.join(pub, 'guide/setup/index.html'), 'utf8');
    expect(html).toContain('<aside class="note note-tip" role="note">');
    // scroll regions on a narrow screen, so focusable (axe's scrollable-region-focusable)
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<pre tabindex="0" role="group" aria-label="Code: html"><code class="hljs language-html">');
    expect(html).toContain('<h2 id="install-the-library">');
  });

  it('emits content-hashed bundles, one chunk per template, and the Calcite assets locally', async () => {
    const js = (await fg('*.{js,css}', { cwd: pub })).sort();
    for (const t of ['doc', 'home', 'not-found', 'section', 'server-error']) {
      expect(js.some((f) => new RegExp(`^component---${t}-[0-9a-f]{12}\\.js$`).test(f)), t).toBe(true);
    }
    expect(js.some((f) => /^app-[0-9a-f]{12}\.js$/.test(f))).toBe(true);
    expect(js.some((f) => /^styles-[0-9a-f]{12}\.css$/.test(f))).toBe(true);
    // images.displayMaxWidth (default 650, seed section 9) is the widest an article shows an image
    const css = await readFile(path.join(pub, js.find((f) => f.startsWith('styles-'))!), 'utf8');
    expect(css).toContain(':root{--image-display-max-width:650px}');
    expect(css).toMatch(/\.doc-image\{[^}]*max-width:min\(100%,\s*var\(--image-display-max-width,\s*650px\)\)/);
    // only the icons the bundled components and templates name (not Calcite's ~4,000)
    const icons = await fg('calcite/assets/icon/*.json', { cwd: pub });
    expect(icons).toEqual(expect.arrayContaining(['calcite/assets/icon/information24.json', 'calcite/assets/icon/chevronDown16.json']));
    expect(icons.length).toBeLessThan(300);
    const app = await readFile(path.join(pub, js.find((f) => f.startsWith('app-'))!), 'utf8');
    expect(app).not.toContain('js.arcgis.com/calcite-components');
  });

  it('records where each rendered link came from for check-links', async () => {
    const sources = JSON.parse(await readFile(path.join(site, 'dist/server/link-sources.json'), 'utf8'));
    const setup = sources.pages['documentation/guide/setup/index.html'];
    expect(setup.source).toBe('content/guide/setup.md');
    expect(setup.links).toContainEqual({ href: '/documentation/guide/reference/#options', line: 20, column: 9 });
  });

  it('gives the same bytes on a rebuild, and with one render thread instead of many', async () => {
    const first = await snapshotTree(path.join(site, 'dist'));
    const again = JSON.parse((await runDocsgen(['build', '--root', site, '--no-cache', '--concurrency', '2', '--json'])).stdout);
    expect(again.stats.rendered).toBe(again.stats.pages + 2);
    expect(again.buildHash).toBe(json.buildHash);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(first);
    const one = await runDocsgen(['build', '--root', site, '--no-cache', '--concurrency', '0', '--out', 'dist-one', '--quiet']);
    expect(one.exitCode, one.stderr).toBe(0);
    expect(await snapshotTree(path.join(site, 'dist-one'))).toEqual(first);
  });

  it('publishes the source images with --no-images, so pages and links still work', async () => {
    const r = await runDocsgen(['build', '--root', site, '--no-images', '--out', 'dist-raw', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const html = await readFile(path.join(site, 'dist-raw/public/documentation/guide/setup/index.html'), 'utf8');
    const src = /<img src="([^"]+)"/.exec(html)![1]!;
    const bytes = await readFile(path.join(site, 'dist-raw/public', src));
    expect(bytes.equals(await readFile(path.join(site, 'content/guide/images/diagram.png')))).toBe(true);
  });
});
