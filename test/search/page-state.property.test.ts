// The search index's page state is kept as a base and the changes since it: whatever the sequence of builds,
// the state read back is the last one written, and changes left over from another base are never applied.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPageState, writePageState, type Entry, type PageState } from '../../src/search/page-state.js';
import { assertReaching } from '../helpers/reach.js';

const entry = fc.tuple(fc.constantFrom('k1', 'k2', 'k3'), fc.constantFrom('A', 'B'), fc.constant('S'), fc.constantFrom('alpha 1', 'beta 2', '')) as fc.Arbitrary<Entry>;
// up to 150 pages, so one build may change more than the share that rewrites the base, another only a few
const state = fc.record({ pages: fc.dictionary(fc.integer({ min: 0, max: 149 }).map((i) => `/p${i}/`), entry, { maxKeys: 150 }), manifest: fc.string({ maxLength: 6 }) });

async function writeAfter(dir: string, s: PageState): Promise<void> {
  const stored = await readPageState(dir, 1, 'en');
  await writePageState(dir, 1, 'en', s, stored?.base ?? null);
}

describe('the search page state', () => {
  it('reads back the last state written, across builds that write changes or a new base', async () => {
    await assertReaching(
      fc.asyncProperty(fc.array(state, { minLength: 1, maxLength: 6 }), async (states) => {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-page-state-'));
        try {
          for (const s of states) {
            await writeAfter(dir, s);
            expect((await readPageState(dir, 1, 'en'))?.state).toEqual(s);
          }
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('writes a few changes alone, and ignores changes made for an older base', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-page-state-'));
    try {
      const pages = (n: number, key: string) => Object.fromEntries(Array.from({ length: n }, (_, i): [string, Entry] => [`/p${i}/`, [key, 'T', 'S', `w${i} 1`]]));
      const a: PageState = { pages: pages(200, 'a'), manifest: 'A' };
      await writeAfter(dir, a);
      const baseBytes = await readFile(path.join(dir, 'pages.json'));
      const b: PageState = { pages: { ...a.pages, '/p7/': ['b', 'T', 'S', 'edited 3'] }, manifest: 'B' };
      await writeAfter(dir, b);
      // one page changed: the base is left as it was
      expect(await readFile(path.join(dir, 'pages.json'))).toEqual(baseBytes);
      const changesOfA = await readFile(path.join(dir, 'changes.json'));
      expect(changesOfA.length).toBeLessThan(baseBytes.length / 20);
      // every page changed: a new base
      const c: PageState = { pages: pages(200, 'c'), manifest: 'C' };
      await writeAfter(dir, c);
      expect(await readFile(path.join(dir, 'pages.json'))).not.toEqual(baseBytes);
      // the changes written for the first base are still there (or put back): not applied to the new one
      await writeFile(path.join(dir, 'changes.json'), changesOfA);
      expect((await readPageState(dir, 1, 'en'))?.state).toEqual(c);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
