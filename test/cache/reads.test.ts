import { describe, expect, it } from 'vitest';
import { summariseReads, trackReads, valueHashOf } from '../../src/cache/reads.js';

const data = () => ({
  nav: [
    { title: 'Maps', url: '/maps/', children: [{ title: 'Basemaps', url: '/maps/basemaps/' }] },
    { title: 'Routing', url: '/routing/', children: [{ title: 'Directions', url: '/routing/directions/' }] },
  ],
  site: { siteName: 'Documentation' },
});

/** What a sidebar showing the top level and the first section's children reads. */
function renderSidebar(d: ReturnType<typeof data>): string {
  return d.nav.map((n, i) => n.title + (i === 0 ? n.children.map((c) => c.title).join(',') : '')).join('|');
}

describe('recording the shared data a template reads', () => {
  const tracked = trackReads(data());
  renderSidebar(tracked.mirror);
  const summary = summariseReads(tracked.reads());

  it('gives the same value hash for data where nothing read changed', () => {
    const d = data();
    d.nav[1]!.children[0]!.title = 'Turn-by-turn'; // not shown by this sidebar
    d.site.siteName = 'Other'; // never read
    expect(valueHashOf(d, summary.paths)).toBe(summary.valueHash);
  });

  it('gives another hash when a value that was read changed, was added or removed', () => {
    const renamed = data();
    renamed.nav[0]!.children[0]!.title = 'Base maps';
    expect(valueHashOf(renamed, summary.paths)).not.toBe(summary.valueHash);
    const added = data();
    added.nav.push({ title: 'Places', url: '/places/', children: [] });
    expect(valueHashOf(added, summary.paths)).not.toBe(summary.valueHash);
    const removed = data();
    removed.nav.pop();
    expect(valueHashOf(removed, summary.paths)).not.toBe(summary.valueHash);
  });

  it('records key enumeration, `in` checks and whole-object serialisation', () => {
    const t = trackReads(data());
    JSON.stringify(t.mirror.site);
    void ('siteName' in t.mirror.site);
    const s = summariseReads(t.reads());
    const other = data();
    (other.site as Record<string, string>).extra = 'x';
    expect(valueHashOf(other, s.paths)).not.toBe(s.valueHash);
    expect(valueHashOf(data(), s.paths)).toBe(s.valueHash);
  });

  it('names a read set by its paths, so pages reading the same places share it', () => {
    const other = trackReads(data());
    renderSidebar(other.mirror);
    expect(summariseReads(other.reads()).setId).toBe(summary.setId);
    const memo = new Map<string, Uint32Array>();
    expect(valueHashOf(data(), summary.paths, memo)).toBe(summary.valueHash);
    expect(valueHashOf(data(), summary.paths, memo)).toBe(summary.valueHash);
    expect(memo.size).toBe(summary.paths.length);
  });

  it('records each render on its own, the data itself in every one, and an object with what it holds', () => {
    const d = data();
    const first = trackReads(d);
    renderSidebar(first.mirror);
    const firstReads = first.reads();
    const second = trackReads(d);
    void second.mirror.site.siteName;
    expect(second.reads()).toEqual([
      ['', 'o[["nav",[{"o":["title","url","children"]},{"o":["title","url","children"]}]],["site",{"o":["siteName"]}]]'],
      ['site', 'o[["siteName","Documentation"]]'],
    ]);
    expect(first.reads()).toEqual(firstReads);
    expect(summariseReads(firstReads)).toEqual(summary);
    expect(firstReads.map(([p]) => p)).toEqual(['', 'nav\u00010', 'nav\u00010\u0001children\u00010', 'nav\u00011']);
    // render threads get a fresh copy of the data per build: a copy with other values records those
    const renamed = data();
    renamed.nav[0]!.title = 'Maps and scenes';
    const third = trackReads(renamed);
    renderSidebar(third.mirror);
    expect(third.reads()[1]).toEqual(['nav\u00010', 'o[["title","Maps and scenes"],["url","/maps/"],["children",[{"o":["title","url"]}]]]']);
  });

  it('summarises a recording without sorting: the same set read in another order has the same id and hash', () => {
    const d = data();
    const a = trackReads(d);
    void a.mirror.site.siteName;
    void a.mirror.nav[0]!.title;
    const first = a.summary();
    expect(first.newPaths).toEqual(['', 'site', 'nav\u00010']);
    expect(Array.from(first.ids)).toEqual([0, 1, 2]);
    const b = trackReads(d);
    void b.mirror.nav[0]!.title;
    void b.mirror.site.siteName;
    const second = b.summary();
    expect(second.newPaths).toEqual([]); // every object was numbered and reported before
    expect(Array.from(second.ids).sort()).toEqual([0, 1, 2]);
    expect(second.setId).toBe(first.setId);
    expect(second.valueHash).toBe(first.valueHash);
    const listed = summariseReads(a.reads());
    expect([first.setId, first.valueHash]).toEqual([listed.setId, listed.valueHash]);
    const c = trackReads(d);
    void c.mirror.nav[1]!.url;
    const third = c.summary();
    expect(third.newPaths).toEqual(['nav\u00011']);
    expect(Array.from(third.ids)).toEqual([0, 3]);
    expect(third.setId).not.toBe(first.setId);
    expect(valueHashOf(d, ['', 'nav\u00011'])).toBe(third.valueHash);
  });

  it('counts what a template reaches without reading a property: array elements, key lists, keys it looked for and did not find', () => {
    const base = () => ({ ...data(), tags: ['maps', 'routing'] });
    const cases: Array<[string, (m: ReturnType<typeof base>) => unknown, (d: ReturnType<typeof base>) => void]> = [
      ['a primitive element of an array', (m) => m.tags.join(','), (d) => void (d.tags[1] = 'places')],
      ['the length of an array', (m) => m.tags.length, (d) => void d.tags.push('places')],
      ['the keys of an object in an array', (m) => Object.keys(m.nav[0]!).length, (d) => void ((d.nav[0] as Record<string, unknown>).icon = 'map')],
      ['a key looked for and not there', (m) => (m.site as Record<string, unknown>).logo, (d) => void ((d.site as Record<string, unknown>).logo = 'logo.svg')],
      ['a key of the data itself', (m) => (m as Record<string, unknown>).footer, (d) => void ((d as Record<string, unknown>).footer = {})],
      // recorded per object: reading a title depends on the rest of its item too (more pages re-render, never fewer)
      ['a value next to the one read', (m) => m.nav[0]!.title, (d) => void (d.nav[0]!.url = '/maps-and-scenes/')],
      ['an object turned into something else', (m) => m.site.siteName, (d) => void ((d as Record<string, unknown>).site = 'Docs')],
    ];
    for (const [what, read, change] of cases) {
      const t = trackReads(base());
      read(t.mirror);
      const s = summariseReads(t.reads());
      expect(valueHashOf(base(), s.paths), what).toBe(s.valueHash);
      const changed = base();
      change(changed);
      expect(valueHashOf(changed, s.paths), what).not.toBe(s.valueHash);
    }
  });

  it('gives templates a mirror that reads like the data: keys, order, values, spreading, serialising, `in`', () => {
    const d = { ...data(), tags: ['maps', 'routing'], empty: null, count: 2 };
    const m = trackReads(d).mirror;
    expect(JSON.stringify(m)).toBe(JSON.stringify(d));
    expect(Object.keys(m)).toEqual(Object.keys(d));
    expect(Object.keys(m.nav[0]!)).toEqual(['title', 'url', 'children']);
    expect({ ...m.site }).toEqual(d.site);
    expect(Array.isArray(m.nav) && Array.isArray(m.tags)).toBe(true);
    expect(m.nav.map((n) => n.children.map((c) => c.url))).toEqual([['/maps/basemaps/'], ['/routing/directions/']]);
    expect('siteName' in m.site && !('logo' in m.site)).toBe(true);
    expect(Object.entries(m.site)).toEqual([['siteName', 'Documentation']]);
    expect(m.nav).toBe(m.nav); // one mirror per object, not one per read
  });
});
