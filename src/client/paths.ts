// Path rules shared by the loader, the navigator and prefetching (Gatsby's find-path and page-data URL rules).
import { EXEMPT_PATH as exempt } from '../config/defaults.js';

/** Removes the path prefix: `/documentation` → `/`, `/documentation/a/` → `/a/`; other paths unchanged. */
export function stripPrefix(pathname: string, prefix: string): string {
  if (!prefix) return pathname;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

/** True for a pathname the runtime may render: inside the prefix and not a file like `.pdf` or `.xml`. */
export function isPagePath(pathname: string, prefix: string): boolean {
  if (prefix && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return false;
  return !exempt.test(pathname);
}

/** The trailing-slash form of a page path (file-like paths keep their name). */
export function withTrailingSlash(pathname: string): string {
  return pathname.endsWith('/') || exempt.test(pathname) ? pathname : `${pathname}/`;
}

/**
 * The page key of a path + query: prefix stripped, path percent-decoded, hash dropped, `/index.html` → `/`,
 * one trailing slash removed; the query is kept as it was (`/documentation/a/?x=1` → `/a?x=1`).
 */
export function pageKey(rawPath: string, prefix: string): string {
  let path = rawPath;
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) path = path.slice(0, hashAt);
  const queryAt = path.indexOf('?');
  const search = queryAt >= 0 ? path.slice(queryAt) : '';
  path = queryAt >= 0 ? path.slice(0, queryAt) : path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: keep the raw path, the server will answer 404
  }
  path = stripPrefix(path, prefix);
  if (path === '/index.html') path = '/';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path + search;
}

/** Page-data URL of a page key: `/documentation/page-data/{path or index}/page-data.json`, query kept. */
export function pageDataUrl(key: string, prefix: string): string {
  const queryAt = key.indexOf('?');
  const path = queryAt >= 0 ? key.slice(0, queryAt) : key;
  const search = queryAt >= 0 ? key.slice(queryAt + 1) : '';
  const fixed = path === '/' ? 'index' : path.replace(/^\//, '').replace(/\/$/, '');
  return `${prefix}/page-data/${fixed}/page-data.json${search ? `?${search}` : ''}`;
}

/** The address a page key is served at: prefix, trailing slash, query. */
export function pageUrl(key: string, prefix: string): string {
  const queryAt = key.indexOf('?');
  const path = queryAt >= 0 ? key.slice(0, queryAt) : key;
  const search = queryAt >= 0 ? key.slice(queryAt) : '';
  const full = path === '/' ? `${prefix}/` : withTrailingSlash(`${prefix}${path}`);
  return encodeURI(full) + search;
}
