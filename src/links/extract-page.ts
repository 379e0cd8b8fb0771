import { Parser } from 'htmlparser2';
import { parseSrcset } from './srcset.js';

/** Whether a reference must lead to a page (an `a` link) or to a file the page loads (image, script, style). */
export type RefRole = 'page' | 'asset';

/** One link or resource reference found in a page. */
export interface PageRef {
  href: string;
  role: RefRole;
  /** Offset of the attribute in the HTML text (turned into line:column only for problems). */
  offset: number;
  /** False for references that are not links (`rel=preconnect` origins). */
  check: boolean;
}

/** What a page offers and points at. */
export interface ExtractedPage {
  refs: PageRef[];
  /** Every `id`, and `name` of `a` elements: the targets a `#fragment` can scroll to. */
  anchors: string[];
  /** The first `<base href>`, if any. */
  baseHref: string | null;
}

// `link rel` values whose href is a page, not a resource the page loads.
const PAGE_RELS = new Set(['canonical', 'alternate', 'prev', 'next', 'author', 'help', 'license', 'search', 'bookmark']);
// `link rel` values whose href is an origin to connect to, not a document.
const ORIGIN_RELS = new Set(['preconnect', 'dns-prefetch']);

/**
 * Extracts a[href], img[src|srcset], source[srcset], link[href], script[src], the anchors and `<base href>`
 * with htmlparser2's streaming tokenizer. Callbacks look only at attribute events, so no attribute object is
 * built per tag: this is the hot path of the checker.
 */
export function extractPage(html: string): ExtractedPage {
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

/** 1-based line and column of each offset; offsets must be ascending (document order). */
export function positionsOf(html: string, offsets: readonly number[]): Array<{ line: number; column: number }> {
  const out: Array<{ line: number; column: number }> = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const offset of offsets) {
    if (offset < scanned) {
      // out of order: restart the scan (rare; only when callers mix pages)
      line = 1;
      lineStart = 0;
      scanned = 0;
    }
    for (let i = html.indexOf('\n', scanned); i !== -1 && i < offset; i = html.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    scanned = offset;
    out.push({ line, column: offset - lineStart + 1 });
  }
  return out;
}
