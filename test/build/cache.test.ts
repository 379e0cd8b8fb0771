// The persistent build cache (.docsgen-cache/): each kind of edit re-renders exactly the pages it affects, a
// rebuild with nothing changed does nothing, and whatever path produced it, the output equals a cold build's.
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus.mjs';
import { repoRoot, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

interface Stats {
  pages: number;
  rendered: number;
  cached: number;
  upToDate: number;
  linkPagesCached: number;
}

interface Corpus {
  pages: number;
  leafPages: number;
  pageList: Array<{ file: string; url: string; title: string }>;
}

let site: string;
let corpus: Corpus;

async function buildJson(args: string[] = [], root = site): Promise<{ stats: Stats; stderr: string }> {
  const r = await runDocsgen(['build', '--root', root, '--no-sw', '--json', ...args]);
  expect(r.exitCode, r.stderr + r.stdout.slice(0, 2000)).toBe(0);
  return { stats: (JSON.parse(r.stdout) as { stats: Stats }).stats, stderr: r.stderr };
}

/** Builds a copy of the project with no cache at all and returns its output, for byte comparison. */
async function coldOutput(args: string[] = []): Promise<Record<string, string>> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-cold-'));
  for (const part of ['content', 'templates', 'redirects', 'docsgen.config.yaml']) {
    await cp(path.join(site, part), path.join(copy, part), { recursive: true }).catch(() => undefined);
  }
  const { stats } = await buildJson(args, copy);
  expect(stats.cached).toBe(0);
  const tree = await snapshotTree(path.join(copy, 'dist'));
  await rm(copy, { recursive: true, force: true });
  return tree;
}

/** Pages whose URL starts with `url` (a folder's pages, the folder's own index included). */
function pagesUnder(url: string): number {
  return corpus.pageList.filter((p) => p.url.startsWith(url)).length;
}

