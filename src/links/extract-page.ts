import { decodeHTMLAttribute } from 'entities';
import { Tokenizer } from 'htmlparser2';
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

// What each tag's attributes can be: the tags whose attributes the checker reads, by lower-case name.
const REF_TAGS = new Set(['a', 'img', 'source', 'script', 'link', 'base']);

/**
 * Extracts a[href], img[src|srcset], source[srcset], link[href], script[src], the anchors and `<base href>`
 * with htmlparser2's tokenizer, driven directly: the Parser on top of it keeps a stack of open elements,
 * implied closes and a value for every attribute, none of which the checker needs (about a fifth of its
 * time). Only the values of attributes that matter are put together; the rest are skipped as they stream by.
 * Tag and attribute names are lower-cased, as the Parser does. The tokenizer decodes no entities: decoding every
 * one in the text (highlighted code is full of them) was a third of its time, and only the attribute values we
 * keep need it, which `entities` (the tokenizer's own decoder) does the same way.
 */
export function extractPage(html: string): ExtractedPage {
  const refs: PageRef[] = [];
  const anchors: string[] = [];
  let baseHref: string | null = null;
  let tag = '';
  let refTag = false;
  let linkRef: PageRef | null = null;
  let linkRel: string | null = null;
  // the attribute now streaming: its name, where it starts, and its value when it is one to keep
  let name = '';
  let offset = 0;
  let keep = false;
  let value = '';

  const attribute = (): void => {
    if (value.includes('&')) value = decodeHTMLAttribute(value);
    if (name === 'id') {
      if (value) anchors.push(value);
      return;
    }
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
  };

  const none = (): void => undefined;
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
        refTag = REF_TAGS.has(tag);
        linkRef = null;
        linkRel = null;
      },
      onattribname(start, end) {
        name = html.slice(start, end).toLowerCase();
        offset = start;
        keep = name === 'id' || (refTag && (name === 'href' || name === 'src' || name === 'srcset' || name === 'rel' || name === 'name'));
        value = '';
      },
      onattribdata(start, end) {
        if (keep) value += html.slice(start, end);
      },
      onattribentity: none,
      onattribend() {
        if (keep) attribute();
      },
      // a closing tag names no element whose attributes follow: `</p>` and `</br>` open nothing here
      onclosetag() {
        tag = '';
        refTag = false;
      },
      oncdata: none,
      oncomment: none,
      ondeclaration: none,
      onend: none,
      onopentagend: none,
      onprocessinginstruction: none,
      onselfclosingtag: none,
      ontext: none,
      ontextentity: none,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
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
