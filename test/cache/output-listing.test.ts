// The output's recorded listing: a stat of every recorded file and folder tells whether the output is as the last
// build left it, and says no to every change a walk would see; relist gives what a walk would after a commit.
import fc from 'fast-check';
import { mkdir, mkdtemp, readFile, rename, rm, rmdir, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRecorded, listOutput, recordListing, relist, stampOf } from '../../src/cache/output-stamp.js';
import { assertReaching } from '../helpers/reach.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FILES = ['index.html', 'a/index.html', 'a/page-data.json', 'a/b/index.html', 'a/b/c.txt', 'd/e/f/index.html', 'empty/'];

/** The tree with every time set back, then a pause: a change made next moves a time whatever the clock's tick. */
async function tree(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-listing-'));
  for (const f of FILES) {
    if (f.endsWith('/')) await mkdir(path.join(dir, f), { recursive: true });
    else {
      await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
      await writeFile(path.join(dir, f), `<p>${f}</p>`);
    }
  }
  const past = new Date(Date.now() - 60_000);
  for (const f of [...FILES, 'a', 'a/b', 'd', 'd/e', 'd/e/f', '']) await utimes(path.join(dir, f), past, past);
  await sleep(20);
  return dir;
}

const CHANGES: Record<string, (dir: string) => Promise<unknown>> = {
  'a file added to a folder': (dir) => writeFile(path.join(dir, 'a/b/new.html'), 'x'),
  'a file added in a new folder': async (dir) => {
    await mkdir(path.join(dir, 'a/new'));
    await writeFile(path.join(dir, 'a/new/index.html'), 'x');
  },
  'a file added to an empty folder': (dir) => writeFile(path.join(dir, 'empty/stray.html'), 'x'),
  'a file added at the top': (dir) => writeFile(path.join(dir, 'stray.html'), 'x'),
  'a file removed': (dir) => rm(path.join(dir, 'a/b/c.txt')),
  'a file replaced by another of the same size': async (dir) => {
    await writeFile(path.join(dir, 'tmp'), '<p>a/b/c.tx!</p>');
    await rename(path.join(dir, 'tmp'), path.join(dir, 'a/b/c.txt'));
  },
  'a file edited in place, its size and mtime kept': async (dir) => {
    const file = path.join(dir, 'd/e/f/index.html');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('p>', 'P>'));
    const past = new Date(Date.now() - 60_000);
    await utimes(file, past, past);
  },
};

describe('the recorded listing of an output', () => {
  it('holds while nothing changed, and a walk is taken (and differs) after any change', async () => {
    await assertReaching(
      fc.asyncProperty(fc.constantFrom(...Object.keys(CHANGES), 'nothing'), async (change) => {
        const dir = await tree();
        const recorded = path.join(dir, '..', `${path.basename(dir)}.listing`);
        try {
          const listing = listOutput(dir)!;
          expect([...listing.dirs.keys()].sort()).toEqual(['', 'a', 'a/b', 'd', 'd/e', 'd/e/f', 'empty']);
          const stamp = await recordListing(recorded, listing);
          if (change !== 'nothing') await CHANGES[change]!(dir);
          const answer = checkRecorded({ outDir: dir, recorded })!;
          if (change === 'nothing') expect(answer.stamp).toBe(stamp);
          else {
            // not trusted as recorded: the walk's listing, whose stamp is not the recorded one
            expect(answer.stamp).toBeNull();
            expect(stampOf(listOutput(dir)!)).not.toBe(stamp);
          }
        } finally {
          await rm(dir, { recursive: true, force: true });
          await rm(recorded, { force: true });
        }
      }),
      { numRuns: 24 },
    );
  });

  it('is none when nothing was recorded, or the record is damaged', async () => {
    const dir = await tree();
    const recorded = path.join(dir, 'listing');
    expect(checkRecorded({ outDir: dir, recorded })).toBeNull();
    await writeFile(recorded, 'not a checked file');
    expect(checkRecorded({ outDir: dir, recorded })).toBeNull();
    await rm(dir, { recursive: true, force: true });
  });

  it('is relisted after a commit in place as a walk would find it: files and folders made, changed and removed', async () => {
    const dir = await tree();
    const before = listOutput(dir)!;
    await mkdir(path.join(dir, 'g/h'), { recursive: true });
    await writeFile(path.join(dir, 'g/h/index.html'), 'new page');
    await writeFile(path.join(dir, 'a/index.html'), 'changed page');
    await rm(path.join(dir, 'd/e/f/index.html'));
    for (const d of ['d/e/f', 'd/e', 'd']) await rmdir(path.join(dir, d));
    const after = relist(dir, before, ['g/h/index.html', 'a/index.html'], ['d/e/f/index.html'])!;
    const walked = listOutput(dir)!;
    expect([...after.files].sort()).toEqual([...walked.files].sort());
    expect([...after.dirs].sort()).toEqual([...walked.dirs].sort());
    await rm(dir, { recursive: true, force: true });
  });
});
