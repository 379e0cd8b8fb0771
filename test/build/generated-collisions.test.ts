import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocsgen } from '../helpers/cli.js';
import { buildGoodCopy, snapshotTree } from '../helpers/site.js';

// Issue 19, item 2, for every kind of file docsgen writes itself: a page or a public/ file that would take the
// place of the service worker, the web manifest, the 404/500 pages, the app data, the search index, the optimized
// images, or a reserved folder (page-data/, slice-data/, static/, calcite/, icons/, the proxy path) is one DG3011
// line naming it and what docsgen writes there; a public/ file over a page is one DG3010 naming both. Before the
// claims (e7b665c) this overlay crashed with EISDIR, exit 70, and the pages named like folders built silently.
const OVERLAY = path.join(repoRoot, 'fixtures/build/bad-inputs/pages-over-generated-files');
const errorLines = (stderr: string) => stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));

const reserved = (file: string, writes: string, taken: string, what: string) =>
  `${file}:1:1  error  DG3011  ${file} would write ${writes}, but ${taken} is ${what}  (rename or move ${file}: docsgen writes ${taken} itself)`;
const page = (name: string, taken: string, what: string, folder = false) =>
  reserved(`content/${name}.md`, `documentation/${name}/index.html`, `documentation/${taken}${folder ? '/' : ''}`, what);
const publicFile = (rel: string, taken: string, what: string) => reserved(`public/documentation/${rel}`, `documentation/${rel}`, `documentation/${taken}`, what);

describe('a page or public/ file in the place of a file docsgen writes', () => {
  let site = '';
  let good: Record<string, string>;

  beforeAll(async () => {
    ({ site, good } = await buildGoodCopy());
  });
  afterAll(async () => {
    if (site) await rm(site, { recursive: true, force: true });
  });

  it('is one error per source naming what docsgen writes there, exit 1, and dist/ untouched', async () => {
    const added = (await fg('**/*', { cwd: OVERLAY, onlyFiles: true })).map((f) => path.join(site, f));
    await cp(OVERLAY, site, { recursive: true });
    const r = await runDocsgen(['build', '--root', site]).finally(async () => {
      for (const f of added) await rm(f, { force: true });
    });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).not.toMatch(/internal error|EISDIR|\n\s+at /);
    expect(errorLines(r.stderr)).toEqual([
      page('404.html', '404.html', 'the 404 page (templates/not-found.tsx)'),
      page('500.html', '500.html', 'the 500 page (templates/server-error.tsx)'),
      page('__third-party-proxy', '__third-party-proxy', 'the third-party script proxy'),
      page('calcite', 'calcite', "the component library's assets", true),
      page('icons', 'icons', 'the web manifest icons', true),
      page('manifest.webmanifest', 'manifest.webmanifest', 'the web manifest'),
      page('page-data/sq', 'page-data', "docsgen's page data folder", true),
      page('search/d', 'search/d', 'the search index', true),
      page('search/index.json', 'search/index.json', 'the search index'),
      page('slice-data', 'slice-data', 'the header and footer data', true),
      page('static', 'static', 'the optimized images', true),
      page('sw.js', 'sw.js', 'the service worker'),
      'public/documentation/guide/index.html:1:1  error  DG3010  content/guide/index.md and public/documentation/guide/index.html both write documentation/guide/index.html  (rename or move one of them: each output file comes from one source)',
      publicFile('manifest.webmanifest', 'manifest.webmanifest', 'the web manifest'),
      // the folder, named as itself (it once read "page-data and page-data/app-data.json differ only in case")
      publicFile('page-data/app-data.json', 'page-data/', "docsgen's page data folder"),
      publicFile('search/index.json', 'search/index.json', 'the search index'),
      publicFile('static/abc/logo.png', 'static/', 'the optimized images'),
      publicFile('sw.js', 'sw.js', 'the service worker'),
    ]);
    expect(r.stderr).toContain('✖ 18 errors');
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
  });

  it('with an empty path prefix, pages named like sitemap.xml, robots.txt and _redirects at the web root too', async () => {
    const config = path.join(site, 'docsgen.config.yaml');
    const names = ['robots.txt', 'sitemap.xml', '_redirects'];
    const before = await readFile(config, 'utf8');
    // (removedPages: off: moving the whole site to the root is not what this test is about)
    await writeFile(config, `${before}\npathPrefix: ""\nremovedPages: "off"\n`);
    for (const n of names) await writeFile(path.join(site, 'content', `${n}.md`), `---\ntitle: ${n}\ndescription: D.\n---\n\n# ${n}\n`);
    const r = await runDocsgen(['build', '--root', site, '--json']).finally(async () => {
      await writeFile(config, before);
      for (const n of names) await rm(path.join(site, 'content', `${n}.md`), { force: true });
    });
    expect(r.exitCode, r.stderr).toBe(1);
    const json = JSON.parse(r.stdout) as { ok: boolean; diagnostics: Array<{ code: string; message: string; location: { file: string } }> };
    expect(json.ok).toBe(false);
    expect(json.diagnostics.map((d) => `${d.code} ${d.location.file}: ${d.message}`)).toEqual([
      'DG3011 content/_redirects.md: content/_redirects.md would write _redirects/index.html, but _redirects is the redirects file for Netlify and Cloudflare',
      'DG3011 content/robots.txt.md: content/robots.txt.md would write robots.txt/index.html, but robots.txt is robots.txt (written because siteUrl is set and public/robots.txt is not there)',
      'DG3011 content/sitemap.xml.md: content/sitemap.xml.md would write sitemap.xml/index.html, but sitemap.xml is the sitemap',
    ]);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
  });
});