describe('the build cache', () => {
  beforeAll(async () => {
    site = await mkdtemp(path.join(os.tmpdir(), 'docsgen-cache-'));
    corpus = (await generateCorpus(site, { pages: 48, seed: 'cache-test' })) as Corpus;
    await rm(path.join(site, 'eleventy'), { recursive: true, force: true });
    await cp(path.join(repoRoot, 'templates'), path.join(site, 'templates'), { recursive: true });
    const first = await buildJson();
    expect(first.stats.rendered).toBe(corpus.pages + 2); // every page plus the 404 and 500 pages
    expect(first.stats.cached).toBe(0);
  });

  it('does nothing when nothing changed, and says so', async () => {
    const before = await snapshotTree(path.join(site, 'dist'));
    const r = await runDocsgen(['build', '--root', site, '--no-sw']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/dist\/ is up to date: 48 pages \(nothing changed\)/);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(before);
    expect((await buildJson()).stats.upToDate).toBe(1);
  });

  it('re-renders only the edited page when its text changes, and the output equals a cold build', async () => {
    const leaf = corpus.pageList.find((p) => p.file.endsWith('.md') && !p.file.endsWith('index.md'))!;
    await appendFile(path.join(site, 'content', leaf.file), '\nA sentence added by the cache test.\n');
    const { stats } = await buildJson();
    expect(stats).toMatchObject({ rendered: 1, cached: corpus.pages + 1, upToDate: 0 });
    // the link checker parsed only that page again: every other page is the same file (hard-linked)
    expect(stats.linkPagesCached).toBe(corpus.pages + 2 - 1);
    const html = await readFile(path.join(site, 'dist/public/documentation', leaf.url, 'index.html'), 'utf8');
    expect(html).toContain('A sentence added by the cache test.');
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('writes a few pages\' cache changes beside the index, uses them next time, and folds a larger change in', async () => {
    const pagesDir = path.join(site, '.docsgen-cache/pages');
    const indexStat = async () => {
      const s = await stat(path.join(pagesDir, 'index.json'));
      return [s.ino, s.mtimeMs];
    };
    const before = await indexStat();
    const leaves = corpus.pageList.filter((p) => p.file.endsWith('.md') && !p.file.endsWith('index.md'));
    await appendFile(path.join(site, 'content', leaves[1]!.file), '\nA first edit.\n');
    expect((await buildJson()).stats.rendered).toBe(1);
    // the 25 MB index of a large site is not written again for one page: its changes are, beside it
    expect(await indexStat()).toEqual(before);
    expect(existsSync(path.join(pagesDir, 'index-delta.json'))).toBe(true);
    // the next build reads them: the page edited before is reused, only the newly edited one renders
    await appendFile(path.join(site, 'content', leaves[2]!.file), '\nA second edit.\n');
    expect((await buildJson()).stats).toMatchObject({ rendered: 1, cached: corpus.pages + 1 });
    expect(await indexStat()).toEqual(before);
    // every page of a template: the whole index is written again, and the changes it now holds removed
    const template = path.join(site, 'templates/doc.tsx');
    const original = await readFile(template, 'utf8');
    await writeFile(template, original.replace('export default function', '// edited by the delta test\nexport default function'));
    expect((await buildJson()).stats.rendered).toBe(corpus.leafPages);
    expect(await indexStat()).not.toEqual(before);
    expect(existsSync(path.join(pagesDir, 'index-delta.json'))).toBe(false);
    await writeFile(template, original);
    expect((await buildJson()).stats.rendered).toBe(corpus.leafPages);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('re-renders the pages whose navigation shows a renamed page, and no others', async () => {
    // a leaf two levels down: its title shows in the sidebar of the pages of its folder, and in its folder's list
    const leaf = corpus.pageList.find((p) => p.file.split('/').length === 3 && !p.file.endsWith('index.md'))!;
    const folderUrl = leaf.url.replace(/[^/]+\/$/, '');
    const file = path.join(site, 'content', leaf.file);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^title: .*$/m, 'title: "A renamed page"'));
    const { stats } = await buildJson();
    expect(stats.rendered).toBe(pagesUnder(folderUrl));
    expect(stats.rendered).toBeLessThan(corpus.pages / 2);
    expect(await readFile(path.join(site, 'dist/public/documentation', folderUrl, 'index.html'), 'utf8')).toContain('A renamed page');
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('re-renders the pages of an edited template, and only those', async () => {
    const file = path.join(site, 'templates/doc.tsx');
    await writeFile(file, (await readFile(file, 'utf8')).replace('export default function', '// edited by the cache test\nexport default function'));
    const unchanged = await buildJson();
    // a comment changes no output: the template's code hash changes, so its pages render again, with the same bytes
    expect(unchanged.stats.rendered).toBe(corpus.leafPages);
    const tsx = await readFile(file, 'utf8');
    expect(tsx).toMatch(/<article/);
    await writeFile(file, tsx.replace(/<article/, '<article data-edited="yes"'));
    const { stats } = await buildJson();
    expect(stats.rendered).toBe(corpus.leafPages);
    const leaf = corpus.pageList.find((p) => p.file.endsWith('.md') && !p.file.endsWith('index.md'))!;
    expect(await readFile(path.join(site, 'dist/public/documentation', leaf.url, 'index.html'), 'utf8')).toContain('data-edited="yes"');
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('re-renders the pages of the templates that import an edited file, and shows the edit', async () => {
    // article-header.tsx is no template of its own: doc.tsx imports it
    const file = path.join(site, 'templates/article-header.tsx');
    const tsx = await readFile(file, 'utf8');
    expect(await readFile(path.join(site, 'templates/doc.tsx'), 'utf8')).toMatch(/from '\.\/article-header'/);
    await writeFile(file, `${tsx}\n// edited by the cache test\n`);
    expect((await buildJson()).stats.rendered).toBeGreaterThanOrEqual(corpus.leafPages);
    const edited = tsx.replace('<h1>', '<h1 data-imported-edit="yes">');
    expect(edited).not.toBe(tsx);
    await writeFile(file, edited);
    const { stats } = await buildJson();
    expect(stats.rendered).toBeGreaterThanOrEqual(corpus.leafPages);
    const leaf = corpus.pageList.find((p) => p.file.endsWith('.md') && !p.file.endsWith('index.md'))!;
    expect(await readFile(path.join(site, 'dist/public/documentation', leaf.url, 'index.html'), 'utf8')).toContain('data-imported-edit="yes"');
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('re-renders nothing for a redirect edit, yet exports the new redirect', async () => {
    const target = corpus.pageList[1]!.url;
    await mkdir(path.join(site, 'redirects'), { recursive: true });
    await writeFile(path.join(site, 'redirects/cache-test.yaml'), `- from: /documentation/an-old-cache-test-page/\n  to: /documentation${target}\n`);
    const { stats } = await buildJson();
    expect(stats.rendered).toBe(0);
    expect(stats.cached).toBe(corpus.pages + 2);
    expect(await readFile(path.join(site, 'dist/public/_redirects'), 'utf8')).toContain('/an-old-cache-test-page/');
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('re-renders the pages that show an image whose bytes changed', async () => {
    const images = (await fg('**/images/fig-*.png', { cwd: path.join(site, 'content') })).sort();
    const image = images[0]!;
    const folder = path.dirname(path.dirname(image));
    const name = path.basename(image);
    const users = await fg('*.md', { cwd: path.join(site, 'content', folder) });
    let expected = 0;
    for (const f of users) if ((await readFile(path.join(site, 'content', folder, f), 'utf8')).includes(`images/${name}`)) expected++;
    expect(expected).toBeGreaterThan(0);
    // another figure of other dimensions: the pages' width/height attributes must follow
    const other = images.find((i) => path.basename(i) !== name)!;
    await cp(path.join(site, 'content', other), path.join(site, 'content', image));
    const { stats } = await buildJson();
    expect(stats.rendered).toBe(expected);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('re-renders every page when the config changes', async () => {
    // appended: the corpus's pages still need the documentation variables the config defines
    await appendFile(path.join(site, 'docsgen.config.yaml'), 'forumUrl: https://community.esri.com/t5/cache-test\n');
    const { stats } = await buildJson();
    expect(stats.rendered).toBe(corpus.pages + 2);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
  });

  it('rebuilds everything, identically, after the cache folder is deleted', async () => {
    const before = await snapshotTree(path.join(site, 'dist'));
    await rm(path.join(site, '.docsgen-cache'), { recursive: true, force: true });
    const { stats } = await buildJson();
    expect(stats.rendered).toBe(corpus.pages + 2);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(before);
  });
  // last: it changes the pages the tests above count (a page others link to cannot go: its links would break)
  it('publishes an added page, moves a moved one and removes a deleted one, as a cold build would', async () => {
    const leaf = corpus.pageList.find((p) => p.file.split('/').length === 3 && !p.file.endsWith('index.md'))!;
    const doc = path.join(site, 'dist/public/documentation');
    const addedFile = path.join(path.dirname(path.join(site, 'content', leaf.file)), 'added-by-test.md');
    const addedUrl = `${leaf.url.replace(/[^/]+\/$/, '')}added-by-test/`;
    const served = async (url: string) => fg('**/*', { cwd: path.join(doc, url) }).catch(() => []);
    await writeFile(addedFile, '---\ntitle: Added by the test\ndescription: A new page.\n---\n\nNew.\n');
    await buildJson();
    expect(await readFile(path.join(doc, addedUrl, 'index.html'), 'utf8')).toContain('Added by the test');
    expect(await readFile(path.join(doc, leaf.url, 'index.html'), 'utf8')).toContain(`href="/documentation${addedUrl}"`);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());
    // moved to the top level (a page moved or deleted with no redirect fails the build by default, DG5200: this
    // test is about the cache, so those checks are off)
    const removedOff = ['--removed-pages', 'off'];
    await cp(addedFile, path.join(site, 'content/moved-by-test.md'));
    await rm(addedFile);
    await buildJson(removedOff);
    expect(await served(addedUrl)).toEqual([]);
    expect(await readFile(path.join(doc, 'moved-by-test/index.html'), 'utf8')).toContain('Added by the test');
    expect(await readFile(path.join(doc, leaf.url, 'index.html'), 'utf8')).not.toContain(`href="/documentation${addedUrl}"`);
    // deleted
    await rm(path.join(site, 'content/moved-by-test.md'));
    expect((await buildJson(removedOff)).stats.pages).toBe(corpus.pages);
    expect(await served('/moved-by-test/')).toEqual([]);
    expect(await readFile(path.join(doc, leaf.url, 'index.html'), 'utf8')).not.toContain('moved-by-test');
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput(removedOff));
  }, 240_000);
});
