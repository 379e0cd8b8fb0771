import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { checkPage, CheckMemo, type CheckedPage } from '../../src/links/check-page.js';
import { createContext } from '../../src/links/page-runner.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const PAGES = 80;
const PAD = 'x'.repeat(1024 * 1024); // 1 MiB of text per page, as a big page's navigation would be

/** Long enough names: V8 copies short substrings and slices only longer ones. */
const dir = (i: number) => `getting-started-with-the-sdk-${i}`;
const anchor = (i: number) => `configure-the-application-${i}`;

/** A page with links of every kind a cache entry or a result could keep: absolute, relative, anchors, broken. */
function page(i: number): string {
  const next = (i + 1) % PAGES;
  return `<!DOCTYPE html><html><body><h2 id="${anchor(i)}">H</h2>
<a href="/${dir(next)}/#${anchor(next)}">next</a><a href="../${dir((i + 2) % PAGES)}/">rel</a>
<a href="#${anchor(i)}">self</a><a href="/missing-page-number-${i}/">broken</a><a href="/${dir(0)}">no slash</a>
<p>${PAD}${i}</p></body></html>`;
}

describe('link checking memory', () => {
  it('keeps no page HTML alive through its href cache or its results', () => {
    const files = Array.from({ length: PAGES }, (_, i) => `${dir(i)}/index.html`);
    const ctx = createContext({ dir: '/nowhere', files: files.join('\0'), redirects: null, redirectsAlsoWithout: '', pathPrefix: '', collectExternal: false, skippedLinks: [] });
    const memo = new CheckMemo();
    const cache = memo.outcomes;
    const results: CheckedPage[] = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < PAGES; i++) results.push(checkPage(files[i]!, page(i), ctx, memo));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // the checks did run: one broken link, one missing slash, one cross-page anchor per page
    expect(results.every((r) => r.problems.some((p) => p.kind === 'missing-page') && r.anchorChecks.length === 1)).toBe(true);
    expect(cache.size).toBeGreaterThan(PAGES);
    // 80 pages of 1 MiB: kept alive by one sliced href each, they would be 80 MiB
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });

  it('keeps no older page alive through the refs a page shares with the one before (PageScans)', () => {
    // one section: the same long sidebar on every page, each page's own link marked, and a big page body
    const link = (k: number, i: number) => `<li><a href="/${dir(k)}/#${anchor(k)}-nav"${k === i ? ' aria-current="page"' : ''} id="${anchor(k)}-nav">${k}</a></li>`;
    const sectionPage = (i: number) => `<!DOCTYPE html><html><body><nav><ul>${Array.from({ length: PAGES }, (_, k) => link(k, i)).join('')}</ul></nav><main><p>${PAD}${i}</p></main></body></html>`;
    const files = Array.from({ length: PAGES }, (_, i) => `${dir(i)}/index.html`);
    const ctx = createContext({ dir: '/nowhere', files: files.join('\0'), redirects: null, redirectsAlsoWithout: '', pathPrefix: '', collectExternal: false, skippedLinks: [] });
    const memo = new CheckMemo();
    const results: CheckedPage[] = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < PAGES; i++) results.push(checkPage(files[i]!, sectionPage(i), ctx, memo));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(results.every((r) => r.links === PAGES && r.problems.length === 0 && r.anchorChecks.length === PAGES - 1)).toBe(true);
    // each sidebar link was first cut from the page after its own, and its outcome holds its fragment: kept as
    // they were cut, 80 pages would stay alive
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });
});

