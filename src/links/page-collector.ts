// What a page's tags add up to: its references, anchors and <base href>, fed tag by tag in document order.
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

// The attributes the checker reads, by lower-case tag name: every URL a browser navigates to (links, image-map
// areas, frames, form targets) or fetches for the page (images, media, scripts, styles, embedded objects).
// Not here: `cite` (never fetched), SVG `href`s, `meta refresh` (redirect stubs, checked by the redirects stage).
const REF_ATTRS = new Map<string, ReadonlySet<string>>([
  ['a', new Set(['href', 'name'])],
  ['area', new Set(['href'])],
  ['iframe', new Set(['src'])],
  ['form', new Set(['action'])],
  ['button', new Set(['formaction'])],
  ['input', new Set(['formaction', 'src', 'type'])],
  ['img', new Set(['src', 'srcset'])],
  ['source', new Set(['src', 'srcset'])],
  ['video', new Set(['src', 'poster'])],
  ['audio', new Set(['src'])],
  ['track', new Set(['src'])],
  ['embed', new Set(['src'])],
  ['object', new Set(['data'])],
  ['script', new Set(['src'])],
  ['link', new Set(['href', 'rel'])],
  ['base', new Set(['href'])],
]);

/** Every tag with attributes the collector reads, lower-case. */
export const REF_TAGS: readonly string[] = [...REF_ATTRS.keys()];

/** The attributes of `tag` the collector reads (`id` aside, which it reads on every tag), or null for none. */
export function refAttributesOf(tag: string): ReadonlySet<string> | null {
  return REF_ATTRS.get(tag) ?? null;
}

/**
 * What a page's tags add up to, fed one open tag and one attribute (lower-case names, decoded value) at a time
 * in document order. Shared by the extractor and the test oracle, which feed it from different parsers.
 */
export class PageCollector {
  readonly refs: PageRef[] = [];
  readonly anchors: string[] = [];
  baseHref: string | null = null;
  private tag = '';
  // `link`'s rel and `input`'s type settle what its URL is, before or after it
  private pending: PageRef | null = null;
  private qualifier: string | null = null;

  openTag(tag: string): void {
    this.tag = tag;
    this.pending = null;
    this.qualifier = null;
  }

  attribute(name: string, value: string, offset: number): void {
    const refs = this.refs;
    if (name === 'id') {
      if (value) this.anchors.push(value);
      return;
    }
    switch (this.tag) {
      case 'a':
        if (name === 'href') refs.push({ href: value, role: 'page', offset, check: true });
        else if (name === 'name' && value) this.anchors.push(value);
        break;
      case 'area':
        if (name === 'href') refs.push({ href: value, role: 'page', offset, check: true });
        break;
      case 'iframe':
        if (name === 'src') refs.push({ href: value, role: 'page', offset, check: true });
        break;
      case 'form':
        if (name === 'action') refs.push({ href: value, role: 'page', offset, check: true });
        break;
      case 'button':
        if (name === 'formaction') refs.push({ href: value, role: 'page', offset, check: true });
        break;
      case 'input':
        if (name === 'formaction') refs.push({ href: value, role: 'page', offset, check: true });
        // only an image button loads its src
        else if (name === 'src') {
          this.pending = { href: value, role: 'asset', offset, check: this.qualifier === 'image' };
          refs.push(this.pending);
        } else if (name === 'type') {
          this.qualifier = value.trim().toLowerCase();
          if (this.pending) this.pending.check = this.qualifier === 'image';
        }
        break;
      case 'img':
        if (name === 'src') refs.push({ href: value, role: 'asset', offset, check: true });
        else if (name === 'srcset') pushSrcset(refs, value, offset);
        break;
      case 'source':
        if (name === 'src') refs.push({ href: value, role: 'asset', offset, check: true });
        else if (name === 'srcset') pushSrcset(refs, value, offset);
        break;
      case 'video':
        if (name === 'src' || name === 'poster') refs.push({ href: value, role: 'asset', offset, check: true });
        break;
      case 'audio':
      case 'track':
      case 'embed':
      case 'script':
        if (name === 'src') refs.push({ href: value, role: 'asset', offset, check: true });
        break;
      case 'object':
        if (name === 'data') refs.push({ href: value, role: 'asset', offset, check: true });
        break;
      case 'link':
        // rel may come before or after href: whichever comes second settles the role
        if (name === 'href') {
          this.pending = { href: value, role: 'asset', offset, check: true };
          refs.push(this.pending);
          if (this.qualifier !== null) applyRel(this.pending, this.qualifier);
        } else if (name === 'rel') {
          this.qualifier = value;
          if (this.pending) applyRel(this.pending, value);
        }
        break;
      case 'base':
        if (name === 'href' && this.baseHref === null) this.baseHref = value;
        break;
    }
  }

  page(): ExtractedPage {
    return { refs: this.refs, anchors: this.anchors, baseHref: this.baseHref };
  }
}

function pushSrcset(refs: PageRef[], value: string, offset: number): void {
  for (const url of parseSrcset(value)) refs.push({ href: url, role: 'asset', offset, check: true });
}

function applyRel(ref: PageRef, rel: string): void {
  const words = rel.toLowerCase().split(/\s+/);
  if (words.some((w) => ORIGIN_RELS.has(w))) ref.check = false;
  else if (words.some((w) => PAGE_RELS.has(w))) ref.role = 'page';
}
