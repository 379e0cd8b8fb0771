// `docsgen dev` removes the swapped-out output a second after its commit (removeOldOutputLater). Removing it
// changes what the output's stamp saw (the ctime of every file the two shared, the staging marker), so the
// output is stamped again once it is gone: otherwise every later save found the output changed and rebuilt it
// whole (10 s of hashing at 10,000 pages) instead of committing in place.
import { appendFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot } from '../helpers/cli.js';

type Lib = typeof import('../../src/index.js');
type RenderLib = typeof import('../../src/render/index.js');
let site: string;
let lib: Lib;
let render: RenderLib;

// the compiled library, as the dev server's build thread runs it (render threads load compiled code)
const devBuild = () => lib.build({ root: site, removeOldOutputLater: true, recordPublished: false, links: 'warn', sw: false });

describe('dev rebuilds after a swapped-in output', () => {
  beforeAll(async () => {
    site = await copyFixture('build/good-site');
    lib = (await import(path.join(repoRoot, 'lib/index.js'))) as Lib;
    render = (await import(path.join(repoRoot, 'lib/render/index.js'))) as RenderLib;
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  it('commit in place once the old output is removed', async () => {
    expect((await devBuild()).stats.inPlace).toBe(0); // cold: swapped in
    // a second swap, so an old output shares its files with the new one and is removed a second later
    await rm(path.join(site, '.docsgen-cache/pages'), { recursive: true, force: true });
    expect((await devBuild()).stats.inPlace).toBe(0);
    await render.oldOutputsRemoved();
    for (const n of [1, 2]) {
      await appendFile(path.join(site, 'content/guide/reference.md'), `\nSaved in dev ${n}.\n`);
      const { stats } = await devBuild();
      expect(stats.inPlace).toBe(1);
      expect(await readFile(path.join(site, 'dist/public/documentation/guide/reference/index.html'), 'utf8')).toContain(`Saved in dev ${n}.`);
      await render.oldOutputsRemoved();
    }
  }, 120_000);
});
