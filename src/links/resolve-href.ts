/** Origin standing in for the site's own host while resolving, so relative URLs resolve like in a browser. */
export const LOCAL_ORIGIN = 'http://docsgen.invalid';

/** Where an href leads, as the browser would request it. */
export type Resolution =
  | { type: 'ignore' }
  | { type: 'invalid' }
  | { type: 'external'; url: string }
  | {
      type: 'internal';
      /** Percent-decoded, dot-segment-free URL path without query or fragment (`/documentation/café/`). */
      path: string;
      /** The fragment without `#` (percent-encoded as the URL parser left it), or null when there is none. */
      fragment: string | null;
    };

// Schemes that are not documents on any server: never checked.
const IGNORED = /^\s*(mailto|tel|javascript|data|sms|callto|about|blob|file|ftp|ws|wss|irc|urn|geo|maps|skype):/i;

/** The URL a page is served at, from its file path relative to the web root (segments percent-encoded). */
export function urlOfPageFile(relPath: string, pathPrefix = ''): URL {
  const encoded = relPath.split('/').map(encodeURIComponent).join('/');
  return new URL(`${LOCAL_ORIGIN}${pathPrefix}/${encoded}`);
}

/** The URL relative links resolve against: the page's URL, or its `<base href>` resolved against it. */
export function baseUrlOf(page: URL, baseHref: string | null): URL {
  if (baseHref === null || baseHref.trim() === '') return page;
  try {
    return new URL(baseHref, page);
  } catch {
    return page;
  }
}

/**
 * Resolves an href the way a browser requests it: WHATWG URL parsing against the base (relative paths, `..`,
 * encoding of unicode), then the path is percent-decoded the way nginx decodes `$uri` before looking for files.
 * The query string never selects a file, so it is dropped.
 */
export function resolveHref(href: string, base: URL): Resolution {
  if (IGNORED.test(href)) return { type: 'ignore' };
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return { type: 'invalid' };
  }
  if (url.origin !== LOCAL_ORIGIN) {
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      url.hash = '';
      return { type: 'external', url: url.href };
    }
    return { type: 'ignore' };
  }
  const fragment = url.hash ? url.hash.slice(1) : href.endsWith('#') ? '' : null;
  return { type: 'internal', path: decodePath(url.pathname), fragment };
}

/** Percent-decodes a URL path; a malformed escape leaves the path as written (nginx answers 400, we say missing). */
export function decodePath(pathname: string): string {
  if (!pathname.includes('%')) return pathname;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
  // an encoded `/` or `.` can form dot segments only after decoding: normalise like nginx does
  if (decoded.includes('/.')) decoded = normaliseDots(decoded);
  return decoded;
}

function normaliseDots(p: string): string {
  const out: string[] = [];
  const parts = p.split('/');
  for (const part of parts) {
    if (part === '.') continue;
    if (part === '..') {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(part);
  }
  const last = parts[parts.length - 1];
  let joined = out.join('/');
  if ((last === '.' || last === '..') && !joined.endsWith('/')) joined += '/';
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** Decodes a fragment the way browsers do before looking for the element; malformed escapes stay as written. */
export function decodeFragment(fragment: string): string {
  if (!fragment.includes('%')) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
