// The link extractor: a page's open tags and the attributes the checker reads, in one pass over its HTML.
import { decodeHTMLAttribute } from 'entities';
import { PageCollector, REF_TAGS, refAttributesOf, type ExtractedPage } from './page-collector.js';
import { ownString } from './own-string.js';

export { PageCollector, refAttributesOf, type ExtractedPage, type PageRef, type RefRole } from './page-collector.js';

// The raw-text elements htmlparser2's tokenizer (HTML mode) knows, by the end tag that closes each. It matches
// the name after its first letter, so `<tmp>` is taken for `xmp` and `<xitle>` for `title`, as here.
const S_ENDS: ReadonlyArray<readonly [rest: string, end: string]> = [['cript', '</script'], ['tyle', '</style']];
const TX_ENDS: ReadonlyArray<readonly [rest: string, end: string]> = [['itle', '</title'], ['extarea', '</textarea'], ['mp', '</xmp']];

// The tags with URL attributes by name length, and the names the collector reads on each (`id` last): a plain
// lower-case name is matched against these in place, with no string made for the sidebar's hundreds of `li`s.
const TAGS_BY_LENGTH: string[][] = [];
for (const tag of REF_TAGS) (TAGS_BY_LENGTH[tag.length] ??= []).push(tag);
const KEPT_NAMES = new Map<string, readonly string[]>(REF_TAGS.map((tag) => [tag, [...refAttributesOf(tag)!, 'id']]));
const ID_ONLY: readonly string[] = ['id'];

/**
 * Extracts the URLs of the attributes REF_ATTRS names (a[href], img[src|srcset], iframe[src], ...), the anchors
 * and `<base href>`. A port of htmlparser2's Tokenizer (HTML mode, no entity decoding) that keeps only what the
 * checker reads: it jumps with `indexOf` over text, quoted values, comments and closing tags, and slices only the
 * names and values that matter, where the tokenizer steps through every character with a callback per token (two
 * thirds of the link check's time on a link-dense site). Same tokens, quirks included:
 * test/links/extract-scanner.test.ts holds it to the tokenizer-driven extractor on generated hostile HTML.
 * Given the thread's `scans`, it takes what the previous page's scan found wherever the two pages have the same
 * bytes between two tokens (see PageScans), and scans only the rest.
 */
export function extractPage(html: string, scans?: PageScans): ExtractedPage {
  const page = new PageCollector();
  const n = html.length;
  const scan = scans?.start(html, page) ?? null;
  let i = 0;
  for (;;) {
    if (scan !== null) {
      // text state: where a token starts, and where the previous page may have had the same tokens
      if (scan.tryFrom <= scan.count) {
        const j = scan.align(i);
        if (j > i) {
          i = j;
          continue;
        }
      }
      scan.token(i);
    }
    // text: to the next `<`
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt + 1 >= n) break;
    i = lt + 1;
    const c = html.charCodeAt(i);
    if (isAlpha(c)) {
      i = openTag(html, i, page, scan?.rec ?? null);
      if (i < 0) break;
    } else if (c === 47 /* / */ || c === 63 /* ? */) {
      // a closing tag (or `</` junk, a bogus comment) and a processing instruction end at the next `>`
      i = html.indexOf('>', i + 1) + 1;
      if (i === 0) break;
    } else if (c === 33 /* ! */) {
      i = afterDeclaration(html, i + 1);
      if (i < 0) break;
    }
    // else: `<` and a character that opens nothing is text; that character is looked at again (`<<a>`)
  }
  if (scan !== null) scans!.finish(scan);
  return page.page();
}

/**
 * Where each anchor's value is in the page, when it is the page's bytes as they are (-1: decoded, empty): a page
 * that takes them over cuts them from its own text, so that no page's strings point into an older page's (V8
 * keeps a whole string alive for a slice of it; see own-string.ts). Refs are shared objects instead (PageRef).
 */
interface Spans {
  anchorSpans: number[];
}

/** Records where the anchors one attribute added (from `anchors` on) are. */
function noteSpans(spans: Spans, page: PageCollector, anchors: number, raw: string | null, at: number): void {
  for (let k = anchors; k < page.anchors.length; k++) spans.anchorSpans.push(raw !== null && page.anchors[k] === raw ? at : -1);
}

