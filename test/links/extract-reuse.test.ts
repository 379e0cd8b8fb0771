import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractPage, PageScans } from '../../src/links/extract-page.js';
import type { ExtractedPage } from '../../src/links/page-collector.js';
import { assertReaching } from '../helpers/reach.js';
import { piece } from './hostile-html.js';

// Property (issue 29): a page scanned after another takes the tokens the two share from the first page's scan
// (PageScans); whatever the pages, and however they differ, what it finds is what a fresh scan of it finds.

/** What a scan found, as plain data (a shared ref carries its outcome and ownership besides). */
const found = (p: ExtractedPage) => ({ refs: p.refs.map((r) => ({ href: r.href, role: r.role, check: r.check })), offsets: p.offsets, anchors: p.anchors, baseHref: p.baseHref });

const MARK = ' aria-current="page"';
/** A section's sidebar: long runs of the same bytes on every page, the page's own link marked. */
const sidebar = (current: number, items: number) =>
  `<ul class="nav-tree">${Array.from({ length: items }, (_, k) => `<li class="nav-item"><a href="/docs/topic-${k}/"${k === current ? MARK : ''}>Topic ${k}</a></li>`).join('')}</ul>`;

// an edit of a page: its own text somewhere, a cut, a mark taken out or put in, a tag broken
const edit = fc.oneof(
  fc.tuple(fc.nat(), piece).map(([at, text]) => (html: string) => html.slice(0, at % (html.length + 1)) + text + html.slice(at % (html.length + 1))),
  fc.tuple(fc.nat(), fc.nat(40)).map(([at, n]) => (html: string) => html.slice(0, at % (html.length + 1)) + html.slice((at % (html.length + 1)) + n)),
  fc.nat().map((k) => (html: string) => html.replace(MARK, '').replace(`topic-${k % 30}/"`, `topic-${k % 30}/"${MARK}`)),
  fc.tuple(fc.nat(), fc.constantFrom('<', '>', '"', "'", '<!--', '-->', '<script>', '</script>', '<base href="/b/">', ' id="x"', '&amp;')).map(
    ([at, text]) => (html: string) => html.slice(0, at % (html.length + 1)) + text + html.slice(at % (html.length + 1)),
  ),
);

describe('extractPage after another page (PageScans)', () => {
  it('finds what a fresh scan finds, page after page, whatever the edits between them (property)', () => {
    let shared = 0;
    assertReaching(
      fc.property(
        fc.array(piece, { maxLength: 6 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.array(edit, { maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (head, current, steps) => {
          const scans = new PageScans();
          let html = `<!DOCTYPE html><html><head>${head.join('')}</head><body>${sidebar(current, 30)}<main><a href="#top">x</a></main></body></html>`;
          for (const step of [[], ...steps]) {
            for (const e of step) html = e(html);
            expect(found(extractPage(html, scans))).toEqual(found(extractPage(html)));
          }
          shared += scans.shared;
        },
      ),
      { numRuns: 1500 },
    );
    // the pages did share tokens: the property tested taking them over, not only fresh scans
    expect(shared).toBeGreaterThan(10_000);
  });

  it('finds what a fresh scan finds when consecutive pages are unrelated hostile HTML (property)', () => {
    assertReaching(
      fc.property(fc.array(fc.array(piece, { maxLength: 30 }), { minLength: 2, maxLength: 6 }), (pages) => {
        const scans = new PageScans();
        for (const p of pages) {
          const html = p.join('');
          expect(found(extractPage(html, scans))).toEqual(found(extractPage(html)));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('takes a section page\'s sidebar from the page before, its marked link scanned afresh', () => {
    const scans = new PageScans();
    const page = (k: number) => `<html><body><nav>${sidebar(k, 300)}</nav><main><h1 id="t${k}">T</h1><a href="/docs/topic-${k + 1}/#intro">next</a></main></body></html>`;
    extractPage(page(10), scans);
    const next = extractPage(page(11), scans);
    const taken = scans.shared;
    expect(next.refs).toHaveLength(301);
    // all but the two links whose mark moved, and what follows the sidebar
    expect(taken).toBeGreaterThanOrEqual(295);
    expect(found(next)).toEqual(found(extractPage(page(11))));
  });
});
