import { mkdtemp, readdir, stat, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResultPacks, type PackLocation } from '../../src/cache/result-packs.js';
import { assertReaching } from '../helpers/reach.js';

const tmp = () => mkdtemp(path.join(os.tmpdir(), 'docsgen-packs-'));
const packsIn = async (dir: string) => (await readdir(dir)).filter((n) => n.endsWith('.pack'));

/** One build: appends the given results to a fresh pack, returns their locations. */
async function build(dir: string, results: Record<string, string>, live: Map<string, PackLocation>): Promise<void> {
  const packs = new ResultPacks(dir);
  for (const [key, text] of Object.entries(results)) live.set(key, packs.append(Buffer.from(text, 'utf8')));
  await packs.compact(live);
}

async function readAll(dir: string, live: Map<string, PackLocation>): Promise<Record<string, string | null>> {
  const packs = new ResultPacks(dir);
  const out: Record<string, string | null> = {};
  for (const [key, at] of live) out[key] = (await packs.readBytes(at))?.toString('utf8') ?? null;
  await packs.close();
  return out;
}

describe('result packs', () => {
  it('reads back exactly what was appended, multi-byte text included', async () => {
    const dir = await tmp();
    const live = new Map<string, PackLocation>();
    await build(dir, { '/a/': '{"body":"<p>Ünïcødé ✓ 地図</p>"}', '/b/': '{"body":""}', '/c/': 'x'.repeat(100_000) }, live);
    expect(await packsIn(dir)).toHaveLength(1);
    expect(await readAll(dir, live)).toEqual({ '/a/': '{"body":"<p>Ünïcødé ✓ 地図</p>"}', '/b/': '{"body":""}', '/c/': 'x'.repeat(100_000) });
  });

  it('keeps appends in order across its write buffer: texts and bytes, small, multi-byte and over a megabyte', async () => {
    const dir = await tmp();
    const packs = new ResultPacks(dir);
    const live = new Map<string, PackLocation>();
    const expected: Record<string, string> = {};
    const sizes = [10, 300_000, 5, 1_100_000, 200_000, 700_000, 1, 2_500_000, 90_000, 400_000, 400_000, 400_000];
    sizes.forEach((n, i) => {
      // two- and three-byte characters make the UTF-8 length differ from the text's
      const text = `${i}:` + 'aé地'.repeat(Math.ceil(n / 3)).slice(0, n);
      expected[`/p${i}/`] = text;
      if (i % 2 === 0) {
        const { at, bytes } = packs.appendShared(text);
        expect(Buffer.from(bytes).toString('utf8')).toBe(text);
        live.set(`/p${i}/`, at);
      } else live.set(`/p${i}/`, packs.append(Buffer.from(text, 'utf8')));
    });
    await packs.close();
    expect(await readAll(dir, live)).toEqual(expected);
  });

  it('deletes a pack once no entry refers to it, and moves the live results out of a mostly dead one', async () => {
    const dir = await tmp();
    const live = new Map<string, PackLocation>();
    const pages = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/p${i}/`, `result ${i} `.repeat(50)]));
    await build(dir, pages, live);
    const [first] = await packsIn(dir);
    // 4 of 10 re-rendered: the first pack is still mostly live and stays
    await build(dir, Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`/p${i}/`, `new ${i}`])), live);
    expect(await packsIn(dir)).toContain(first);
    // 3 more: 7 of its 10 are dead, its live results move and it is deleted
    await build(dir, Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`/p${i + 4}/`, `new ${i + 4}`])), live);
    expect(await packsIn(dir)).not.toContain(first);
    const expected = Object.fromEntries(Object.keys(pages).map((k, i) => [k, i < 7 ? `new ${i}` : pages[k]!]));
    expect(await readAll(dir, live)).toEqual(expected);
    // a page removed from the site: its results go when the index stops naming them
    for (const k of Object.keys(pages)) live.delete(k);
    await build(dir, {}, live);
    expect(await packsIn(dir)).toEqual([]);
  });

  it('merges the small packs of many incremental builds, and keeps every result readable', async () => {
    const dir = await tmp();
    const live = new Map<string, PackLocation>();
    await build(dir, Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`/p${i}/`, `cold ${i} `.repeat(40)])), live);
    for (let b = 0; b < 20; b++) await build(dir, { [`/p${b}/`]: `edit ${b}` }, live);
    expect((await packsIn(dir)).length).toBeLessThanOrEqual(8);
    const all = await readAll(dir, live);
    for (let i = 0; i < 50; i++) expect(all[`/p${i}/`]).toBe(i < 20 ? `edit ${i}` : `cold ${i} `.repeat(40));
    // the folder stays within about twice the live bytes
    const total = (await Promise.all((await packsIn(dir)).map(async (n) => (await stat(path.join(dir, n))).size))).reduce((a, b) => a + b, 0);
    const liveBytes = [...live.values()].reduce((a, [, , n]) => a + n, 0);
    expect(total).toBeLessThanOrEqual(2 * liveBytes);
  });

  it('answers null, never a wrong result, for a pack that is missing or cut short', async () => {
    const dir = await tmp();
    const live = new Map<string, PackLocation>();
    await build(dir, { '/a/': 'aaaa', '/b/': 'bbbb' }, live);
    const packs = new ResultPacks(dir);
    expect(await packs.readBytes(['missing.pack', 0, 4])).toBeNull();
    expect(await packs.readBytes(['../escape.pack', 0, 4])).toBeNull();
    await packs.close();
    const [name] = await packsIn(dir);
    await truncate(path.join(dir, name!), 6);
    expect(await readAll(dir, live)).toEqual({ '/a/': 'aaaa', '/b/': null });
  });

  it('stores the start a result shares with an earlier one once, and reads every result back whole', async () => {
    const dir = await tmp();
    const packs = new ResultPacks(dir);
    // a section's pages: the same 20 KB header and sidebar (multi-byte text in it), then each page's own text
    const nav = '<nav>' + 'Ünïcødé 地図 <a href="/x/">x</a>'.repeat(600) + '</nav>';
    const texts = Array.from({ length: 30 }, (_, i) => `${nav}<main>page ${i} ${'text '.repeat(i * 50)}</main>`);
    const live = new Map<string, PackLocation>();
    texts.forEach((t, i) => {
      const { at, bytes } = packs.appendShared(t);
      expect(Buffer.from(bytes).toString('utf8')).toBe(t);
      live.set(`/p${i}/`, at);
    });
    await packs.close();
    // the first is stored whole, the others after its start
    expect([...live.values()].filter((at) => at.length === 5)).toHaveLength(29);
    const [name] = await packsIn(dir);
    const size = (await stat(path.join(dir, name!))).size;
    expect(size).toBeLessThan(Buffer.byteLength(nav) * 2 + texts.reduce((n, t) => n + Buffer.byteLength(t) - Buffer.byteLength(nav), 0));
    expect(await readAll(dir, live)).toEqual(Object.fromEntries(texts.map((t, i) => [`/p${i}/`, t])));
  });

  it('keeps shared results readable through compaction, and answers null when their shared start is cut off', async () => {
    const dir = await tmp();
    const nav = 'n'.repeat(10_000);
    const live = new Map<string, PackLocation>();
    const packs = new ResultPacks(dir);
    for (let i = 0; i < 10; i++) live.set(`/p${i}/`, packs.appendShared(`${nav}${i}`).at);
    await packs.compact(live);
    const [first] = await packsIn(dir);
    // 8 of 10 pages change: the two left still need the shared start, so the pack stays
    const next = new ResultPacks(dir);
    for (let i = 0; i < 8; i++) live.set(`/p${i}/`, next.appendShared(`other ${i}`).at);
    await next.compact(live);
    expect(await packsIn(dir)).toContain(first);
    const expected = Object.fromEntries([...Array(10).keys()].map((i) => [`/p${i}/`, i < 8 ? `other ${i}` : `${nav}${i}`]));
    expect(await readAll(dir, live)).toEqual(expected);
    // many small builds of shared results: their packs are merged, the shared ones moved whole, all readable
    for (let b = 0; b < 12; b++) {
      const packs = new ResultPacks(dir);
      for (const i of [8, 9]) live.set(`/p${i}/`, packs.appendShared(`${nav}${b}:${i}`).at);
      expected[`/p8/`] = `${nav}${b}:8`;
      expected[`/p9/`] = `${nav}${b}:9`;
      await packs.compact(live);
    }
    expect((await packsIn(dir)).length).toBeLessThanOrEqual(8);
    expect(await readAll(dir, live)).toEqual(expected);
    // a pack whose live bytes are one result's own and its shared start: mostly dead, so that result moves whole
    const tailDir = await tmp();
    const tails = new Map<string, PackLocation>();
    const first2 = new ResultPacks(tailDir);
    tails.set('/base/', first2.appendShared(`${nav}${'long own text '.repeat(2000)}`).at);
    tails.set('/kept/', first2.appendShared(`${nav}kept`).at);
    expect(tails.get('/kept/')).toHaveLength(5);
    await first2.compact(tails);
    const [old] = await packsIn(tailDir);
    tails.delete('/base/');
    await new ResultPacks(tailDir).compact(tails);
    expect(await packsIn(tailDir)).not.toContain(old);
    expect(tails.get('/kept/')).toHaveLength(3);
    expect(await readAll(tailDir, tails)).toEqual({ '/kept/': `${nav}kept` });
    // a pack cut inside the shared start: every result that shares it is a miss, not a wrong result
    const cut = new ResultPacks(await tmp());
    const at = [0, 1].map((i) => cut.appendShared(`${nav}${i}`).at);
    await cut.close();
    await truncate(path.join(cut.dir, at[0]![0]), 5000);
    const reader = new ResultPacks(cut.dir);
    expect(await Promise.all(at.map((a) => reader.readBytes(a)))).toEqual([null, null]);
    await reader.close();
  });

  it('gives back exactly each text appended, whatever starts they share (property)', async () => {
    const piece = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('地図', 'é', '\u{1F600}', 'x'.repeat(5000)));
    await assertReaching(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(3), fc.array(piece, { maxLength: 6 })), { minLength: 1, maxLength: 12 }), async (specs) => {
        // a few long starts, each text one of them (or none) and then its own pieces: shared and unshared starts, cut mid-character
        const starts = ['', 'a'.repeat(6000), '地'.repeat(3000), 'a'.repeat(5000) + 'b'.repeat(2000)];
        const texts = specs.map(([s, parts]) => starts[s]! + parts.join(''));
        const dir = await tmp();
        const packs = new ResultPacks(dir);
        const at = texts.map((t) => packs.appendShared(t).at);
        await packs.close();
        const reader = new ResultPacks(dir);
        const back = await Promise.all(at.map(async (a) => (await reader.readBytes(a))?.toString('utf8')));
        await reader.close();
        expect(back).toEqual(texts);
      }),
      { numRuns: 60 },
    );
  });
});
