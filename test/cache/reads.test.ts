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
  renderSidebar(tracked.proxy);
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
    JSON.stringify(t.proxy.site);
    void ('siteName' in t.proxy.site);
    const s = summariseReads(t.reads());
    const other = data();
    (other.site as Record<string, string>).extra = 'x';
    expect(valueHashOf(other, s.paths)).not.toBe(s.valueHash);
    expect(valueHashOf(data(), s.paths)).toBe(s.valueHash);
  });

  it('names a read set by its paths, so pages reading the same places share it', () => {
    const other = trackReads(data());
    renderSidebar(other.proxy);
    expect(summariseReads(other.reads()).setId).toBe(summary.setId);
    const memo = new Map<string, Uint32Array>();
    expect(valueHashOf(data(), summary.paths, memo)).toBe(summary.valueHash);
    expect(valueHashOf(data(), summary.paths, memo)).toBe(summary.valueHash);
    expect(memo.size).toBe(summary.paths.length);
  });

  it('records each render on its own when the same data is tracked again, and sees values changed in between', () => {
    const d = data();
    const first = trackReads(d);
    renderSidebar(first.proxy);
    const firstReads = first.reads();
    const second = trackReads(d);
    void second.proxy.site.siteName;
    expect(second.reads()).toEqual([['site', 'o'], ['site\u0001siteName', 'v"Documentation"']]);
    expect(first.reads()).toEqual(firstReads);
    expect(summariseReads(firstReads)).toEqual(summary);
    d.nav[0]!.title = 'Maps and scenes';
    const third = trackReads(d);
    renderSidebar(third.proxy);
    expect(third.reads()).toContainEqual(['nav\u00010\u0001title', 'v"Maps and scenes"']);
  });

  it('summarises a recording without sorting: the same set read in another order has the same id and hash', () => {
    const d = data();
    const a = trackReads(d);
    void a.proxy.site.siteName;
    void a.proxy.nav[0]!.title;
    const first = a.summary();
    expect(first.newPaths).toEqual(['site', 'site\u0001siteName', 'nav', 'nav\u00010', 'nav\u00010\u0001title']);
    expect(Array.from(first.ids)).toEqual([0, 1, 2, 3, 4]);
    const b = trackReads(d);
    void b.proxy.nav[0]!.title;
    void b.proxy.site.siteName;
    const second = b.summary();
    expect(second.newPaths).toEqual([]); // every place was numbered and reported before
    expect(Array.from(second.ids).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(second.setId).toBe(first.setId);
    expect(second.valueHash).toBe(first.valueHash);
    const listed = summariseReads(a.reads());
    expect([first.setId, first.valueHash]).toEqual([listed.setId, listed.valueHash]);
    const c = trackReads(d);
    void c.proxy.nav[1]!.url;
    const third = c.summary();
    expect(third.newPaths).toEqual(['nav\u00011', 'nav\u00011\u0001url']);
    expect(Array.from(third.ids)).toEqual([2, 5, 6]);
    expect(third.setId).not.toBe(first.setId);
    expect(valueHashOf(d, ['nav', 'nav\u00011', 'nav\u00011\u0001url'])).toBe(third.valueHash);
  });
});