/** The scan of one page as the next page's may reuse it: where each token started, and what was found before it. */
interface Scan extends Spans {
  html: string;
  page: ExtractedPage;
  /** Every `<base href>` met (the page keeps the first), by the index of the token it was in. */
  bases: Array<[token: number, href: string]>;
  count: number;
  starts: Int32Array;
  refsAt: Int32Array;
  anchorsAt: Int32Array;
}

/**
 * The previous page a thread scanned, for the next: pages of one section are the same bytes for most of their length
 * (the header, the long sidebar), apart from a few small differences (the current page's `aria-current`). Where
 * the two pages have the same bytes from the start of one token to the start of a later one, and the previous
 * page's scan had a token start at both places, scanning would find the same tokens again (a token reads only
 * its own bytes and at most the one after them, and the scan is in text state between tokens): so they are taken
 * from the previous scan, with their offsets moved. Which offset pairs to try is a guess (the last one, or the
 * next bytes searched for nearby); a guess that does not hold costs a comparison, never a wrong result.
 * test/links/extract-reuse.test.ts holds the result to a fresh scan.
 */
export class PageScans {
  /** How many refs the pages scanned so far took over from the page before (tests see the reuse happen). */
  shared = 0;
  private previous: Scan | null = null;
  private spare: Scan | null = null;

  /** The recorder of a page's scan, against the previous page. */
  start(html: string, page: PageCollector): ScanRun {
    const rec = this.spare ?? { html, page: page.page(), bases: [], count: 0, starts: new Int32Array(1024), refsAt: new Int32Array(1024), anchorsAt: new Int32Array(1024), anchorSpans: [] };
    rec.html = html;
    rec.page = page.page();
    rec.bases = [];
    rec.count = 0;
    rec.anchorSpans = [];
    this.spare = null;
    return new ScanRun(rec, this.previous, page);
  }

  /** Keeps the page's scan for the next page. */
  finish(run: ScanRun): void {
    run.noteBases();
    this.shared += run.shared;
    this.spare = this.previous;
    this.previous = run.rec;
  }
}

/** The difference in offsets tried first after a failed guess is searched for in this window of the previous page. */
const RESYNC_BEHIND = 64;
const RESYNC_AHEAD = 1024;
const RESYNC_NEEDLE = 24;

class ScanRun {
  /** Refs taken over from the previous page. */
  shared = 0;
  /** The token count from which the next alignment is tried (doubling gaps after failures). */
  tryFrom = 0;
  private gap = 1;
  /** This page's offset + delta = the previous page's offset for the same bytes. */
  private delta = 0;

  constructor(
    readonly rec: Scan,
    private readonly prev: Scan | null,
    private readonly page: PageCollector,
  ) {
    if (prev === null) this.tryFrom = Infinity;
  }

  get count(): number {
    return this.rec.count;
  }

  /** Records that a token starts at `at` (the scan is in text state there). */
  token(at: number): void {
    this.noteBases();
    const r = this.rec;
    if (r.count === r.starts.length) grow(r);
    r.starts[r.count] = at;
    r.refsAt[r.count] = this.page.refs.length;
    r.anchorsAt[r.count] = this.page.anchors.length;
    r.count++;
  }

  /** Records the `<base href>`s the last token scanned had (rare: the page's base, if any). */
  noteBases(): void {
    const r = this.rec;
    while (this.page.allBases.length > r.bases.length) r.bases.push([r.count - 1, this.page.allBases[r.bases.length]!]);
  }

  /**
   * At a token start `at`: takes the previous page's tokens over the longest stretch of bytes the two pages share
   * from here, and gives where this page's scan goes on (a token start); `at` when nothing was taken.
   */
  align(at: number): number {
    const prev = this.prev!;
    const html = this.rec.html;
    let t = this.tokenAt(at + this.delta);
    if (t < 0) {
      // the bytes from here may be nearby in the previous page: the offsets moved by an edit between the pages
      const lo = Math.max(0, at + this.delta - RESYNC_BEHIND);
      const found = at + RESYNC_NEEDLE <= html.length ? prev.html.slice(lo, at + this.delta + RESYNC_AHEAD).indexOf(html.slice(at, at + RESYNC_NEEDLE)) : -1;
      if (found >= 0) {
        this.delta = lo + found - at;
        t = this.tokenAt(at + this.delta);
      }
    }
    const end = t < 0 ? -1 : at + this.delta + sameLength(html, at, prev.html, at + this.delta);
    // the last of the previous page's token starts before the end of the shared bytes: a token may look at the
    // character after it (`<` then a character that opens nothing), so that one must be shared too
    const last = t < 0 ? -1 : lastStartBefore(prev, t, end - 1);
    if (last <= t) {
      this.tryFrom = this.rec.count + this.gap;
      this.gap = Math.min(this.gap * 2, 64);
      return at;
    }
    this.gap = 1;
    this.copyTokens(t, last);
    return prev.starts[last]! - this.delta;
  }

