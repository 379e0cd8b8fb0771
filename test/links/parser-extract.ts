// The extractor before it drove htmlparser2's tokenizer itself: the Parser-based version, kept verbatim as the
// oracle the faster one must agree with (test only).
import { Parser } from 'htmlparser2';
import type { ExtractedPage, PageRef } from '../../src/links/extract-page.js';
import { parseSrcset } from '../../src/links/srcset.js';

// `link rel` values whose href is a page, not a resource the page loads.
const PAGE_RELS = new Set(['canonical', 'alternate', 'prev', 'next', 'author', 'help', 'license', 'search', 'bookmark']);
// `link rel` values whose href is an origin to connect to, not a document.
const ORIGIN_RELS = new Set(['preconnect', 'dns-prefetch']);

/**
 * Extracts a[href], img[src|srcset], source[srcset], link[href], script[src], the anchors and `<base href>`
 * with htmlparser2's streaming tokenizer. Callbacks look only at attribute events, so no attribute object is
 * built per tag: this is the hot path of the checker.
 */
export function extractPageWithParser(html: string): ExtractedPage {
  const refs: PageRef[] = [];
  const anchors: string[] = [];
  let baseHref: string | null = null;
  let tag = '';
  let linkRef: PageRef | null = null;
  let linkRel: string | null = null;

  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        tag = name;
        linkRef = null;
        linkRel = null;
      },
      onattribute(name, value) {
        if (name === 'id') {
          if (value) anchors.push(value);
          return;
        }
        const offset = parser.startIndex;
        switch (tag) {
          case 'a':
            if (name === 'href') refs.push({ href: value, role: 'page', offset, check: true });
            else if (name === 'name' && value) anchors.push(value);
            break;
          case 'img':
            if (name === 'src') refs.push({ href: value, role: 'asset', offset, check: true });
            else if (name === 'srcset') pushSrcset(refs, value, offset);
            break;
          case 'source':
            if (name === 'srcset') pushSrcset(refs, value, offset);
            break;
          case 'script':
            if (name === 'src') refs.push({ href: value, role: 'asset', offset, check: true });
            break;
          case 'link':
            // rel may come before or after href: whichever comes second settles the role
            if (name === 'href') {
              linkRef = { href: value, role: 'asset', offset, check: true };
              refs.push(linkRef);
              if (linkRel !== null) applyRel(linkRef, linkRel);
            } else if (name === 'rel') {
              linkRel = value;
              if (linkRef) applyRel(linkRef, value);
            }
            break;
          case 'base':
            if (name === 'href' && baseHref === null) baseHref = value;
            break;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { refs, anchors, baseHref };
}

function pushSrcset(refs: PageRef[], value: string, offset: number): void {
  for (const url of parseSrcset(value)) refs.push({ href: url, role: 'asset', offset, check: true });
}

function applyRel(ref: PageRef, rel: string): void {
  const words = rel.toLowerCase().split(/\s+/);
  if (words.some((w) => ORIGIN_RELS.has(w))) ref.check = false;
  else if (words.some((w) => PAGE_RELS.has(w))) ref.role = 'page';
}

