// Generated hostile URLs as a writer (or an attacker) could spell them in Markdown, and the browser's view of what
// a page publishes: shared by the property test, the build test and the browser test of issue 19, item 1.
import fc from 'fast-check';
import { Parser } from 'htmlparser2';

/** Schemes links may have; images only the first two. */
export const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
export const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

// every attribute of HTML that a browser loads or follows as a URL, and the protocols it may have
const URL_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  href: LINK_PROTOCOLS,
  'xlink:href': LINK_PROTOCOLS,
  action: LINK_PROTOCOLS,
  formaction: LINK_PROTOCOLS,
  cite: LINK_PROTOCOLS,
  src: IMAGE_PROTOCOLS,
  poster: IMAGE_PROTOCOLS,
  data: IMAGE_PROTOCOLS,
};

/**
 * Every URL attribute in an HTML text whose value a browser resolves (WHATWG URL parsing, as Node's URL does it,
 * against a page of the site) to a protocol outside its allowlist, as `tag attr="value"`.
 */
export function unpublishableUrls(html: string, page = 'https://docs.test/documentation/a/b/'): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      for (const [attr, value] of Object.entries(attributes)) {
        const allowed = URL_ATTRIBUTES[attr.toLowerCase()];
        if (!allowed) continue;
        let protocol: string;
        try {
          protocol = new URL(value, page).protocol;
        } catch {
          continue; // not a URL a browser can follow
        }
        if (!allowed.has(protocol)) found.push(`${name} ${attr}="${value}"`);
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/**
 * One character of a scheme, spelled as Markdown allows: any case or an entity, now and then with a tab or newline
 * (entity) after it. The HTML stage percent-encodes those, which is why the clean spellings are the likelier ones:
 * they are the ones a browser would run.
 */
function spelledChar(ch: string): fc.Arbitrary<string> {
  const cp = ch.codePointAt(0)!;
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(ch, ch.toUpperCase(), `&#${cp};`, `&#x${cp.toString(16)};`, `&#X${cp.toString(16).toUpperCase()};`) },
    { weight: 1, arbitrary: fc.constantFrom(`${ch}&#9;`, `${ch}&#x0A;`, `${ch}&Tab;`, `${ch}&NewLine;`) },
  );
}

const schemeWord = fc.constantFrom('javascript', 'vbscript', 'data', 'file', 'blob', 'about', 'livescript', 'x-evil', 'view-source', 'http', 'https', 'mailto', 'tel');
const spelledScheme = schemeWord.chain((word) => fc.tuple(...[...word].map(spelledChar)).map((chars) => chars.join('')));
const colon = fc.constantFrom(':', ':', '&#58;', '&#x3A;', '&#x3a;', '&colon;', '%3A', '\\:', '&#x3A');
const lead = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('&#32;', '&#9;', '&#10;', '&#13;', '&#x1F;', '&#1;', '&#x0C;', '&nbsp;', '&Tab;', '\\') },
);
const rest = fc.constantFrom('alert(1)', 'alert%281%29', '//example.test/', 'text/html,<script>alert(1)</script>', 'text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'a@b.test', '+1-555', '');

/** A URL as written in Markdown source: leading junk, a scheme spelled any way, a colon spelled any way, the rest. */
export const hostileUrl: fc.Arbitrary<string> = fc.tuple(lead, spelledScheme, colon, rest).map((parts) => parts.join(''));

/** A Markdown snippet that puts a URL in a link or image destination, an autolink or a definition. */
export const hostileSnippet: fc.Arbitrary<string> = fc.tuple(
  hostileUrl,
  hostileUrl,
  fc.constantFrom(
    (u: string) => `[x](${u})`,
    (u: string) => `[x](<${u}>)`,
    (u: string) => `[x](${u} "title")`,
    (u: string) => `<${u}>`,
    (u: string) => `[x][r]\n\n[r]: ${u}`,
    (u: string) => `[r][]\n\n[r]: <${u}>`,
    (u: string) => `![x](${u})`,
    (u: string) => `![x][r]\n\n[r]: ${u}`,
    (u: string, v: string) => `[![x](${u})](${v})`,
    (u: string) => `- item [x](${u})\n\n> quote ![y](${u})`,
    (u: string) => `| a |\n|---|\n| [x](${u}) |`,
    // raw HTML, where a browser would decode the entities itself: dropped whole, whatever its URL
    (u: string) => `Text <a href="${u}">x</a> after`,
    (u: string) => `<a href='${u}'>block</a>`,
    (u: string, v: string) => `<p><img src="${u}"><iframe src="${v}"></iframe></p>`,
    (u: string) => `<form action="${u}"><button formaction="${u}">go</button></form>`,
  ),
).map(([u, v, form]) => form(u, v));
