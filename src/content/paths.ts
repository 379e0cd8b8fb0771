import path from 'node:path';
import { EXEMPT_PATH } from '../config/defaults.js';

/**
 * The site path of a Markdown file relative to the content folder, always with a leading and trailing slash:
 * `index.md` → `/`, `a/index.md` → `/a/`, `a/b.md` → `/a/b/`. Path rules are pure so tests and the link
 * checker share them.
 */
export function pagePathOf(relFile: string): string {
  const noExt = relFile.split(path.sep).join('/').replace(/\.md$/i, '');
  const trimmed = noExt === 'index' ? '' : noExt.replace(/\/index$/i, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
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
