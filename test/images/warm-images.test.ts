import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashBytes } from '../../src/cache/hash.js';
import { imageHintsOf } from '../../src/content/image-hints.js';
import { optimizeImages, warmImageCache } from '../../src/images/index.js';
import { repoRoot } from '../helpers/cli.js';
import { basic, corrupt, jobsFor, settings } from './fixtures.js';

const NAMES = ['alpha-large.png', 'photo-large.jpg', 'wide.gif', 'logo.svg'];
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-warm-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return new Map(await Promise.all(entries.map(async (e) => [path.relative(dir, path.join(e.parentPath, e.name)), await readFile(path.join(e.parentPath, e.name))] as [string, Buffer])));
}

describe('warmImageCache', () => {
  it('encodes ahead into the cache, so optimizeImages only copies, and publishes the bytes it would have encoded', async () => {
    const jobs = await jobsFor(basic, NAMES);
    const cold = await optimizeImages({ images: jobs, outDir: path.join(tmp, 'cold-out'), cacheDir: path.join(tmp, 'cold-cache'), ...settings });
    expect(cold.stats).toMatchObject({ processed: 4, cached: 0, failed: 0 });

    const cacheDir = path.join(tmp, 'warm-cache');
    // the SVG is not cached: it is sanitized on every run
    expect(await warmImageCache(jobs.map((j) => ({ source: j.source })), { cacheDir, ...settings })).toBe(3);
    expect((await readdir(cacheDir)).sort()).toEqual((await readdir(path.join(tmp, 'cold-cache'))).sort());
    const warm = await optimizeImages({ images: jobs, outDir: path.join(tmp, 'warm-out'), cacheDir, ...settings });
    expect(warm.stats).toMatchObject({ processed: 1, cached: 3, failed: 0 });
    expect(await filesUnder(path.join(tmp, 'warm-out'))).toEqual(await filesUnder(path.join(tmp, 'cold-out')));

    // a second warm-up finds everything cached
    expect(await warmImageCache(jobs.map((j) => ({ source: j.source })), { cacheDir, ...settings })).toBe(0);
  });

  it('encodes copies of one picture once, keyed by known content hashes before reading', async () => {
    const dir = path.join(tmp, 'copies');
    await mkdir(dir, { recursive: true });
    const copies = ['a.png', 'b.png', 'c.png'].map((n) => path.join(dir, n));
    for (const c of copies) await copyFile(path.join(basic, 'alpha-large.png'), c);
    const hash = hashBytes(await readFile(path.join(basic, 'alpha-large.png')));
    const cacheDir = path.join(tmp, 'copies-cache');
    // with the hashes known, and without them: one encode either way
    expect(await warmImageCache(copies.map((source) => ({ source, contentHash: hash })), { cacheDir, ...settings })).toBe(1);
    expect(await warmImageCache(copies.map((source) => ({ source })), { cacheDir: path.join(tmp, 'copies-cache-2'), ...settings })).toBe(1);
    expect(await readdir(cacheDir)).toHaveLength(1);
  });

  it('never throws: corrupt, unsupported, missing and non-image files are left for optimizeImages to report', async () => {
    const cacheDir = path.join(tmp, 'bad-cache');
    const sources = [...['broken.png', 'truncated.jpg', 'modern.webp', 'good.png'].map((n) => path.join(corrupt, n)), path.join(corrupt, 'missing.png'), path.join(repoRoot, 'package.json')];
    expect(await warmImageCache(sources.map((source) => ({ source })), { cacheDir, ...settings })).toBe(1);
    expect(await readdir(cacheDir)).toHaveLength(1);
  });
});

describe('warmImageCacheAside', () => {
  it('encodes in a child process (the compiled one, as a build runs it), skipping what is cached', async () => {
    // lib/ is what `npm test` compiled first; from src/ there is no child to start and the work stays inline
    const { warmImageCacheAside } = (await import(path.join(repoRoot, 'lib/images/warm.js'))) as typeof import('../../src/images/warm.js');
    const jobs = (await jobsFor(basic, NAMES)).map((j) => ({ source: j.source }));
    const cacheDir = path.join(tmp, 'aside-cache');
    expect(await warmImageCacheAside(jobs, { cacheDir, ...settings })).toBe(3); // not the SVG: SVGs are never cached
    // the same entries, byte for byte, as encoding in this process
    const inline = path.join(tmp, 'aside-inline');
    await warmImageCache(jobs, { cacheDir: inline, ...settings });
    expect((await readdir(cacheDir)).sort()).toEqual((await readdir(inline)).sort());
    for (const name of await readdir(cacheDir)) expect(await readFile(path.join(cacheDir, name))).toEqual(await readFile(path.join(inline, name)));
    // with the hashes known, cached images do not even start a child
    const known = await Promise.all(jobs.map(async (j) => ({ ...j, contentHash: hashBytes(await readFile(j.source)) })));
    expect(await warmImageCacheAside(known, { cacheDir, ...settings })).toBe(0);
  });
});

describe('imageHintsOf', () => {
  const page = path.join('/site/content/guide/setup', 'index.md');
  const hints = (text: string) => imageHintsOf(text, page, '/site/content');

  it('finds inline images, with titles, angle brackets, brackets in the alt text, queries and escapes', () => {
    expect(
      hints(
        [
          '![A diagram](./images/diagram.png "The flow")',
          'Text ![x](<images/with space.png>) and ![alt [nested] text](../shared/logo.svg?v=2#top)',
          '![](%C3%A9t%C3%A9.jpg)',
          '![abs](/assets/banner.gif)',
        ].join('\n'),
      ),
    ).toEqual([
      '/site/content/guide/setup/images/diagram.png',
      '/site/content/guide/setup/images/with space.png',
      '/site/content/guide/shared/logo.svg',
      '/site/content/guide/setup/été.jpg',
      '/site/content/assets/banner.gif',
    ]);
  });

  it('finds image definitions a reference-style image may use, but not other definitions', () => {
    expect(hints('![Chart][chart]\n\n[chart]: ./chart.PNG\n[docs]: ./other-page.md\n')).toEqual(['/site/content/guide/setup/chart.PNG']);
  });

  it('skips remote images, links that are not images, paths outside the content folder and bad escapes', () => {
    expect(hints('![r](https://example.com/a.png) ![p](//cdn.example.com/b.png) [link](./c.png) ![o](../../../outside.png) ![e](%E0%A4%A.png) ![]()')).toEqual([]);
  });
});
