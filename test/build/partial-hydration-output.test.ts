import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

// Issue 24, item 2: the pages of islands templates (all five default ones) load the islands runtime, not the
// React app, and each gets a `page-data-rsc.json` beside its unchanged page-data.json; `hydration: full` builds
// the site as before (no -rsc file, the app on every page).

async function buildFixture(extraConfig = ''): Promise<string> {
  const dir = await copyFixture('client/site');
  await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
  if (extraConfig) await appendFile(path.join(dir, 'docsgen.config.yaml'), `\n${extraConfig}\n`);
  const r = await runDocsgen(['build', '--root', dir, '--links', 'warn', '--no-images', '--quiet']);
  expect(r.exitCode, r.stderr).toBe(0);
  return dir;
}

const scriptsOf = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);

describe('partial hydration output', () => {
  let partial: string;
  let full: string;
  beforeAll(async () => {
    [partial, full] = await Promise.all([buildFixture(), buildFixture('hydration: full')]);
  }, 120_000);
  afterAll(async () => {
    for (const dir of [partial, full]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives every page the islands runtime and a page-data-rsc.json holding its record and head (its HTML is the page\'s own)', async () => {
    const web = path.join(partial, 'dist/public/documentation');
    const pages = await fg('**/index.html', { cwd: web, ignore: ['calcite/**'] });
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const file of [...pages, '404.html', '500.html']) {
      const html = await readFile(path.join(web, file), 'utf8');
      expect(scriptsOf(html), file).toEqual([expect.stringMatching(/^\/documentation\/islands-[0-9a-f]{12}\.js$/)]);
      expect(html, file).not.toMatch(/component---|\/app-[0-9a-f]+\.js/);
      const dataDir = file.endsWith('index.html') ? (path.dirname(file) === '.' ? 'index' : path.dirname(file)) : file;
      const pageData = JSON.parse(await readFile(path.join(web, 'page-data', dataDir, 'page-data.json'), 'utf8'));
      const rsc = JSON.parse(await readFile(path.join(web, 'page-data', dataDir, 'page-data-rsc.json'), 'utf8'));
      // page-data.json stays as the seed describes it; the -rsc variant carries the same record
      expect(Object.keys(pageData).sort(), file).toEqual(expect.arrayContaining(['componentChunkName', 'path', 'result', 'staticQueryHashes', 'webpackCompilationHash']));
      expect(typeof pageData.result.pageContext.html, file).toBe('string');
      expect([rsc.componentChunkName, rsc.path, rsc.webpackCompilationHash], file).toEqual([pageData.componentChunkName, pageData.path, pageData.webpackCompilationHash]);
      // no second copy of the server HTML: client navigation takes it from the page's document, `<prefix><path>`
      expect(Object.keys(rsc).sort(), file).toEqual(['componentChunkName', 'head', 'path', 'staticQueryHashes', 'webpackCompilationHash']);
      expect(rsc.path === '/' ? 'index.html' : rsc.path.replace(/^\//, '').replace(/\/$/, '/index.html'), file).toBe(file);
      expect(/<div id="___docsgen">/.test(html), file).toBe(true);
      expect(rsc.head.title, file).toBe(/<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&'));
    }
  });

  it('keeps every -rsc file on a rebuild that reuses unchanged pages, and writes the changed page anew', async () => {
    const web = path.join(partial, 'dist/public/documentation');
    const before = await fg('**/page-data-rsc.json', { cwd: web });
    const third = path.join(web, 'page-data/guide/third/page-data-rsc.json');
    const unchanged = await readFile(third, 'utf8');
    const source = path.join(partial, 'content/guide/fifth.md');
    await writeFile(source, (await readFile(source, 'utf8')).replace('This is the fifth page.', 'This is the fifth page, edited.'));
    const r = await runDocsgen(['build', '--root', partial, '--links', 'warn', '--no-images', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).stats.cached).toBeGreaterThan(0);
    expect((await fg('**/page-data-rsc.json', { cwd: web })).sort()).toEqual(before.sort());
    expect(await readFile(third, 'utf8')).toBe(unchanged);
    // the edit is in the page's document, which client navigation shows; its record beside it
    expect(await readFile(path.join(web, 'guide/fifth/index.html'), 'utf8')).toContain('fifth page, edited.');
    expect(JSON.parse(await readFile(path.join(web, 'page-data/guide/fifth/page-data-rsc.json'), 'utf8')).path).toBe('/guide/fifth/');
  }, 60_000);

  it('builds every page for the React app with hydration: full, and writes no -rsc file', async () => {
    const web = path.join(full, 'dist/public/documentation');
    expect(await fg('**/page-data-rsc.json', { cwd: web })).toEqual([]);
    expect(await fg('islands-*.js', { cwd: web })).toEqual([]);
    const html = await readFile(path.join(web, 'guide/fifth/index.html'), 'utf8');
    expect(scriptsOf(html)).toEqual([expect.stringMatching(/^\/documentation\/app-[0-9a-f]{12}\.js$/)]);
    expect(html).toMatch(/rel="modulepreload" href="\/documentation\/component---doc-[0-9a-f]+\.js"/);
  });
});
