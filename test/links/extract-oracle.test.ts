import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../../src/links/extract-page.js';
import { extractPageWithParser } from './parser-extract.js';
import { assertReaching } from '../helpers/reach.js';

// Property (issue 6): the extractor that drives htmlparser2's tokenizer itself finds exactly what the
// Parser-based one found (same refs, roles, offsets, anchors and base) on HTML full of the cases where a
// tree builder and a bare tokenizer could part: raw-text elements, comments, entities, case, implied tags.
const value = fc.constantFrom('/a/', 'b.png', '#top', 'x&amp;y', '&#x2F;c/', 'A B', '', 'i.png 1x, j,k.png 2x', 'canonical', 'PreConnect', 'café', '&quot;q&quot;', '?a=1&amp', '?a=1&ampb=2', '?a&amp=b', '&lt', '&#39;', '&notit;', '&not', '&#0;', '&#x110000;', '&#', '&;', '&AMP;', '&amp;amp;', 'image', ' IMAGE ', 'submit');
const attrName = fc.constantFrom('href', 'HREF', 'src', 'srcset', 'id', 'ID', 'name', 'rel', 'class', 'data-href', 'action', 'formaction', 'FormAction', 'data', 'poster', 'type', 'cite');
const attr = fc.oneof(
  fc.tuple(attrName, value).map(([n, v]) => ` ${n}="${v}"`),
  fc.tuple(attrName, value).map(([n, v]) => ` ${n}='${v}'`),
  fc.tuple(attrName, value.filter((v) => !/[\s"'=<>`]/.test(v) && v !== '')).map(([n, v]) => ` ${n}=${v}`),
  attrName.map((n) => ` ${n}`),
);
const tagName = fc.constantFrom(
  'a', 'A', 'img', 'IMG', 'source', 'script', 'link', 'LINK', 'base', 'div', 'p', 'svg', 'math', 'h2', 'input', 'textarea', 'title', 'style',
  'area', 'iframe', 'IFRAME', 'form', 'button', 'object', 'embed', 'video', 'audio', 'track', 'blockquote', 'noscript',
);
const open = fc.tuple(tagName, fc.array(attr, { maxLength: 4 }), fc.boolean()).map(([t, a, self]) => `<${t}${a.join('')}${self ? ' /' : ''}>`);
const piece = fc.oneof(
  { weight: 5, arbitrary: open },
  { weight: 2, arbitrary: tagName.map((t) => `</${t}>`) },
  { weight: 2, arbitrary: fc.constantFrom('text', ' & ', '&amp;', '&lt;a href="/no/"&gt;', '\n', '<!-- <a href="/c/"> -->', '<![CDATA[<a href="/d/">]]>', '<!DOCTYPE html>', '<?xml x?>', '</p>', '</br>', '<br>', '< a href="/t/">', '<a/href="/s/">', '<a href="/u/"id="v">') },
  { weight: 1, arbitrary: fc.constantFrom('<script>if (a < b) document.write(\'<a href="/w/">\')</script>', '<style>a[href="/x/"]{}</style>', '<textarea><a href="/y/"></textarea>', '<title><img src="/z.png"></title>') },
);
const page = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));

describe('extractPage', () => {
  it('finds what the Parser-based extractor found, on generated HTML', () => {
    assertReaching(
      fc.property(page, (html) => {
        expect(extractPage(html)).toEqual(extractPageWithParser(html));
      }),
      { numRuns: 3000 },
    );
  });
});
