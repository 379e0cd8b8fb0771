// An edit re-encodes only the shards and vocabulary letters of the terms it changed (updateIndex): whatever the
// edit, the files, the manifest and the state the next update starts from equal a merge of the edited pages from
// scratch, byte for byte, so a chain of rebuilds publishes what a cold build would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeIndex, SPLIT_BYTES, updateIndex, type IndexedPage, type MergedIndex } from '../../src/search/merge.js';
import { assertReaching } from '../helpers/reach.js';

// few first letters, so terms share shards, and sometimes letters or digits no other page has
const word = fc.oneof(fc.stringMatching(/^[ab][a-d]{1,7}$/), fc.stringMatching(/^[a-zé0-9]{2,6}$/), fc.constantFrom('404', '2024', 'ab', 'é', '日本'));
const terms = fc.array(fc.tuple(word, fc.integer({ min: 1, max: 400 })), { maxLength: 40 }).map((list) => [...new Map(list)].map(([t, s]) => `${t} ${s}`).join(' '));
const pageAt = (i: number) => fc.record({ path: fc.constant(`/p${String(i).padStart(3, '0')}/`), title: fc.constantFrom(`Page ${i}`, `Other ${i}`), section: fc.constantFrom('S', 'S › T'), terms });
const site = fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => pageAt(i))));
/** Edits of some pages: new terms (some kept, some rescored, some new), or a new title. */
const edits = fc.array(fc.record({ page: fc.nat(), terms: fc.option(terms, { nil: undefined }), keep: fc.boolean(), title: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }) }), { minLength: 1, maxLength: 4 });

function applyEdits(pages: readonly IndexedPage[], list: ReadonlyArray<{ page: number; terms: string | undefined; keep: boolean; title: string | undefined }>): IndexedPage[] {
  const out = pages.map((p) => ({ ...p }));
  for (const e of list) {
    const p = out[e.page % out.length]!;
    // `keep`: the page's old terms stay, the new ones added or rescored (a line appended)
    if (e.terms !== undefined) p.terms = e.keep ? joinTerms(p.terms, e.terms) : e.terms;
    if (e.title !== undefined) p.title = e.title;
  }
  return out;
}

function joinTerms(a: string, b: string): string {
  const m = new Map<string, string>();
  for (const s of [a, b]) {
    const parts = s.split(' ');
    for (let i = 0; i + 1 < parts.length; i += 2) m.set(parts[i]!, parts[i + 1]!);
  }
  return [...m].map(([t, v]) => `${t} ${v}`).join(' ');
}

/** An index as comparable data: manifest, files and state, in key order. */
function plain(index: MergedIndex) {
  return {
    manifest: index.manifest,
    files: [...index.files].sort(([a], [b]) => (a < b ? -1 : 1)),
    texts: [...index.state.texts].sort(([a], [b]) => (a < b ? -1 : 1)),
    vocab: [...index.state.vocab].sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

describe('updating the search index after an edit', () => {
  it('gives what a merge from scratch gives, across a chain of edits', () => {
    assertReaching(
      fc.property(site, fc.array(edits, { minLength: 1, maxLength: 3 }), (pages, chain) => {
        let before: IndexedPage[] = pages;
        let state = mergeIndex(before, 'en').state;
        for (const list of chain) {
          const after = applyEdits(before, list);
          const updated = updateIndex(before, after, state, 'en');
          expect(updated).not.toBeNull();
          expect(plain(updated!)).toEqual(plain(mergeIndex(after, 'en')));
          before = after;
          state = updated!.state;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('splits and joins large shards as a merge from scratch does', () => {
    // 200 pages sharing a few hundred terms of one group: its text is many times SPLIT_BYTES, so it is split
    const vocabulary = Array.from({ length: 400 }, (_, i) => `ab${i.toString(4).replace(/./g, (d) => 'abcd'[Number(d)]!)}`);
    const pages: IndexedPage[] = Array.from({ length: 200 }, (_, p) => ({
      path: `/p${String(p).padStart(3, '0')}/`,
      title: `Page ${p}`,
      section: 'S',
      terms: vocabulary.filter((_, i) => (i * 7 + p) % 5 === 0).map((t, i) => `${t} ${(i % 50) + 1}`).join(' '),
    }));
    const cold = mergeIndex(pages, 'en');
    expect(Math.max(...[...cold.state.texts.values()].map(([, t]) => t.length))).toBeLessThanOrEqual(SPLIT_BYTES * 2);
    expect(new Set([...cold.state.texts.keys()].filter((k) => k.startsWith('ab'))).size).toBeGreaterThan(4);
    assertReaching(
      fc.property(edits, (list) => {
        const after = applyEdits(pages, list);
        const updated = updateIndex(pages, after, cold.state, 'en');
        expect(plain(updated!)).toEqual(plain(mergeIndex(after, 'en')));
      }),
      { numRuns: 40 },
    );
  });

  it('declines when a page was added or removed (the ids of the pages after it change)', () => {
    const pages: IndexedPage[] = [
      { path: '/a/', title: 'A', section: '', terms: 'alpha 3' },
      { path: '/b/', title: 'B', section: '', terms: 'beta 4' },
    ];
    const { state } = mergeIndex(pages, 'en');
    expect(updateIndex(pages, pages.slice(1), state, 'en')).toBeNull();
    expect(updateIndex(pages, [...pages, { path: '/c/', title: 'C', section: '', terms: 'gamma 1' }], state, 'en')).toBeNull();
    expect(updateIndex(pages, [pages[0]!, { ...pages[1]!, path: '/b2/' }], state, 'en')).toBeNull();
  });
});
