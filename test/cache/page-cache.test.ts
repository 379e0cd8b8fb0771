import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRanges, encodeRanges, PageCache } from '../../src/cache/page-cache.js';
import { cacheKey } from '../../src/cache/hash.js';
import { summariseReads, trackReads } from '../../src/cache/reads.js';
import { ResultPacks } from '../../src/cache/result-packs.js';

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
    t.proxy.nav.map((n) => n.title).join();
    const reads = summariseReads(t.reads());
    const first = await PageCache.open(dir, 'engine-1');
    // a render thread appends the result to a pack of its own and reports where it is
    const thread = new ResultPacks(first.packsDir);
    const at = thread.append(Buffer.from('{"body":"x"}'));
    await thread.close();
    first.register('/maps/', 'key-1', meta('/maps/'), { at, hash: cacheKey('{"body":"x"}') }, reads, []);
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
});
