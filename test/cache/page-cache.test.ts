import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRanges, encodeRanges, PageCache } from '../../src/cache/page-cache.js';
import { cacheKey } from '../../src/cache/hash.js';
import { summariseReads, trackReads } from '../../src/cache/reads.js';
import { ResultPacks } from '../../src/cache/result-packs.js';
import { storedResultText, type PageResult } from '../../src/render/page-result.js';

const meta = (pagePath: string) => ({ pagePath, template: 'doc', title: 'T', description: 'D', links: [], images: [], diagnostics: [] });

describe('the page cache index', () => {
  it('stores read sets as ranges of one sorted path table, and reads them back exactly', () => {
    for (const list of [[], [0], [0, 1, 2, 5, 7, 8], [3, 4, 5, 6, 10, 12, 13, 100]]) {
      expect(decodeRanges(encodeRanges(list))).toEqual(list);
    }
    expect(encodeRanges([0, 1, 2, 5, 7, 8])).toBe('0-2,5,7-8');
  });

  it('reuses an entry after saving and opening again only while what its template read is unchanged', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-page-cache-'));
    const shared = { nav: [{ title: 'Maps', url: '/maps/' }, { title: 'Routing', url: '/routing/' }], site: { name: 'Docs' } };
    const t = trackReads(shared);
    t.mirror.nav.map((n) => n.title).join();
    const summary = summariseReads(t.reads());
    // as a render thread sends it: its paths numbered 0.. and the set by those numbers
    const reads = { setId: summary.setId, valueHash: summary.valueHash, thread: 1, ids: Int32Array.from(summary.paths.keys()), newPaths: summary.paths };
    const first = await PageCache.open(dir, 'engine-1');
    // a render thread appends the result to a pack of its own and reports where it is
    const thread = new ResultPacks(first.packsDir);
    const text = storedResultText({ body: 'x' } as PageResult);
    const at = thread.append(Buffer.from(text));
    await thread.close();
    first.noteReads(reads);
    first.register('/maps/', 'key-1', meta('/maps/'), { at, hash: cacheKey(text) }, reads, []);
    await first.save(['/maps/']);

    const again = await PageCache.open(dir, 'engine-1');
    const noImages = async () => null;
    const hit = await again.lookup('/maps/', 'key-1', shared, noImages);
    expect(hit).not.toBeNull();
    expect(await again.read(hit!)).toEqual({ body: 'x' });
    expect(await again.lookup('/maps/', 'key-2', shared, noImages)).toBeNull();
    const renamed = { ...shared, nav: [{ title: 'Maps and scenes', url: '/maps/' }, shared.nav[1]] };
    expect(await (await PageCache.open(dir, 'engine-1')).lookup('/maps/', 'key-1', renamed, noImages)).toBeNull();
    const otherSite = { ...shared, site: { name: 'Other' } }; // never read
    expect(await (await PageCache.open(dir, 'engine-1')).lookup('/maps/', 'key-1', otherSite, noImages)).not.toBeNull();
    expect(await (await PageCache.open(dir, 'engine-2')).lookup('/maps/', 'key-1', shared, noImages)).toBeNull();
  });

  it('maps each thread\'s path numbers to its own paths, also across pages that were not stored', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-page-cache-'));
    const shared = { nav: [{ title: 'Maps' }, { title: 'Routing' }], site: { name: 'Docs' } };
    const paths = (...ps: string[]) => ps.map((p) => p.split('.').join('\u0001'));
    const cache = await PageCache.open(dir, 'engine-1');
    const thread = new ResultPacks(cache.packsDir);
    const at = thread.append(Buffer.from('{}'));
    await thread.close();
    const hashOf = (ps: string[]) => summariseReads(ps.map((p) => [p, ''] as [string, string])).setId;
    // thread 1 numbers nav.0.title 0, site.name 1 on a page that is not stored; thread 2 numbers its paths alone
    cache.noteReads({ setId: 'a', valueHash: 'x', thread: 1, ids: Int32Array.of(0, 1), newPaths: paths('nav.0.title', 'site.name') });
    cache.noteReads({ setId: 'b', valueHash: 'x', thread: 2, ids: Int32Array.of(0), newPaths: paths('site.name') });
    const set = paths('nav.1.title', 'site.name');
    const { valueHashOf } = await import('../../src/cache/reads.js');
    const reads = { setId: hashOf(set), valueHash: valueHashOf(shared, set), thread: 1, ids: Int32Array.of(2, 1), newPaths: paths('nav.1.title') };
    cache.noteReads(reads);
    cache.register('/routing/', 'k', meta('/routing/'), { at, hash: cacheKey('{}') }, reads, []);
    await cache.save(['/routing/']);
    const again = await PageCache.open(dir, 'engine-1');
    expect(await again.lookup('/routing/', 'k', shared, async () => null)).not.toBeNull();
    const renamed = { ...shared, nav: [shared.nav[0], { title: 'Directions' }] };
    expect(await (await PageCache.open(dir, 'engine-1')).lookup('/routing/', 'k', renamed, async () => null)).toBeNull();
    const maps = { ...shared, nav: [{ title: 'Maps and scenes' }, shared.nav[1]] }; // not in the set
    expect(await (await PageCache.open(dir, 'engine-1')).lookup('/routing/', 'k', maps, async () => null)).not.toBeNull();
  });
});
