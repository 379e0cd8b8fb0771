import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../../src/links/extract-page.js';
import { extractPageWithTokenizer } from './tokenizer-extract.js';
import { assertReaching } from '../helpers/reach.js';
import { page, soup } from './hostile-html.js';

// Property (issue 29): the hand-written scanner finds exactly what htmlparser2's tokenizer, driven as the extractor
// was before, finds: same refs, roles, offsets, anchors and base, on ordinary pages and on the tokenizer's quirks
// (raw-text elements matched by their name's tail, `\x1c` taken for `<`, `<!>` and `<!->` running on, tags and
// values cut off by the end of the input, `="x"` as a name, `href=>`).
describe('extractPage (scanner)', () => {
  it('finds what the tokenizer-driven extractor finds, on generated hostile HTML', () => {
    assertReaching(
      fc.property(page, (html) => {
        expect(extractPage(html)).toEqual(extractPageWithTokenizer(html));
      }),
      { numRuns: 4000 },
    );
  });

  it('finds what the tokenizer-driven extractor finds, on character soup', () => {
    assertReaching(
      fc.property(soup, (html) => {
        expect(extractPage(html)).toEqual(extractPageWithTokenizer(html));
      }),
      { numRuns: 4000 },
    );
  });

  it('finds what the tokenizer-driven extractor finds on every prefix of a page (input cut off anywhere)', () => {
    const html =
      '<!DOCTYPE html><html><head><title>A &amp; <b></title><link rel="stylesheet" href="/s.css"><script>if (a</b) x("</scripty>")</script>' +
      '<style>a[href="/x/"]{}</style></head><body><a id=top href=/a/ name="n">x</a><img srcset="a.png 1x, b.png 2x" src=\'c.png\'>' +
      '<!-- <a href="/c/"> --><textarea><a href="/y/"></textarea><input type=image src="i.png"><a href="/z/#q" >z</a></body></html>';
    for (let end = 0; end <= html.length; end++) expect(extractPage(html.slice(0, end)), `cut at ${end}`).toEqual(extractPageWithTokenizer(html.slice(0, end)));
  });
});