  /** The previous page's token starting at `offset`, or -1. */
  private tokenAt(offset: number): number {
    const prev = this.prev!;
    if (prev.count === 0) return -1;
    const k = lastStartBefore(prev, 0, offset);
    return prev.starts[k] === offset ? k : -1;
  }

  /** Takes the previous page's tokens [from, to): their refs, anchors and bases, and their starts for the next page. */
  private copyTokens(from: number, to: number): void {
    const prev = this.prev!;
    const rec = this.rec;
    const page = this.page;
    const d = this.delta;
    // `to` is a token of the previous page (align takes tokens up to one that starts within the shared bytes)
    const refs0 = prev.refsAt[from]!;
    const refs1 = prev.refsAt[to]!;
    const anchors0 = prev.anchorsAt[from]!;
    const anchors1 = prev.anchorsAt[to]!;
    const refsBase = page.refs.length;
    const anchorsBase = page.anchors.length;
    this.shared += refs1 - refs0;
    // the refs are the previous page's objects, their hrefs made strings of their own the first time they are shared
    for (let r = refs0; r < refs1; r++) {
      const ref = prev.page.refs[r]!;
      if (ref.own !== true) {
        ref.href = ownString(ref.href);
        ref.own = true;
      }
      page.refs.push(ref);
      page.offsets.push(prev.page.offsets[r]! - d);
    }
    // the anchors cut from this page's own text (the same bytes there), or copied when they are not its bytes
    const html = rec.html;
    for (let a = anchors0; a < anchors1; a++) {
      const anchor = prev.page.anchors[a]!;
      const at = prev.anchorSpans[a]!;
      page.anchors.push(at < 0 ? ownString(anchor) : html.slice(at - d, at - d + anchor.length));
      rec.anchorSpans.push(at < 0 ? -1 : at - d);
    }
    this.noteBases();
    for (const [token, href] of prev.bases) {
      if (token < from || token >= to) continue;
      const own = ownString(href);
      page.noteBase(own);
      rec.bases.push([rec.count + token - from, own]);
    }
    for (let k = from; k < to; k++) {
      if (rec.count === rec.starts.length) grow(rec);
      rec.starts[rec.count] = prev.starts[k]! - d;
      rec.refsAt[rec.count] = prev.refsAt[k]! - refs0 + refsBase;
      rec.anchorsAt[rec.count] = prev.anchorsAt[k]! - anchors0 + anchorsBase;
      rec.count++;
    }
  }
}

function grow(r: Scan): void {
  const more = (a: Int32Array) => {
    const b = new Int32Array(a.length * 2);
    b.set(a);
    return b;
  };
  r.starts = more(r.starts);
  r.refsAt = more(r.refsAt);
  r.anchorsAt = more(r.anchorsAt);
}

