import { describe, expect, it } from 'vitest';
import { createSearch } from '../../src/client/search.js';
import { mergeIndex, type IndexedPage } from '../../src/search/merge.js';

// Two words whose index entries sit in different files (each block of made-up words fills more than a file).
const words = (stem: string) => Array.from({ length: 2500 }, (_, i) => `${stem}${i.toString(36).padStart(3, 'a')}`);
const pages: IndexedPage[] = [
  { path: '/a/', title: 'Alpha', section: '', terms: [...words('ka'), 'kangaroo'].map((w) => `${w} 5`).join(' ') },
  { path: '/b/', title: 'Beta', section: '', terms: [...words('wo'), 'wombat'].map((w) => `${w} 5`).join(' ') },
  { path: '/c/', title: 'Gamma', section: '', terms: 'kangaroo 3 wombat 3' },
];

// The file the browser reads for a term: the one its longest shard key names.
function fileOf(shards: Record<string, string>, term: string): string | undefined {
  for (let n = Math.min(term.length, 6); n >= 1; n--) if (shards[term.slice(0, n)]) return shards[term.slice(0, n)];
  return undefined;
}

describe('the files a query reads', () => {
  it('requests every word’s index file at once, not one word after the other', async () => {
    const { manifest, files } = mergeIndex(pages, 'en');
    const m = JSON.parse(manifest) as { shards: Record<string, string> };
    const kangaroo = fileOf(m.shards, 'kangaroo')!;
    const wombat = fileOf(m.shards, 'wombat')!;
    expect(kangaroo).toBeDefined();
    expect(wombat).toBeDefined();
    expect(kangaroo).not.toBe(wombat);
    const requested: string[] = [];
    const waiting: Array<() => void> = [];
    let released = false;
    const search = createSearch('/s', {
      json: (url) => {
        const rel = url.slice('/s/'.length);
        requested.push(rel);
        const text = rel === 'index.json' ? manifest : files.get(rel)!;
        // term files answer only when the test lets them: a second word's request must not wait for the first's answer
        if (rel.startsWith('t/') && !released) return new Promise((resolve) => waiting.push(() => resolve(JSON.parse(text))));
        return Promise.resolve(JSON.parse(text));
      },
    });
    const answer = search('kangaroo wombat');
    await expect.poll(() => requested.filter((r) => r.startsWith('t/')).length).toBeGreaterThanOrEqual(2);
    expect(requested).toContain(kangaroo);
    expect(requested).toContain(wombat);
    released = true;
    for (const release of waiting) release();
    const done = await answer;
    expect(done.hits.map((h) => h.path)).toEqual(['/c/']);
  });
});
