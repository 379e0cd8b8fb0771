import { describe, expect, it } from 'vitest';
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
    for (const text of ['', '{"body":"x"}', '3:1\nx{}', '2:1\nx{}', '1:1,1\nxy{}']) expect(() => parseStoredResult(text)).toThrow();
  });
});
