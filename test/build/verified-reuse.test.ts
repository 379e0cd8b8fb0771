// Nothing a build reuses is trusted without checking it: a damaged file in .docsgen-cache/ is a silent miss, a
// page edited in the previous output is written again, and either way the output equals a cold build's.
import { appendFile, readFile, readdir, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

const FIXTURE = 'build/good-site';
const SETUP_HTML = 'dist/public/documentation/guide/setup/index.html';
const SETUP_DATA = 'dist/public/documentation/page-data/guide/setup/page-data.json';
const SETUP_RSC = 'dist/public/documentation/page-data/guide/setup/page-data-rsc.json';

/** The ways a cache file gets damaged: emptied, cut short, one bit flipped. */
const DAMAGE = {
  emptied: (file: string) => truncate(file, 0),
  truncated: async (file: string) => truncate(file, Math.floor((await stat(file)).size / 2)),
  'bit-flipped': async (file: string) => {
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length * 0.7)]! ^= 0x08;
    await writeFile(file, bytes);
  },
};
type Damage = keyof typeof DAMAGE;

/** What makes the next build run: the output gone (images and pages are published from the caches), or a page edit. */
const TRIGGER = {
  'the output is gone': (site: string) => rm(path.join(site, 'dist'), { recursive: true }),
  // a blank line at the end changes the page's source hash, not its HTML
  'another page changed': (site: string) => appendFile(path.join(site, 'content/guide/reference.md'), '\n'),
};

/** Builds; asserts success with nothing to report. Returns the summary line. */
async function build(site: string): Promise<string> {
  const r = await runDocsgen(['build', '--root', site]);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain('✔ no problems');
  return r.stderr;
}

/**
 * The output, file by file, except the marker naming its inputs' fingerprint and the list of published URLs, which
 * records each source file's hash: a blank line changes both, and neither is what readers are served.
 */
async function published(site: string): Promise<Record<string, string>> {
  const { '.docsgen-build': _marker, 'server/published.json': _list, ...files } = await snapshotTree(path.join(site, 'dist'));
  return files;
}

/**
 * Changes a file's bytes in place (same inode, same size), and gives it back its mtime to the nanosecond (`touch -r`:
 * utimes from JavaScript rounds it): an edit size, mtime and inode cannot see.
 */
async function editInPlace(file: string, from: string, to: string): Promise<void> {
  expect(to).toHaveLength(from.length);
  const before = await stat(file, { bigint: true });
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  const times = `${file}.times`;
  await execa('touch', ['-r', file, times]);
  await writeFile(file, text.replace(from, to));
  await execa('touch', ['-r', times, file]);
  await rm(times);
  const after = await stat(file, { bigint: true });
  expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
}

let cold: Record<string, string>;

beforeAll(async () => {
  const site = await copyFixture(FIXTURE);
  await build(site);
  cold = await published(site);
  await rm(site, { recursive: true, force: true });
});

