import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeIndex, PACK_BYTES, type IndexedPage, type SearchManifest } from '../../src/search/merge.js';
import { assertReaching } from '../helpers/reach.js';

// The file the browser reads for a term: the one its longest shard key (≤ 6 characters) names.
function fileOf(manifest: SearchManifest, term: string): string | undefined {
  const cps = [...term];
  for (let n = Math.min(cps.length, 6); n >= 1; n--) {
    const file = manifest.shards[cps.slice(0, n).join('')];
    if (file) return file;
  }
  return undefined;
}

const word = fc.stringMatching(/^[a-zé]{1,9}$/);
const page = (i: number) =>
  fc.array(fc.tuple(word, fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 60 }).map(
    (terms): IndexedPage => ({
      path: `/p${i}/`,
      title: `Page ${i}`,
      section: 'S',
      terms: [...new Map(terms)].map(([t, s]) => `${t} ${s}`).join(' '),
    }),
  );
const site = fc.integer({ min: 1, max: 80 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => page(i))));

describe('the search index files', () => {
  it('finds every term with its pages and scores in the file its shard key names', () => {
    assertReaching(
      fc.property(site, (pages) => {
        const { manifest, files } = mergeIndex(pages, 'en');
        const m = JSON.parse(manifest) as SearchManifest;
        const docs = [...pages].sort((a, b) => (a.path < b.path ? -1 : 1));
        const expected = new Map<string, number[]>();
        docs.forEach((p, id) => {
          const parts = p.terms.split(' ');
          for (let i = 0; i < parts.length; i += 2) {
            const list = expected.get(parts[i]!) ?? [];
            list.push(id, Number(parts[i + 1]));
            expected.set(parts[i]!, list);
          }
        });
        for (const [term, list] of expected) {
          const file = fileOf(m, term);
          expect(file, term).toBeDefined();
          const shard = JSON.parse(files.get(file!)!) as Record<string, number[]>;
          // postings are stored as id deltas
          let id = 0;
          const got = shard[term]!.map((v, i) => (i % 2 === 0 ? (id += v) : v));
          expect(got, term).toEqual(list);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('packs neighbouring small shards into files of at most PACK_BYTES, so a small site writes few files', () => {
    const words = Array.from({ length: 4000 }, (_, i) => `w${i.toString(36)}x${'abcdefghij'[i % 10]}`);
    const pages: IndexedPage[] = Array.from({ length: 100 }, (_, p) => ({
      path: `/p${p}/`,
      title: `P${p}`,
      section: '',
      terms: words.filter((_, i) => i % 100 === p || i % 7 === p % 7).map((w) => `${w} 3`).join(' '),
    }));
    const { manifest, files } = mergeIndex(pages, 'en');
    const m = JSON.parse(manifest) as SearchManifest;
    const termFiles = [...new Set(Object.values(m.shards))];
    const keys = Object.keys(m.shards).length;
    expect(keys).toBeGreaterThan(termFiles.length * 2);
    for (const f of termFiles) {
      const shardsInFile = Object.values(m.shards).filter((x) => x === f).length;
      // a file over the budget holds one shard that could not be split further
      if (shardsInFile > 1) expect(files.get(f)!.length, f).toBeLessThanOrEqual(PACK_BYTES);
    }
  });
});
