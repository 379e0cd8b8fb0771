// An in-place commit (render/commit-in-place.ts) turns any output into exactly the files the build staged plus
// those it kept, with no folder left empty, and carrying its journal out again after a kill at any step finishes
// it: for any old output, any staged and kept files, and any moment of the kill.
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { listOutput, stampOf } from '../../src/cache/output-stamp.js';
import { applyJournal, changedFiles, commitInPlace, planInPlace } from '../../src/render/commit-in-place.js';
import { assertReaching } from '../helpers/reach.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'docsgen-in-place-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// few names, so that outputs share folders, and a file sometimes sits where the other side has a folder
const segment = fc.constantFrom('a', 'b', 'index.html', 'page-data.json');
const file = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));

/** An old output, the files a build staged (new bytes) and which of the old ones it kept. */
const commitCase = fc
  .record({
    old: fc.uniqueArray(file, { maxLength: 12 }),
    staged: fc.uniqueArray(file, { maxLength: 8 }),
    keepBits: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    // a staged file may be a hard link to the output's own (as unchanged search shards are staged), or a copy of
    // its bytes (as the component library's assets are): 0 new bytes, 1 a link, 2 a copy
    sameBits: fc.array(fc.constantFrom(0, 1, 2), { minLength: 8, maxLength: 8 }),
    killAt: fc.nat(40),
  })
  .filter(({ old, staged }) => consistent(old) && consistent(staged));

/** No path is both a file and a folder of another path in the same tree. */
function consistent(files: readonly string[]): boolean {
  return !files.some((f) => files.some((g) => g.startsWith(`${f}/`)));
}

function write(dir: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

/** Every file under `dir` with its text, and every folder with nothing under it. */
function tree(dir: string): { files: Record<string, string>; emptyFolders: string[] } {
  const files: Record<string, string> = {};
  const emptyFolders: string[] = [];
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const rel = path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    if (e.isDirectory()) {
      if (readdirSync(path.join(dir, rel)).length === 0) emptyFolders.push(rel);
    } else files[rel] = readFileSync(path.join(dir, rel), 'utf8');
  }
  return { files, emptyFolders };
}

describe('an in-place commit', () => {
  it('leaves exactly the staged and kept files, and finishes after a kill at any step', () => {
    let n = 0;
    assertReaching(
      fc.property(commitCase, ({ old, staged, keepBits, sameBits, killAt }) => {
        const run = path.join(work, String(n++));
        const out = path.join(run, 'dist');
        const staging = path.join(run, 'dist.tmp');
        mkdirSync(out, { recursive: true });
        mkdirSync(staging, { recursive: true });
        for (const f of old) write(out, f, `old ${f}`);
        const same = (f: string) => (old.includes(f) ? sameBits[staged.indexOf(f)]! : 0);
        for (const f of staged) {
          if (same(f) === 1) {
            mkdirSync(path.dirname(path.join(staging, f)), { recursive: true });
            linkSync(path.join(out, f), path.join(staging, f));
          } else write(staging, f, same(f) === 2 ? `old ${f}` : `new ${f}`);
        }
        const kept = new Set(old.filter((f, i) => !staged.includes(f) && keepBits[i]));
        const listing = listOutput(out)!;
        // as Staging.commit does: files staged with the output's own bytes are left as the output has them
        const { changed, relinked } = changedFiles(staging, out, listing, staged);
        expect(changed.sort()).toEqual(staged.filter((f) => same(f) === 0).sort());
        const journal = planInPlace(out, listing, changed, kept, staged.filter((f) => !changed.includes(f)));
        if (journal === null) {
          // refused only where a staged file meets a folder of the output, or lies under one of its files
          expect(changed.some((s) => old.some((o) => o.startsWith(`${s}/`) || s.startsWith(`${o}/`)))).toBe(true);
          return;
        }
        // a kill after some of the journal's steps, then the next start carrying out the whole journal
        const cut = Math.min(killAt, journal.moves.length + journal.removals.length);
        applyJournal(staging, out, { moves: journal.moves.slice(0, cut), removals: journal.removals.slice(0, Math.max(0, cut - journal.moves.length)) });
        const after = commitInPlace(staging, out, listing, journal, relinked);
        rmSync(staging, { recursive: true, force: true });
        const expected: Record<string, string> = {};
        for (const f of kept) expected[f] = `old ${f}`;
        for (const f of staged) expected[f] = same(f) === 0 ? `new ${f}` : `old ${f}`;
        const found = tree(out);
        expect(found.files).toEqual(expected);
        expect(found.emptyFolders).toEqual([]);
        // the listing it gives is the one a new walk finds: the next build's stamp check holds
        expect(after && stampOf(after)).toBe(stampOf(listOutput(out)!));
        rmSync(run, { recursive: true, force: true });
      }),
      { numRuns: 150 },
    );
  });
});
