import path from 'node:path';
import { EXEMPT_PATH } from '../config/index.js';

/**
 * The site path of a Markdown file relative to the content folder, always with a leading and trailing slash:
 * `index.md` → `/`, `a/index.md` → `/a/`, `a/b.md` → `/a/b/`. Path rules are pure so tests and the link
 * checker share them.
 */
export function pagePathOf(relFile: string): string {
  const noExt = relFile.split(path.sep).join('/').replace(/\.md$/i, '');
  const trimmed = /^index$/i.test(noExt) ? '' : noExt.replace(/\/index$/i, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** True for a file docsgen builds as a page: `.md`, in any case (links to `.MD` files are page links too). */
export function isPageFile(name: string): boolean {
  return /\.md$/i.test(name);
}

/** Other Markdown extensions: not built, and said so (a warning at the file), never skipped silently. */
export const OTHER_MARKDOWN = /\.(?:markdown|mdown|mkdn|mkd|mdwn|mdx)$/i;

// Characters a page's file or folder name cannot have: URL delimiters (`%` `#` `?`), the backslash (browsers
// read it as `/`), control characters and line separators (no clean URL, and they break one-line messages),
// and U+FFFD, which stands for bytes of a name that are not UTF-8 (the file cannot be opened by that name).
// Everything else (spaces, punctuation, any script) is served by nginx and `docsgen serve` as written.
const UNSAFE_URL_CHARACTER = /[%#?\\\p{Cc}\u2028\u2029\uFFFD]/u;

/**
 * The first character of a file or folder name that cannot be part of a page's URL, with words for a message
 * (`description`) and for its hint (`why`), or null when the name is safe.
 */
export function unsafeUrlCharacter(name: string): { char: string; description: string; why: string } | null {
  const m = UNSAFE_URL_CHARACTER.exec(name);
  if (!m) return null;
  const char = m[0];
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  switch (char) {
    case '%':
      return { char, description: '`%`', why: 'it starts a percent-escape in a URL (write `percent`)' };
    case '#':
      return { char, description: '`#`', why: 'it starts the fragment of a URL' };
    case '?':
      return { char, description: '`?`', why: 'it starts the query of a URL' };
    case '\\':
      return { char, description: 'a backslash', why: 'browsers read it in a URL as `/`' };
    case '\uFFFD':
      return { char, description: 'bytes that are not UTF-8', why: 'docsgen reads names as UTF-8' };
    case '\n':
      return { char, description: `a line break (${code})`, why: 'a URL cannot hold one' };
    case '\r':
      return { char, description: `a carriage return (${code})`, why: 'a URL cannot hold one' };
    case '\t':
      return { char, description: `a tab (${code})`, why: 'a URL cannot hold one' };
    case '\u2028':
    case '\u2029':
      return { char, description: `a ${char === '\u2028' ? 'line' : 'paragraph'} separator (${code})`, why: 'it is an invisible line break' };
    default:
      return { char, description: `the control character ${code}`, why: 'a URL cannot hold one' };
  }
}

/** A path as messages show it: control characters and line separators escaped, so a problem stays one line. */
export function printablePath(p: string): string {
  return p.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  });
}

/** The served URL of a site path under the prefix: `/a/` → `/documentation/a/`. */
export function urlOf(pagePath: string, pathPrefix: string): string {
  return `${pathPrefix}${pagePath}`;
}

/** True when the path ends in an extension the server serves as a file (no trailing slash added). */
export function isExemptPath(pathname: string): boolean {
  return EXEMPT_PATH.test(pathname);
}

// Downloads and media linked from content are files too; a slash would break them (not in the seed's list,
// which names the page-like extensions).
const ASSET_EXTENSIONS = /\.(png|jpe?g|gif|svg|webp|avif|ico|zip|gz|csv|tsv|geojson|kml|kmz|css|woff2?|mp4|webm|mp3|wav|docx?|xlsx?|pptx?|webmanifest)$/i;

/** True when the path names a downloadable asset rather than a page. */
export function isAssetPath(pathname: string): boolean {
  return ASSET_EXTENSIONS.test(pathname);
}

/** True for hrefs the build must leave alone: other schemes, protocol-relative URLs. */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

export interface RewriteContext {
  /** The Markdown file's path relative to the content folder, with forward slashes. */
  relFile: string;
  pathPrefix: string;
}

/**
 * Rewrites an internal link to the served URL: site-absolute paths get the prefix, `.md` links become page URLs,
 * relative links resolve against the Markdown file's folder, and a trailing slash is added except for the exempt
 * extensions (seed section 2). Query and fragment are kept; external and fragment-only links are returned as is.
 */
export function rewriteHref(href: string, ctx: RewriteContext): string {
  if (href === '' || href.startsWith('#') || isExternalHref(href)) return href;
  const match = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(href);
  let pathname = match?.[1] ?? href;
  const query = match?.[2] ?? '';
  const hash = match?.[3] ?? '';
  if (pathname === '') return href;
  const prefix = ctx.pathPrefix;
  if (!pathname.startsWith('/')) {
    const dir = path.posix.dirname(`/${ctx.relFile}`);
    pathname = path.posix.join(dir, pathname);
    if (href.endsWith('/') && !pathname.endsWith('/')) pathname += '/';
  } else if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    pathname = pathname.slice(prefix.length) || '/';
  }
  if (/\.md$/i.test(pathname)) pathname = pagePathOf(pathname.replace(/^\//, ''));
  if (!pathname.endsWith('/') && !isExemptPath(pathname) && !isAssetPath(pathname)) pathname += '/';
  return `${prefix}${pathname}${query}${hash}`;
}