/** The index of the last token of `scan` from `from` on that starts at or before `end`. */
function lastStartBefore(scan: Scan, from: number, end: number): number {
  let lo = from;
  let hi = scan.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (scan.starts[mid]! <= end) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** How many characters `a` from `i` and `b` from `j` have alike: compared natively a block at a time, then one by one. */
function sameLength(a: string, i: number, b: string, j: number): number {
  const n = Math.min(a.length - i, b.length - j);
  const BLOCK = 256;
  let k = 0;
  while (k + BLOCK <= n && a.slice(i + k, i + k + BLOCK) === b.slice(j + k, j + k + BLOCK)) k += BLOCK;
  while (k < n && a.charCodeAt(i + k) === b.charCodeAt(j + k)) k++;
  return k;
}

/** From the first letter of an open tag's name: the tag fed to `page`; returns where the text after it starts, -1 at the end. */
function openTag(html: string, start: number, page: PageCollector, spans: Spans | null): number {
  const n = html.length;
  let i = start + 1;
  // whether lower-casing could change the name (then it is made and lower-cased, as the tokenizer's users do)
  let folds = false;
  let c = 0;
  while (i < n && !isEndOfTagSection((c = html.charCodeAt(i)))) {
    if ((c >= 65 && c <= 90) || c >= 128) folds = true;
    i++;
  }
  if (i >= n) return -1; // a name the input ends in is no tag
  if (html.charCodeAt(start) <= 90) folds = true; // its first letter: upper case
  const tag = folds ? refTagOf(html.slice(start, i).toLowerCase()) : plainRefTag(html, start, i - start);
  page.openTag(tag ?? '');
  const names = tag === null ? ID_ONLY : KEPT_NAMES.get(tag)!;
  const special = rawTextEnd(html, start, i);
  for (;;) {
    // before an attribute's name
    if (i >= n) return -1;
    c = html.charCodeAt(i);
    if (c === 62 /* > */) return special === null ? i + 1 : afterRawText(html, i + 1, special);
    if (c === 47 /* / */) {
      // `/` then `>` closes the tag as self-closing (a raw-text element too); anything else is taken as it comes
      do i++;
      while (i < n && isWhitespace(html.charCodeAt(i)));
      if (i >= n) return -1;
      if (html.charCodeAt(i) === 62) return i + 1;
      continue;
    }
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    // an attribute's name: its first character whatever it is (`="x"` is a name), then to `=`, space, `/` or `>`
    const nameStart = i;
    i++;
    while (i < n && (c = html.charCodeAt(i)) !== 61 /* = */ && !isEndOfTagSection(c)) i++;
    const nameEnd = i;
    while (i < n && isWhitespace(html.charCodeAt(i))) i++;
    if (i >= n) return -1;
    const keepName = keptName(html, nameStart, nameEnd, names);
    if (html.charCodeAt(i) !== 61) {
      // no value: `<a href>`; the character here starts what comes next
      if (keepName !== null) {
        const anchors = page.anchors.length;
        page.attribute(keepName, '', nameStart);
        if (spans !== null) noteSpans(spans, page, anchors, null, -1);
      }
      continue;
    }
    i++;
    while (i < n && isWhitespace(html.charCodeAt(i))) i++;
    if (i >= n) return -1;
    c = html.charCodeAt(i);
    let valueStart: number;
    let valueEnd: number;
    if (c === 34 /* " */ || c === 39 /* ' */) {
      valueStart = i + 1;
      valueEnd = html.indexOf(c === 34 ? '"' : "'", valueStart);
      if (valueEnd < 0) return -1;
      i = valueEnd + 1;
    } else {
      // unquoted: to a space or `>` (`href=>` is an empty value)
      valueStart = i;
      while (i < n && (c = html.charCodeAt(i)) !== 62 && !isWhitespace(c)) i++;
      if (i >= n) return -1;
      valueEnd = i;
    }
    if (keepName !== null) {
      const value = html.slice(valueStart, valueEnd);
      const plain = !value.includes('&');
      if (spans === null) page.attribute(keepName, plain ? value : decodeHTMLAttribute(value), nameStart);
      else {
        const anchors = page.anchors.length;
        page.attribute(keepName, plain ? value : decodeHTMLAttribute(value), nameStart);
        noteSpans(spans, page, anchors, plain ? value : null, valueStart);
      }
    }
  }
}

/** The REF_TAGS entry a lower-case tag name is, or null. */
function refTagOf(tag: string): string | null {
  return refAttributesOf(tag) === null ? null : tag;
}

/** The REF_TAGS entry spelt by `html[start, start + length)` (no upper-case or non-ASCII letters in it), or null. */
function plainRefTag(html: string, start: number, length: number): string | null {
  const candidates = TAGS_BY_LENGTH[length];
  if (candidates === undefined) return null;
  for (const tag of candidates) if (html.startsWith(tag, start)) return tag;
  return null;
}

/** The attribute's lower-case name when it is one of `names` (what the collector reads on this tag), else null. */
function keptName(html: string, start: number, end: number, names: readonly string[]): string | null {
  const length = end - start;
  let folds = false;
  for (const name of names) if (name.length === length && html.startsWith(name, start)) return name;
  for (let k = start; k < end && !folds; k++) {
    const c = html.charCodeAt(k);
    folds = (c >= 65 && c <= 90) || c >= 128;
  }
  if (!folds) return null;
  // `HREF`, `iD`, or a name lower-casing turns into one (the Kelvin sign is a `k`)
  const name = html.slice(start, end).toLowerCase();
  return names.includes(name) ? name : null;
}

/** The end tag that closes the raw-text element named `html[start, end)`, or null when it is not one. */
function rawTextEnd(html: string, start: number, end: number): string | null {
  const first = html.charCodeAt(start) | 0x20;
  const ends = first === 115 /* s */ ? S_ENDS : first === 116 /* t */ || first === 120 /* x */ ? TX_ENDS : null;
  if (ends === null) return null;
  for (const [rest, close] of ends) {
    if (end - start - 1 !== rest.length) continue;
    let k = 0;
    while (k < rest.length && (html.charCodeAt(start + 1 + k) | 0x20) === rest.charCodeAt(k)) k++;
    if (k === rest.length) return close;
  }
  return null;
}

/**
 * From the start of a raw-text element's content: where the text after its end tag starts, -1 at the end. The
 * tokenizer's own matcher, comparisons (`c | 0x20`) and all: only `</name` and a space or `>` close it; `<title>`
 * (no fast-forward there) is stepped through character by character.
 */
function afterRawText(html: string, start: number, close: string): number {
  const n = html.length;
  const len = close.length;
  const stepped = close === '</title';
  let k = 0;
  for (let i = start; i < n; i++) {
    const c = html.charCodeAt(i);
    if (k === len) {
      if (c === 62 || isWhitespace(c)) {
        const gt = c === 62 ? i : html.indexOf('>', i + 1);
        return gt < 0 ? -1 : gt + 1;
      }
      k = 0;
    }
    if ((c | 0x20) === close.charCodeAt(k)) k++;
    else if (k === 0) {
      if (!stepped) {
        i = html.indexOf('<', i + 1);
        if (i < 0) return -1;
        k = 1;
      }
    } else k = c === 60 /* < */ ? 1 : 0;
  }
  return -1;
}

/** From just after `<!`: where the text after the comment, CDATA section or declaration starts, -1 at the end. */
function afterDeclaration(html: string, i: number): number {
  const n = html.length;
  if (i >= n) return -1;
  const c = html.charCodeAt(i);
  if (c === 91 /* [ */) {
    // `<![CDATA[` ... `]]>`; anything else from the `[` on is a declaration, and the character that broke it counts
    const cdata = 'CDATA[';
    let k = 0;
    while (k < cdata.length && i + 1 + k < n && html.charCodeAt(i + 1 + k) === cdata.charCodeAt(k)) k++;
    if (i + 1 + k >= n) return -1;
    if (k === cdata.length) return endAfter(html.indexOf(']]>', i + 1 + k), 3);
    return endAfter(html.indexOf('>', i + 1 + k), 1);
  }
  if (c === 45 /* - */) {
    // `<!--`: the opening dashes count towards the `-->` (so `<!-->` and `<!--->` are whole comments)
    const s = i + 2;
    if (i + 1 >= n) return -1;
    if (html.charCodeAt(i + 1) !== 45) return endAfter(html.indexOf('>', i + 2), 1); // `<!-x`: its `x` is passed over
    if (s >= n) return -1;
    if (html.charCodeAt(s) === 62) return s + 1;
    if (html.charCodeAt(s) === 45 && s + 1 < n && html.charCodeAt(s + 1) === 62) return s + 2;
    return endAfter(html.indexOf('-->', s), 3);
  }
  // a declaration (`<!DOCTYPE html>`): its first character is passed over, so `<!>` runs on to the next `>`
  return endAfter(html.indexOf('>', i + 1), 1);
}

function endAfter(found: number, length: number): number {
  return found < 0 ? -1 : found + length;
}

function isAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
}

function isEndOfTagSection(c: number): boolean {
  return c === 47 || c === 62 || isWhitespace(c);
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
