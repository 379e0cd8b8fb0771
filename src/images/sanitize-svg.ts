// An SVG opened on its own runs on the site's origin like a page: a <script>, an onload attribute or a
// javascript: link in it would run with the site's cookies and storage. The published copy is therefore rebuilt
// from an allowlist (svg-allowlist.ts) rather than cleaned of what is known to be bad: the file is parsed with a
// real XML tokenizer (htmlparser2), and only allowed elements, attributes and values are written back, escaped,
// in the SVG namespace. Whatever the parser or a browser makes of odd input, nothing outside the list can reach
// the output. What ran code or loaded from elsewhere is reported, so the writer learns the image changed.
import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { ACTIVE_ELEMENTS, ANIMATABLE, FRAGMENT_ONLY_HREF, IMAGE_HREF, SVG_ELEMENTS, SVG_NS, XLINK_NS } from './svg-allowlist.js';

/** Largest SVG text accepted (after gunzip for an .svgz): a zip bomb must not take the build's memory. */
export const MAX_SVG_CHARS = 32 * 1024 * 1024;

/** What the sanitizer removed because it runs code or loads from elsewhere, and the SVG line of its first instance. */
export interface RemovedConstruct {
  what: string;
  line: number;
}

/** The SVG as published and what was taken out of it (empty when the file was static already). */
export interface SanitizedSvg {
  svg: string;
  removed: RemovedConstruct[];
}

/** The text of an SVG file: gunzipped if compressed (.svgz), decoded as its XML declaration says (UTF-8 by default). */
export function decodeSvgBytes(bytes: Uint8Array): string {
  let data = bytes;
  if (data[0] === 0x1f && data[1] === 0x8b) data = gunzipSync(data, { maxOutputLength: MAX_SVG_CHARS });
  const head = Buffer.from(data.subarray(0, 256)).toString('latin1');
  const label = /^(?:\xEF\xBB\xBF)?\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  // TextDecoder strips a byte order mark; an unknown encoding label throws (the caller reports the file)
  return new TextDecoder(label ?? 'utf-8').decode(data);
}

type Frame = { name: string; scope: Scope; kept: boolean; content: boolean; css: string | null; attrs: string };
type Scope = ReadonlyMap<string, string>;

