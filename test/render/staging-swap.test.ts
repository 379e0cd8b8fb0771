// A rebuild that kept most of an intact output but then changed more than it kept (a template edit) swaps a whole
// output in: the kept files are linked into the staging folder first, many at once. Files of one folder linked
// while that folder was still being made failed with ENOENT, and `docsgen dev` crashed on a template edit (DG8004).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listOutput } from '../../src/cache/output-stamp.js';
import { Staging } from '../../src/render/staging.js';
import { snapshotTree } from '../helpers/site.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'docsgen-staging-swap-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(dir: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

describe('a large change to an output kept in place', () => {
  it('swaps in the staged files with every kept one, however many share a folder', async () => {
    for (let round = 0; round < 2; round++) {
      const outDir = path.join(work, `dist-${round}`);
      // pages as a build writes them: three files in two folders each
      const pages = Array.from({ length: 600 }, (_, i) => `p${i}`);
      for (const p of pages) {
        write(outDir, `public/${p}/index.html`, `old ${p}`);
        write(outDir, `public/page-data/${p}/page-data.json`, `{"p":"${p}"}`);
        write(outDir, `public/page-data/${p}/page-data-rsc.json`, `{"rsc":"${p}"}`);
      }
      const listing = listOutput(outDir)!;
      const staging = new Staging(outDir);
      await staging.open(work);
      await staging.stageChangesOnly(listing);
      // the first 40 pages kept, the other 560 written again: more staged than kept, and past the 1,000 files an
      // in-place commit always takes, so the commit swaps
      for (const p of pages.slice(0, 40)) {
        for (const rel of [`public/${p}/index.html`, `public/page-data/${p}/page-data.json`, `public/page-data/${p}/page-data-rsc.json`]) staging.keep(path.join(staging.dir, rel));
      }
      for (const p of pages.slice(40)) {
        write(staging.dir, `public/${p}/index.html`, `new ${p}`);
        write(staging.dir, `public/page-data/${p}/page-data.json`, `{"p":"${p}","new":1}`);
        write(staging.dir, `public/page-data/${p}/page-data-rsc.json`, `{"rsc":"${p}","new":1}`);
      }
      const listingAfter = await staging.commit();
      expect(listingAfter).toBeNull(); // swapped, not changed in place
      const tree = await snapshotTree(outDir);
      expect(Object.keys(tree).filter((f) => f.startsWith('public/')).length).toBe(1800);
      expect(readFileSync(path.join(outDir, 'public/p0/index.html'), 'utf8')).toBe('old p0');
      expect(readFileSync(path.join(outDir, 'public/page-data/p39/page-data-rsc.json'), 'utf8')).toBe('{"rsc":"p39"}');
      expect(readFileSync(path.join(outDir, 'public/p599/index.html'), 'utf8')).toBe('new p599');
    }
  });
});
