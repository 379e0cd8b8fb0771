// A rebuild after an edit reuses what discovery and the search index kept for the files that did not change
// (.docsgen-cache/discover.txt, search/): whatever the edit, the output equals a cold build's of the same
// content, byte for byte, and the edit shows where readers look for it (the sidebar, the search index).
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

const SITE = 'dist/public/documentation';
let site: string;

async function build(root: string): Promise<Record<string, number>> {
  const r = await runDocsgen(['build', '--root', root, '--json', '--removed-pages', 'off']);
  expect(r.exitCode, r.stderr + r.stdout.slice(0, 2000)).toBe(0);
  return (JSON.parse(r.stdout) as { stats: Record<string, number> }).stats;
}

/** The output of a fresh copy of the site's sources built with no cache at all. */
async function coldOutput(): Promise<Record<string, string>> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-cold-'));
  try {
    for (const part of ['content', 'docsgen.config.yaml']) await cp(path.join(site, part), path.join(copy, part), { recursive: true });
    expect((await build(copy)).cached).toBe(0);
    return await snapshotTree(path.join(copy, 'dist'));
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** Every title the search index lists (its document blocks), by page path. */
async function searchTitles(): Promise<Record<string, string>> {
  const dir = path.join(site, SITE, 'search');
  const manifest = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8')) as { blocks: string[] };
  const out: Record<string, string> = {};
  for (const block of manifest.blocks) for (const [p, title] of JSON.parse(await readFile(path.join(dir, block), 'utf8')) as string[][]) out[p!] = title!;
  return out;
}

/** The pages of the search index that hold `term` (decoded from the shard files the manifest names). */
async function searchHits(term: string): Promise<string[]> {
  const dir = path.join(site, SITE, 'search');
  const manifest = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8')) as { blocks: string[]; shards: Record<string, string> };
  const cps = [...term];
  let file: string | undefined;
  for (let n = Math.min(cps.length, 6); n >= 1 && !file; n--) file = manifest.shards[cps.slice(0, n).join('')];
  if (!file) return [];
  const postings = (JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Record<string, number[]>)[term] ?? [];
  const paths = Object.keys(await searchTitles()).sort();
  let id = 0;
  return postings.filter((_, i) => i % 2 === 0).map((d) => paths[(id += d)]!);
}

const sidebarOf = async (page: string) => readFile(path.join(site, SITE, page, 'index.html'), 'utf8');
const edit = async (file: string, from: string | RegExp, to: string) => {
  const abs = path.join(site, 'content', file);
  const text = await readFile(abs, 'utf8');
  expect(text).toMatch(from);
  await writeFile(abs, text.replace(from, to));
};

describe('a rebuild after an edit equals a cold build of the same content', () => {
  beforeAll(async () => {
    site = await copyFixture('search/relevance-site');
    await build(site);
  }, 120_000);
  afterAll(() => rm(site, { recursive: true, force: true }));

  const check = async () => expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await coldOutput());

  it("a page's frontmatter title changed: the sidebar and the search index show the new one", async () => {
    await edit('maps/popups.md', 'title: Popups', 'title: Popup windows');
    const stats = await build(site);
    expect(stats.rendered).toBeGreaterThan(0);
    expect(await sidebarOf('maps/basemaps')).toContain('Popup windows');
    expect((await searchTitles())['/maps/popups/']).toBe('Popup windows');
    await check();
  }, 120_000);

  it('its frontmatter keys reordered', async () => {
    await edit('data/query.md', /^---\ntitle: (.*)\ndescription: (.*)\n---/, '---\ndescription: $2\ntitle: $1\n---');
    await build(site);
    await check();
  }, 120_000);

  it('a page added whose title is its h1, then that heading edited', async () => {
    await writeFile(path.join(site, 'content/maps/legend.md'), '# Legend\n\nThe legend lists the layers of the ocelot map.\n');
    await build(site);
    expect(await sidebarOf('maps/popups')).toContain('Legend');
    expect(await searchHits('ocelot')).toEqual(['/maps/legend/']);
    await check();
    await edit('maps/legend.md', '# Legend', '# Map legend');
    await build(site);
    expect(await sidebarOf('maps/popups')).toContain('Map legend');
    expect((await searchTitles())['/maps/legend/']).toBe('Map legend');
    await check();
  }, 240_000);

  it("a page's text changed: the search index finds its new words, not its old ones", async () => {
    await edit('maps/legend.md', 'ocelot', 'margay');
    await appendFile(path.join(site, 'content/data/editing.md'), '\n## Numbat edits\n\nThe numbat workflow saves edits offline.\n');
    // the same pages as before: the index is updated from its kept state, not merged anew
    expect((await build(site))['search.updated']).toBe(1);
    expect(await searchHits('ocelot')).toEqual([]);
    expect(await searchHits('margay')).toEqual(['/maps/legend/']);
    expect(await searchHits('numbat')).toEqual(['/data/editing/']);
    await check();
  }, 120_000);

  it('the search state kept by an older build is not used: the index is merged anew', async () => {
    const shards = path.join(site, '.docsgen-cache/search/shards.txt');
    const older = await readFile(shards);
    await edit('maps/legend.md', 'margay', 'serval');
    expect((await build(site))['search.updated']).toBe(1);
    await writeFile(shards, older);
    await edit('maps/legend.md', 'serval', 'caracal');
    expect((await build(site))['search.updated']).toBe(0);
    expect(await searchHits('serval')).toEqual([]);
    expect(await searchHits('caracal')).toEqual(['/maps/legend/']);
    await check();
  }, 120_000);

  it('a page added at the path of another is reported, and the build succeeds again once it is gone', async () => {
    const twin = path.join(site, 'content/maps/popups/index.md');
    await mkdir(path.dirname(twin), { recursive: true });
    await writeFile(twin, '---\ntitle: Twin\n---\n\nThe same page path.\n');
    const clash = await runDocsgen(['build', '--root', site, '--json', '--removed-pages', 'off']);
    expect(clash.exitCode).toBe(1);
    expect(clash.stdout).toContain('content/maps/popups/index.md');
    await rm(path.dirname(twin), { recursive: true });
    await build(site);
    await check();
    // and again: a problem kept from an earlier build is reported whenever its cause is back
    await mkdir(path.dirname(twin), { recursive: true });
    await writeFile(twin, '---\ntitle: Twin\n---\n\nThe same page path.\n');
    expect((await runDocsgen(['build', '--root', site, '--json', '--removed-pages', 'off'])).exitCode).toBe(1);
    await rm(path.dirname(twin), { recursive: true });
  }, 120_000);

  it('a page removed, and another made a draft', async () => {
    await rm(path.join(site, 'content/data/geocoding.md'));
    await edit('maps/basemaps.md', /^---\n/, '---\ndraft: true\n');
    await build(site);
    const titles = await searchTitles();
    expect(titles['/data/geocoding/']).toBeUndefined();
    expect(titles['/maps/basemaps/']).toBeUndefined();
    expect(await fg('data/geocoding/**', { cwd: path.join(site, SITE) })).toEqual([]);
    await check();
  }, 120_000);
});