describe('a damaged cache file is a silent miss: the output equals a cold build', () => {
  let site: string;
  beforeAll(async () => {
    site = await copyFixture(FIXTURE);
    await build(site);
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  const cases: Array<[what: string, glob: string, Damage, keyof typeof TRIGGER]> = [
    ['image cache entry', 'images/*', 'emptied', 'the output is gone'],
    ['image cache entry', 'images/*', 'truncated', 'the output is gone'],
    ['image cache entry', 'images/*', 'bit-flipped', 'the output is gone'],
    ['image cache entry', 'images/*', 'bit-flipped', 'another page changed'],
    ['page result pack', 'pages/packs/*.pack', 'bit-flipped', 'the output is gone'],
    ['page result pack', 'pages/packs/*.pack', 'truncated', 'the output is gone'],
    ['page cache index', 'pages/index.json', 'bit-flipped', 'another page changed'],
    ['page cache index', 'pages/index.json', 'emptied', 'the output is gone'],
    ['page cache links', 'pages/links-*.txt', 'bit-flipped', 'another page changed'],
    ['page cache links', 'pages/links-*.txt', 'truncated', 'the output is gone'],
    ['build state', 'build-state.json', 'bit-flipped', 'another page changed'],
    ['build state', 'build-state.json', 'truncated', 'another page changed'],
    ['link check results', 'links/pages.json', 'bit-flipped', 'another page changed'],
    ['templates bundle', 'templates/*.mjs', 'truncated', 'another page changed'],
    ['discovery results', 'discover.txt', 'bit-flipped', 'another page changed'],
    ['discovery results', 'discover.txt', 'truncated', 'another page changed'],
    ['search index state', 'search/shards.txt', 'bit-flipped', 'another page changed'],
    ['search page state', 'search/pages.json', 'truncated', 'another page changed'],
    ['component assets list', 'assets.json', 'bit-flipped', 'the output is gone'],
    ['output claims', 'plan/claims.json', 'bit-flipped', 'another page changed'],
    ['stored template bundles', 'bundles/files/*', 'bit-flipped', 'another page changed'],
    ['stored template bundles', 'bundles/*.json', 'truncated', 'another page changed'],
    ['stored template bundles', 'bundles/*.json', 'bit-flipped', 'another page changed'],
    // written by the rebuilds above (each changed one page): the changes since the index
    ['page cache changes', 'pages/index-delta.json', 'bit-flipped', 'another page changed'],
    ['page cache changes', 'pages/index-delta.json', 'truncated', 'another page changed'],
  ];
  for (const [what, glob, damage, trigger] of cases) {
    it(`${damage} ${what}, when ${trigger}`, async () => {
      const files = await fg(glob, { cwd: path.join(site, '.docsgen-cache'), absolute: true });
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) await DAMAGE[damage](file);
      await TRIGGER[trigger](site);
      await build(site);
      expect(await published(site)).toEqual(cold);
    });
  }
});

describe('a page edited by hand in the previous output is written again', () => {
  let site: string;
  beforeAll(async () => {
    site = await copyFixture(FIXTURE);
    await build(site);
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  it('by a rebuild that finds nothing else changed', async () => {
    await writeFile(path.join(site, SETUP_HTML), 'defaced\n');
    expect(await build(site)).not.toMatch(/up to date/);
    expect(await published(site)).toEqual(cold);
    // the rebuild stamped the output it left: the next one has nothing to do again
    expect(await build(site)).toMatch(/up to date/);
  });

  it('rather than hard-linked, when its bytes changed but not its size or mtime', async () => {
    await editInPlace(path.join(site, SETUP_HTML), 'Install the library', 'Install the LIBRARY');
    await editInPlace(path.join(site, SETUP_DATA), 'Install the library', 'Install the LIBRARY');
    // another page's edit makes the build run; the defaced page's own inputs are unchanged
    await TRIGGER['another page changed'](site);
    await build(site);
    expect(await readFile(path.join(site, SETUP_HTML), 'utf8')).not.toContain('Install the LIBRARY');
    expect(await published(site)).toEqual(cold);
  });

  it('rather than hard-linked, when only its -rsc page data changed (no sum is kept for it)', async () => {
    await editInPlace(path.join(site, SETUP_RSC), '"path":"/guide/setup/"', '"path":"/guide/SETUP/"');
    await TRIGGER['another page changed'](site);
    await build(site);
    expect(await readFile(path.join(site, SETUP_RSC), 'utf8')).not.toContain('/guide/SETUP/');
    expect(await published(site)).toEqual(cold);
  });

  it('by a rebuild that finds nothing else changed, when its bytes changed but not its size or mtime', async () => {
    await editInPlace(path.join(site, SETUP_HTML), 'Install the library', 'Install the LIBRARY');
    // the output's stamp holds every file's ctime, which no edit can set back
    expect(await build(site)).not.toMatch(/up to date/);
    expect(await readFile(path.join(site, SETUP_HTML), 'utf8')).not.toContain('Install the LIBRARY');
    expect(await published(site)).toEqual(cold);
    expect(await build(site)).toMatch(/up to date/);
  });

  it('and a file planted in the output is gone after the next build', async () => {
    await writeFile(path.join(site, 'dist/public/documentation/planted.html'), '<script>alert(1)</script>');
    expect(await build(site)).not.toMatch(/up to date/);
    expect(await readdir(path.join(site, 'dist/public/documentation'))).not.toContain('planted.html');
    expect(await published(site)).toEqual(cold);
  });
});

describe('a public/ file edited by hand in the previous output is copied again', () => {
  // (fixtures/site-files/branded-site ships public/ files: a logo, a favicon, a PDF, a dot folder)
  let site: string;
  let cold: Record<string, string>;
  beforeAll(async () => {
    site = await copyFixture('site-files/branded-site');
    const first = await runDocsgen(['build', '--root', site]);
    expect(first.exitCode, first.stderr).toBe(0);
    cold = await published(site);
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  it('rather than hard-linked, when its bytes changed but not its size or mtime', async () => {
    const files = await fg('**/*', { cwd: path.join(site, 'public'), dot: true, onlyFiles: true });
    expect(files).toEqual(expect.arrayContaining(['logo.svg', 'favicon.ico', 'downloads/cheatsheet.pdf', '.well-known/security.txt']));
    for (const rel of files) {
      const file = path.join(site, 'dist/public', rel);
      const before = await stat(file);
      const bytes = await readFile(file);
      bytes[bytes.length >> 1]! ^= 0x01;
      await writeFile(file, bytes);
      await utimes(file, before.atime, before.mtime);
    }
    await appendFile(path.join(site, 'content/index.md'), '\n');
    const r = await runDocsgen(['build', '--root', site]);
    expect(r.exitCode, r.stderr).toBe(0);
    for (const rel of files) expect(await readFile(path.join(site, 'dist/public', rel)), rel).toEqual(await readFile(path.join(site, 'public', rel)));
    expect(await published(site)).toEqual(cold);
  });
});
