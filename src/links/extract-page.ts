// The link extractor: a page's open tags and the attributes the checker reads, in one pass over its HTML.
import { decodeHTMLAttribute } from 'entities';
import { PageCollector, REF_TAGS, refAttributesOf, type ExtractedPage } from './page-collector.js';

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
 */
export function extractPage(html: string): ExtractedPage {
  const page = new PageCollector();
  const n = html.length;
  let i = 0;
  for (;;) {
    // text: to the next `<`
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt + 1 >= n) break;
    i = lt + 1;
    const c = html.charCodeAt(i);
    if (isAlpha(c)) {
      i = openTag(html, i, page);
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
  return page.page();
}

/** From the first letter of an open tag's name: the tag fed to `page`; returns where the text after it starts, -1 at the end. */
function openTag(html: string, start: number, page: PageCollector): number {
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
      if (keepName !== null) page.attribute(keepName, '', nameStart);
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
      page.attribute(keepName, value.includes('&') ? decodeHTMLAttribute(value) : value, nameStart);
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
