// Which URLs docsgen publishes (issue 19): content and config are data, never code, so a link or image whose scheme
// can run script (`javascript:`, `vbscript:`, `data:text/html`) or names a local file is never output. Pure and
// free of Node's modules: content, config and the browser runtime share it.

/** Schemes a link may have (besides none: relative and protocol-relative URLs). */
export const LINK_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);

/** Schemes an image source may have (besides none). */
export const IMAGE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);

/**
 * The scheme a browser reads in a URL (lowercased, without the colon), or null when it has none (`/a`, `./a.md`,
 * `#frag`, `?q`, `//host`). As WHATWG URL parsing does: leading C0 controls and spaces are skipped, ASCII tabs
 * and newlines anywhere are ignored, and a scheme is a letter then letters, digits, `+`, `-` or `.` up to a `:`.
 * The URL is the decoded one (mdast holds destinations with entities and escapes already resolved).
 */
export function schemeOf(url: string): string | null {
  let i = 0;
  while (i < url.length && url.charCodeAt(i) <= 0x20) i++;
  let scheme = '';
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13) continue;
    if (c === 58) return scheme === '' ? null : scheme.toLowerCase();
    const letter = (c | 32) >= 97 && (c | 32) <= 122;
    const more = scheme !== '' && ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46);
    if (!letter && !more) return null;
    scheme += url[i];
  }
  return null;
}

/** True when a link to this URL may be published: relative, or http, https, mailto or tel. */
export function isPublishableLink(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === null || LINK_SCHEMES.has(scheme);
}

/** True when an image with this source may be published: relative, or http or https. */
export function isPublishableImage(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === null || IMAGE_SCHEMES.has(scheme);
}

/**
 * The URL attributes an article's HTML may hold (hast property names), with the rule each follows: the last line
 * of the policy in every HTML stage, so no transform or plugin can publish an unsafe URL.
 */
export const URL_ATTRIBUTE_RULES: ReadonlyMap<string, (url: string) => boolean> = new Map([
  ['href', isPublishableLink],
  ['xLinkHref', isPublishableLink],
  ['cite', isPublishableLink],
  ['action', isPublishableLink],
  ['formAction', isPublishableLink],
  ['src', isPublishableImage],
  ['poster', isPublishableImage],
]);
