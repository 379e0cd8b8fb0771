import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// The seed (section 3): a page data record has path, componentChunkName, webpackCompilationHash, matchPath,
// staticQueryHashes, slicesMap, result, notFound; an app data record webpackCompilationHash. docsgen writes the
// README's six of them on every page-data file (matchPath and notFound are Gatsby's optional ones, never needed
// here: no client-only routes, and the 404 page is a page of its own).
const FIELDS = ['componentChunkName', 'path', 'result', 'slicesMap', 'staticQueryHashes', 'webpackCompilationHash'];
const SEED_FIELDS = ['path', 'componentChunkName', 'webpackCompilationHash', 'matchPath', 'staticQueryHashes', 'slicesMap', 'result', 'notFound'];

describe('page data of a build', () => {
  let pub: string;
  let buildHash: string;
  beforeAll(async () => {
    const site = await copyFixture('build/good-site');
    const r = await runDocsgen(['build', '--root', site, '--json', '--no-sw', '--no-images']);
    expect(r.exitCode, r.stderr).toBe(0);
    buildHash = JSON.parse(r.stdout).buildHash;
    pub = path.join(site, 'dist/public/documentation');
  });

  it('app-data carries the build hash --json reports, and nothing else', async () => {
    expect(JSON.parse(await readFile(path.join(pub, 'page-data/app-data.json'), 'utf8'))).toEqual({ webpackCompilationHash: buildHash });
  });

  it('every page-data file has the seed fields the README lists, for the page at its own path', async () => {
    const files = (await fg('page-data/**/page-data.json', { cwd: pub })).sort();
    expect(files).toHaveLength(6);
    const bundles = await fg('component---*.js', { cwd: pub });
    for (const file of files) {
      const pd = JSON.parse(await readFile(path.join(pub, file), 'utf8'));
      expect(Object.keys(pd).sort(), file).toEqual(FIELDS);
      expect(FIELDS.every((f) => SEED_FIELDS.includes(f))).toBe(true);
      // page-data/guide/setup/page-data.json is /guide/setup/, page-data/index/ the start page, 404.html the 404 page
      const at = file.slice('page-data/'.length, -'/page-data.json'.length);
      expect(pd.path, file).toBe(at === 'index' ? '/' : at.endsWith('.html') ? `/${at}` : `/${at}/`);
      expect(pd.webpackCompilationHash, file).toBe(buildHash);
      expect(pd.slicesMap, file).toEqual({ header: 'header', footer: 'footer' });
      // the template's chunk is a bundle the site ships
      expect(bundles.some((b) => b.startsWith(`${pd.componentChunkName}-`)), `${file}: ${pd.componentChunkName}`).toBe(true);
      for (const h of pd.staticQueryHashes) {
        const sq = JSON.parse(await readFile(path.join(pub, `page-data/sq/d/${h}.json`), 'utf8'));
        expect(Object.keys(sq)).toEqual(['data']);
      }
    }
  });

  it('gives a doc page its template, its table of contents and the header slice its sections', async () => {
    const pd = JSON.parse(await readFile(path.join(pub, 'page-data/guide/setup/page-data.json'), 'utf8'));
    expect(pd.componentChunkName).toBe('component---doc');
    expect(pd.result.pageContext.toc).toEqual([{ depth: 2, id: 'install-the-library', text: 'Install the library' }]);
    const header = JSON.parse(await readFile(path.join(pub, 'slice-data/header.json'), 'utf8'));
    expect(header.data.sections).toEqual([{ title: 'Guide', url: '/documentation/guide/' }]);
  });
});
