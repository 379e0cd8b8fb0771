// An independent reading of a published SVG: what in it could run script or load from elsewhere. Written apart
// from the sanitizer (its own rules, the WHATWG URL parser for links), so a test asks a second opinion.
import { Parser } from 'htmlparser2';

const RUNS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'frame', 'base', 'link', 'meta']);
const ANIMATION = new Set(['animate', 'set', 'animatetransform', 'animatemotion']);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Every construct in `svg` that could run script or load a resource from elsewhere, as readable strings. */
export function executableConstructs(svg: string): string[] {
  const found: string[] = [];
  const styles: string[] = [];
  let inStyle = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const local = name.slice(name.indexOf(':') + 1).toLowerCase();
        if (RUNS.has(local)) found.push(`<${name}>`);
        if (name.includes(':')) found.push(`prefixed element <${name}>`);
        inStyle = local === 'style';
        for (const [attr, value] of Object.entries(attribs)) {
          const attrLocal = attr.slice(attr.indexOf(':') + 1);
          if (/^on/i.test(attrLocal)) found.push(`${attr} on <${name}>`);
          if (attr.includes(':') && !['xlink:href', 'xml:space', 'xml:lang', 'xmlns:xlink'].includes(attr)) found.push(`prefixed attribute ${attr}`);
          const squeezed = value.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
          if (/(?:java|vb)script:|data:text|@import/.test(squeezed)) found.push(`${attr}="${value}" on <${name}>`);
          if (attrLocal === 'href' && !linkAllowed(local, value)) found.push(`${attr}="${value}" on <${name}>`);
          if (ANIMATION.has(local) && attr === 'attributeName' && /href|^on|style/i.test(value)) found.push(`<${name} attributeName="${value}">`);
          if (/url\s*\(\s*['"]?\s*[^#'"\s]/i.test(cssUnescaped(value))) found.push(`external url() in ${attr} on <${name}>`);
          if (attr === 'style') styles.push(value);
        }
      },
      ontext(text) {
        if (inStyle) styles.push(text);
      },
      onclosetag() {
        inStyle = false;
      },
      onprocessinginstruction(name) {
        found.push(`<${name}>`);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(svg);
  for (const css of styles) {
    const plain = cssUnescaped(css).toLowerCase();
    if (/@import|url\s*\(\s*['"]?\s*[^#'"\s)]|expression|javascript:/.test(plain)) found.push(`style: ${css}`);
  }
  return found;
}

/** `#id` anywhere; http(s) or inline raster pictures for image/feImage; web, mail and phone links for <a>. */
function linkAllowed(element: string, value: string): boolean {
  const base = 'https://docs.example/documentation/page/';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return false;
  }
  const sameDocument = url.href.startsWith(`${base}#`) || url.href === base;
  if (sameDocument && value.trim().startsWith('#')) return true;
  if (element === 'a') return LINK_PROTOCOLS.has(url.protocol);
  if (element === 'image' || element === 'feimage') {
    return url.protocol === 'https:' || url.protocol === 'http:' || /^data:image\/(png|jpeg|gif|webp);base64,/i.test(url.href);
  }
  return false;
}

/** CSS as a browser tokenizes it: escapes (`\\72` is `r`) decoded, comments removed. */
function cssUnescaped(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16) || 0xfffd, 0x10ffff)))
    .replace(/\\([\s\S])/g, '$1');
}
