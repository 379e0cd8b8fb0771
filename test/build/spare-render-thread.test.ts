// A rebuild of a large site renders the pages an edit changed on a render thread started ahead, which loaded
// the parser and React while the main thread reused the cached pages; a small site's rebuild renders on the
// main thread. Either way the output is a cold build's, byte for byte.
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDenseCorpus } from '../../bench/dense-corpus.mjs';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

async function build(root: string): Promise<Record<string, number>> {
  const r = await runDocsgen(['build', '--root', root, '--json', '--no-sw']);
  expect(r.exitCode, r.stderr + r.stdout.slice(0, 2000)).toBe(0);
  return (JSON.parse(r.stdout) as { stats: Record<string, number> }).stats;
}

describe('the render thread of a rebuild', () => {
  let site: string;
  let editPage: { file: string; url: string };
  beforeAll(async () => {
    site = await mkdtemp(path.join(os.tmpdir(), 'docsgen-spare-'));
    // 2,000 pages: the size from which a rebuild starts its render thread ahead (SPARE_THREAD_MIN_PAGES)
    const corpus = (await generateDenseCorpus(site, { pages: 2000, seed: 'spare-thread' })) as { editPage: { file: string; url: string } };
    editPage = corpus.editPage;
    for (const extra of ['eleventy', 'eleventy.config.mjs', 'hugo']) await rm(path.join(site, extra), { recursive: true, force: true });
    const cold = await build(site);
    expect(cold.renderThreads).toBeGreaterThan(0);
  }, 180_000);
  afterAll(() => rm(site, { recursive: true, force: true }));

  it('renders a large site\'s edited page on it, and the output equals a cold build', async () => {
    await appendFile(path.join(site, editPage.file), '\nA line the spare thread renders.\n');
    const stats = await build(site);
    expect(stats).toMatchObject({ rendered: 1, renderThreads: 1, inPlace: 1 });
    const html = await readFile(path.join(site, 'dist/public/documentation', editPage.url, 'index.html'), 'utf8');
    expect(html).toContain('A line the spare thread renders.');
    const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-spare-cold-'));
    try {
      for (const part of ['content', 'docsgen.config.yaml']) await cp(path.join(site, part), path.join(copy, part), { recursive: true });
      expect((await build(copy)).cached).toBe(0);
      expect(await snapshotTree(path.join(site, 'dist'))).toEqual(await snapshotTree(path.join(copy, 'dist')));
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 180_000);

  it('is not started for a small site: its edited page renders on the main thread', async () => {
    const small = await copyFixture('build/good-site');
    try {
      await build(small);
      await appendFile(path.join(small, 'content/guide/setup.md'), '\nA line the main thread renders.\n');
      expect(await build(small)).toMatchObject({ rendered: 1, renderThreads: 0 });
    } finally {
      await rm(small, { recursive: true, force: true });
    }
  }, 120_000);
});
