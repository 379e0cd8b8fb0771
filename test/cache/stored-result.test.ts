import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertReaching } from '../helpers/reach.js';
import { stringifyWith } from '../../src/render/json-text.js';
import { parseStoredResult, storedResultText, type PageResult } from '../../src/render/page-result.js';

const result = (body: string, html: string | null): PageResult => ({
  pagePath: '/a/',
  template: 'doc',
  title: 'A',
  description: 'D',
  links: [],
  images: [],
  diagnostics: [],
  body,
  pageContext: html === null ? null : { path: '/a/', html, toc: [] },
});

describe('stored results', () => {
  it('store the article HTML once and give back the very same result', () => {
    const html = '<h2 id="x">X</h2><p>Text &amp; "quotes"</p>';
    for (const r of [
      result(`<main><h1>A</h1><div>${html}</div></main>`, html),
      result(`<div>${html}</div><aside>${html}</aside>`, html), // the HTML twice in the body
      result('<main></main>', ''), // an empty article
      result('<main>no article here</main>', html), // a template that does not show it
      result('', null), // a page that failed
      result(`2:1,1\n<p>"ü\n地"</p>${html}\n\u2028`, html), // lines, quotes, non-ASCII and a header-like start
    ]) {
      const text = storedResultText(r);
      expect(parseStoredResult(text)).toEqual(r);
      expect(JSON.stringify(parseStoredResult(text))).toBe(JSON.stringify(r));
    }
  });

  it('keep the article HTML once, not twice', () => {
    const html = '<p>' + 'long article '.repeat(200) + '</p>';
    const text = storedResultText(result(`<main>${html}</main>`, html));
    expect(text.split('long article').length - 1).toBe(200);
  });
});

describe('JSON text with values already serialized', () => {
  it('equals JSON.stringify, keys in order, undefined values left out', () => {
    const context = { html: '<p>"q" \u2028 \\ </p>', toc: [{ id: 'a', depth: 2 }], n: 1 };
    const obj = { a: 'x', status: undefined, pageContext: context, b: [1, null], c: { d: 'é' } };
    expect(stringifyWith(obj, { pageContext: JSON.stringify(context) })).toBe(JSON.stringify(obj));
    expect(stringifyWith({}, {})).toBe('{}');
  });

  it('gives a stored result equal to the one serialized in full', () => {
    const html = '<p>Text &amp; "quotes"</p>';
    const r = result(`<main>${html}</main>`, html);
    expect(storedResultText(r, JSON.stringify(r.pageContext))).toBe(storedResultText(r));
    expect(parseStoredResult(storedResultText(r, JSON.stringify(r.pageContext)))).toEqual(r);
  });
});

describe('stored result texts', () => {
  it('are refused when they are not one (so the page is rendered again)', () => {
    for (const text of ['', '{"body":"x"}', '3:1\nx{}', '2:1\nx{}', '1:1,1\nxy{}', 'x{}\n3:5,0', 'x{}\n3:1,0;2', 'xy{}\n3:2,0;1;0']) expect(() => parseStoredResult(text)).toThrow();
  });
});

describe('stored results of a section\'s pages', () => {
  const MARK = ' aria-current="page"';
  const page = (i: number) => {
    const nav = Array.from({ length: 50 }, (_, k) => `<li><a href="/s/p${k}/"${k === i ? MARK : ''}>P${k}</a></li>`).join('');
    const html = `<p>Page ${i}</p>`;
    return result(`<header>H</header><ul>${nav}</ul><ol><li${MARK}>P${i}</li></ol><main>${html}</main>`, html);
  };

  it('begin with the same bytes however the current page is marked, and give back each page as it was', () => {
    const texts = [3, 40].map((i) => storedResultText(page(i)));
    const nav = texts[0]!.indexOf('</ul>');
    expect(nav).toBeGreaterThan(0);
    expect(texts[1]!.startsWith(texts[0]!.slice(0, nav))).toBe(true);
    for (const i of [0, 3, 40, 49]) expect(parseStoredResult(storedResultText(page(i)))).toEqual(page(i));
  });

  it('give back any body exactly, the mark anywhere in it, the article HTML included (property)', () => {
    const piece = fc.oneof(fc.constantFrom(MARK, MARK.trim(), '<p>', '\n', '3:1,2', ';', '/', '地'), fc.string({ maxLength: 8 }));
    const text = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
    assertReaching(
      fc.property(text, text, text, fc.boolean(), (before, html, after, shown) => {
        const r = result(shown ? before + html + after : before + after, html);
        expect(parseStoredResult(storedResultText(r))).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });
});
