// A checked cache file gives back exactly the bytes written, and nothing at all once they changed in any way.
import fc from 'fast-check';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedBytes, readChecked, readCheckedJson, withChecksum, writeChecked, writeCheckedParts } from '../../src/cache/checked-file.js';
import { assertReaching } from '../helpers/reach.js';

const bytes = fc.uint8Array({ minLength: 0, maxLength: 2048 });

describe('checked cache files', () => {
  it('give back the bytes written', () => {
    assertReaching(
      fc.property(bytes, (b) => {
        expect(checkedBytes(withChecksum(b))).toEqual(Buffer.from(b));
      }),
    );
  });

  it('read as missing after any one bit of the file flipped, header included', () => {
    assertReaching(
      fc.property(bytes, fc.nat(), fc.integer({ min: 0, max: 7 }), (b, at, bit) => {
        const file = withChecksum(b);
        file[at % file.length]! ^= 1 << bit;
        expect(checkedBytes(file)).toBeNull();
      }),
    );
  });

  it('read as missing when cut short, emptied or grown', () => {
    assertReaching(
      fc.property(bytes, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 16 }), (b, cut, extra) => {
        const file = withChecksum(b);
        expect(checkedBytes(file.subarray(0, cut % file.length))).toBeNull();
        expect(checkedBytes(Buffer.concat([file, extra]))).toBeNull();
      }),
    );
  });

  it('written in parts hold the same bytes as the parts written whole', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-checked-parts-'));
    const [whole, inParts] = [path.join(dir, 'whole'), path.join(dir, 'sub/parts')];
    // parts of any text, some long enough to cross the 1 MiB chunks the writer gathers them into
    const part = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 300_000 })).map(([s, n]) => s.repeat(n)));
    await assertReaching(
      fc.asyncProperty(fc.array(part, { maxLength: 12 }), async (parts) => {
        await writeChecked(whole, parts.join(''));
        await writeCheckedParts(inParts, parts);
        // Buffer#equals and ===: vitest's deep equality walks a megabyte byte by byte
        expect((await readFile(inParts)).equals(await readFile(whole))).toBe(true);
        expect((await readChecked(inParts))?.toString('utf8') === parts.join('')).toBe(true);
      }),
      { numRuns: 25 },
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('are written whole through a rename, and a file that is not one reads as missing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-checked-'));
    const file = path.join(dir, 'sub/state.json');
    await writeChecked(file, JSON.stringify({ a: 1 }));
    expect(await readCheckedJson(file)).toEqual({ a: 1 });
    expect((await readFile(file, 'utf8')).split('\n')[0]).toMatch(/^docsgen-checked 7 [0-9a-f]{20}$/);
    // a file from before checksums, or written by hand
    await writeFile(file, JSON.stringify({ a: 1 }));
    expect(await readCheckedJson(file)).toBeNull();
    expect(await readChecked(path.join(dir, 'missing'))).toBeNull();
    await rm(dir, { recursive: true, force: true });
  });

  it('can be named by their hash, written through the temporary name given and left under that name alone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-checked-'));
    const hash = await writeCheckedParts((h) => path.join(dir, `links-${h}.txt`), ['a', 'b'], path.join(dir, 'links.1.tmp'));
    expect(await readdir(dir)).toEqual([`links-${hash}.txt`]);
    expect((await readChecked(path.join(dir, `links-${hash}.txt`)))?.toString()).toBe('ab');
    // the same header hash writeChecked gives for the same bytes
    expect(await writeChecked(path.join(dir, 'whole'), 'ab')).toBe(hash);
    await rm(dir, { recursive: true, force: true });
  });
});