const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=]*$/i;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Rebuilds an SVG document from what static SVG allows (see the file's header). Returns null when the text has
 * no `<svg>` root element in the SVG namespace (not an SVG: the caller reports the file).
 */
export function sanitizeSvg(text: string): SanitizedSvg | null {
  const out: string[] = [];
  const stack: Frame[] = [];
  const removed = new Map<string, number>();
  let skipping = 0;
  let root: 'before' | 'inside' | 'after' = 'before';
  let usesXlink = false;
  let newlines: number[] | null = null;
  const lineAt = (offset: number): number => {
    newlines ??= [...text.matchAll(/\n/g)].map((m) => m.index);
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const report = (what: string) => {
    if (!removed.has(what)) removed.set(what, lineAt(parser.startIndex));
  };
  // an element's `>` is written when its first content comes, so an empty element can close itself (`/>`)
  const startContent = (frame: Frame | undefined) => {
    if (frame && !frame.content) {
      frame.content = true;
      out.push('>');
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = stack[stack.length - 1];
        const scope = scopeOf(attribs, parent?.scope);
        const frame: Frame = { name, scope, kept: false, content: false, css: null, attrs: '' };
        stack.push(frame);
        if (skipping > 0 || root === 'after' || parent?.css != null) return void skipping++;
        const [prefix, local] = splitName(name);
        const ns = scope.get(prefix);
        const inSvg = ns === SVG_NS || (ns === undefined && prefix === '');
        if (root === 'before') {
          if (!inSvg || local !== 'svg') return void (skipping++, (root = 'after'));
          root = 'inside';
        }
        const allowed = inSvg ? SVG_ELEMENTS.get(local) : undefined;
        if (ACTIVE_ELEMENTS.has(local)) report(`<${local}>`);
        const animated = attribs.attributeName;
        if (allowed?.has('attributeName') && animated !== undefined && !ANIMATABLE.has(animated)) report(`<${local} attributeName="${shown(animated)}">`);
        else if (allowed && !ACTIVE_ELEMENTS.has(local)) {
          const attrs = keptAttributes(local, attribs, scope, allowed, report);
          if (attrs.xlink) usesXlink = true;
          frame.kept = true;
          frame.name = local;
          if (local === 'style') {
            // written when it closes, if its CSS is static
            frame.css = '';
            frame.attrs = attrs.text;
            return;
          }
          startContent(parent);
          // the root declares the namespaces (an `xmlns:xlink` is added after it when needed, see below)
          if (stack.length === 1) out.push(`<svg xmlns="${SVG_NS}"`, attrs.text);
          else out.push(`<${local}${attrs.text}`);
          return;
        }
        skipping++;
      },
      ontext(data) {
        const frame = stack[stack.length - 1];
        if (skipping > 0 || !frame?.kept) return;
        if (frame.css !== null) frame.css += data;
        else {
          startContent(frame);
          out.push(escapeXml(data));
        }
      },
      onclosetag() {
        const frame = stack.pop();
        if (!frame) return;
        if (!frame.kept) {
          skipping--;
        } else if (frame.css !== null) {
          if (!staticCss(frame.css)) report('<style> that loads from elsewhere or runs script');
          else {
            startContent(stack[stack.length - 1]);
            out.push(`<style${frame.attrs}${frame.css ? `>${escapeXml(frame.css)}</style>` : '/>'}`);
          }
        } else {
          out.push(frame.content ? `</${frame.name}>` : '/>');
        }
        if (stack.length === 0 && root === 'inside') root = 'after';
      },
      onprocessinginstruction(name, data) {
        const n = name.toLowerCase();
        // an XSLT stylesheet can run script; entity declarations can smuggle markup past a reader of the file
        if (n === '?xml-stylesheet') report('<?xml-stylesheet?>');
        else if (n === '!entity' || (n === '!doctype' && /\[|<!ENTITY/i.test(data))) report('<!DOCTYPE> with entity declarations');
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(text);
  if (out.length === 0) return null;
  if (usesXlink) out[0] += ` xmlns:xlink="${XLINK_NS}"`;
  return { svg: out.join(''), removed: [...removed].map(([what, line]) => ({ what, line })).sort((a, b) => a.line - b.line) };
}

/** The namespace prefixes in force on an element: its parent's, plus its own `xmlns` and `xmlns:p` attributes. */
function scopeOf(attribs: Record<string, string>, parent: Scope | undefined): Scope {
  let scope: Map<string, string> | null = null;
  for (const [name, value] of Object.entries(attribs)) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    scope ??= new Map(parent);
    scope.set(name.slice(6), value);
  }
  return scope ?? parent ?? new Map();
}

function splitName(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':');
  return colon === -1 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/** The allowed attributes of a kept element, written out; the others are dropped, the active ones reported. */
function keptAttributes(
  element: string,
  attribs: Record<string, string>,
  scope: Scope,
  allowed: ReadonlySet<string>,
  report: (what: string) => void,
): { text: string; xlink: boolean } {
  let text = '';
  let xlink = false;
  const written = new Set<string>();
  for (const [name, value] of Object.entries(attribs)) {
    const [prefix, local] = splitName(name);
    if (name === 'xmlns' || prefix === 'xmlns') continue;
    if (/^on/i.test(local)) {
      report(`${name} attribute`);
      continue;
    }
    const isXlinkHref = prefix !== '' && local === 'href' && (scope.get(prefix) ?? (prefix === 'xlink' ? XLINK_NS : '')) === XLINK_NS;
    const key = isXlinkHref ? 'href' : prefix === 'xml' ? name : prefix === '' ? local : null;
    if (key === null) continue;
    if (key === 'href') {
      if (!allowed.has('href')) continue;
      if (!hrefAllowed(element, value)) {
        report(`${name}="${shown(value)}" on <${element}>`);
        continue;
      }
    } else if (!allowed.has(key) && !/^aria-[a-z]+$/.test(key)) {
      continue;
    } else if (!staticCss(value)) {
      // presentation attributes are CSS: `fill="url(https://…)"` loads from elsewhere like a style sheet would
      report(`${name}="${shown(value)}" on <${element}>`);
      continue;
    }
    const out = isXlinkHref ? 'xlink:href' : key;
    // two prefixes bound to XLink would write one attribute twice: not well-formed XML
    if (written.has(out)) continue;
    written.add(out);
    if (isXlinkHref) xlink = true;
    text += ` ${out}="${escapeXml(value, true)}"`;
  }
  return { text, xlink };
}

/** Whether an `href` may stay: `#id` everywhere, pictures from http(s) or inline raster data, links to the web. */
export function hrefAllowed(element: string, value: string): boolean {
  // what a URL parser ignores (C0 controls and spaces at the ends, tabs and newlines inside) must not hide a scheme
  const url = value.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (url.startsWith('#')) return true;
  if (FRAGMENT_ONLY_HREF.has(element)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (IMAGE_HREF.has(element)) return scheme === 'http' || scheme === 'https' || (scheme === 'data' && RASTER_DATA.test(url));
  if (element === 'a') return scheme === undefined || LINK_SCHEMES.has(scheme);
  return false;
}

/**
 * Whether CSS (a `<style>`, a `style` or presentation attribute) is self-contained and inert: no `@import`, no
 * `url()` other than `url(#id)`, no string-taking image functions, no legacy script hooks. Checked on the text
 * with comments removed and CSS escapes decoded (`u\72l(` is `url(` to a browser).
 */
export function staticCss(css: string): boolean {
  const plain = decodeCssEscapes(css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')).toLowerCase();
  if (/@import|expression\s*\(|-moz-binding|behaviou?r\s*:|image-set\s*\(|(?<![\w-])(?:image|src|element)\s*\(|cross-fade\s*\(/.test(plain)) return false;
  // a script or data URL is never a value of static SVG, whatever whitespace or controls hide it
  if (/javascript:|vbscript:|data:/.test(plain.replace(/[\u0000-\u0020\u007f]+/g, ''))) return false;
  for (const m of plain.matchAll(/url\s*\(\s*(['"]?)\s*([^\s'")]*)/g)) if (!m[2]!.startsWith('#')) return false;
  return true;
}

function decodeCssEscapes(css: string): string {
  return css.replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|\r\n|([\s\S]))/gi, (_, hex: string | undefined, char: string | undefined) => {
    if (hex === undefined) return char === undefined || char === '\n' || char === '\r' || char === '\f' ? '' : char;
    const code = parseInt(hex, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code);
  });
}

/** Text or an attribute value as XML; characters XML cannot hold at all are dropped, so the output always parses. */
function escapeXml(s: string, attribute = false): string {
  const safe = s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return attribute ? safe.replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;') : safe;
}

/** A value as it reads in a one-line message: control characters shown as spaces, long ones shortened. */
function shown(value: string): string {
  const flat = value.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return flat.length > 40 ? `${flat.slice(0, 37)}…` : flat;
}
