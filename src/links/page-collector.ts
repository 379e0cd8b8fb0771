// What a page's tags add up to: its references, anchors and <base href>, fed tag by tag in document order.
import { parseSrcset } from './srcset.js';

/** Whether a reference must lead to a page (an `a` link) or to a file the page loads (image, script, style). */
export type RefRole = 'page' | 'asset';

/**
 * One link or resource reference found in a page. Settled once its tag is closed: the next page of a thread that
 * has the same tag at another place shares the object (see PageScans), so nothing in it is about one page's text.
 */
export interface PageRef {
  href: string;
  role: RefRole;
  /** False for references that are not links (`rel=preconnect` origins). */
  check: boolean;
  /** The ref's outcome where it is the same on any page (see checkPage): worked out once for every page sharing it. */
  outcome?: unknown;
  /** Set once `href` is a string of its own, not a slice of a page's text (see own-string.ts). */
  own?: true | undefined;
}

/** What a page offers and points at. */
export interface ExtractedPage {
  refs: PageRef[];
  /** Offset of each ref's attribute in the HTML text (turned into line:column only for problems). */
  offsets: number[];
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
  readonly offsets: number[] = [];
  readonly anchors: string[] = [];
  baseHref: string | null = null;
  /** Every `<base href>` met (the first is the page's base): the next page's scan may take them over (PageScans). */
  readonly allBases: string[] = [];
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
    if (name === 'id') {
      if (value) this.anchors.push(value);
      return;
    }
    switch (this.tag) {
      case 'a':
        if (name === 'href') this.add(value, 'page', offset, true);
        else if (name === 'name' && value) this.anchors.push(value);
        break;
      case 'area':
        if (name === 'href') this.add(value, 'page', offset, true);
        break;
      case 'iframe':
        if (name === 'src') this.add(value, 'page', offset, true);
        break;
      case 'form':
        if (name === 'action') this.add(value, 'page', offset, true);
        break;
      case 'button':
        if (name === 'formaction') this.add(value, 'page', offset, true);
        break;
      case 'input':
        if (name === 'formaction') this.add(value, 'page', offset, true);
        // only an image button loads its src
        else if (name === 'src') {
          this.pending = this.add(value, 'asset', offset, this.qualifier === 'image');
        } else if (name === 'type') {
          this.qualifier = value.trim().toLowerCase();
          if (this.pending) this.pending.check = this.qualifier === 'image';
        }
        break;
      case 'img':
        if (name === 'src') this.add(value, 'asset', offset, true);
        else if (name === 'srcset') for (const url of parseSrcset(value)) this.add(url, 'asset', offset, true);
        break;
      case 'source':
        if (name === 'src') this.add(value, 'asset', offset, true);
        else if (name === 'srcset') for (const url of parseSrcset(value)) this.add(url, 'asset', offset, true);
        break;
      case 'video':
        if (name === 'src' || name === 'poster') this.add(value, 'asset', offset, true);
        break;
      case 'audio':
      case 'track':
      case 'embed':
      case 'script':
        if (name === 'src') this.add(value, 'asset', offset, true);
        break;
      case 'object':
        if (name === 'data') this.add(value, 'asset', offset, true);
        break;
      case 'link':
        // rel may come before or after href: whichever comes second settles the role
        if (name === 'href') {
          this.pending = this.add(value, 'asset', offset, true);
          if (this.qualifier !== null) applyRel(this.pending, this.qualifier);
        } else if (name === 'rel') {
          this.qualifier = value;
          if (this.pending) applyRel(this.pending, value);
        }
        break;
      case 'base':
        if (name === 'href') this.noteBase(value);
        break;
    }
  }

  private add(href: string, role: RefRole, offset: number, check: boolean): PageRef {
    // every field from the start: one object shape for the checker's loop, however the ref is used later
    const ref: PageRef = { href, role, check, outcome: undefined, own: undefined };
    this.refs.push(ref);
    this.offsets.push(offset);
    return ref;
  }

  /** A `<base href>`: the page's base when it is the first. */
  noteBase(href: string): void {
    this.allBases.push(href);
    if (this.baseHref === null) this.baseHref = href;
  }

  page(): ExtractedPage {
    return { refs: this.refs, offsets: this.offsets, anchors: this.anchors, baseHref: this.baseHref };
  }
}

function applyRel(ref: PageRef, rel: string): void {
  const words = rel.toLowerCase().split(/\s+/);
  if (words.some((w) => ORIGIN_RELS.has(w))) ref.check = false;
  else if (words.some((w) => PAGE_RELS.has(w))) ref.role = 'page';
}
