// What the generated nginx server.conf does besides redirects, as data and pure functions, so `docsgen serve`
// can apply exactly the same rules (README.md describes them in words).
import { EXEMPT_PATH } from '../config/index.js';

/** Links and paths with these endings never get a trailing-slash redirect (seed section 2). */
export const SLASH_EXEMPT = EXEMPT_PATH;
/** Content-hashed asset names: `name-<hash>.ext` / `name.<hash>.ext`, hash of 8+ letters and digits with a digit. */
export const HASHED_ASSET = /.+[.-](?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{8,}\.(?:js|mjs|css|woff2?|ttf|png|jpe?g|gif|svg|webp|avif|ico)$/i;
/** Cache-Control of content-hashed assets. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of HTML, page-data, app-data and sw.js. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
/**
 * Content-Security-Policy of every SVG response: an SVG opened on its own is a document on the site's origin, so
 * it may run no script and load nothing but inline or https pictures, even if something got past the sanitizer.
 */
export const SVG_CSP = "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; sandbox";
/** Paths answered with SVG_CSP. */
export const SVG_PATH = /\.svgz?$/i;
/** How many percent-escapes the nginx proxy maps decode. */
export const NGINX_PROXY_DECODE_STEPS = 24;

/**
 * The Cache-Control header for a served path (`pathname` under the prefix), or null for none:
 * page-data (incl. app-data) and sw.js and HTML revalidate; hashed assets are immutable.
 */
export function cacheControlFor(pathname: string, pathPrefix: string): string | null {
  const prefix = pathPrefix.replace(/\/+$/, '');
  if (pathname.startsWith(prefix + '/page-data/') || pathname === prefix + '/sw.js') return CACHE_REVALIDATE;
  if (pathname.startsWith(prefix + '/') && HASHED_ASSET.test(pathname.slice(prefix.length + 1))) return CACHE_IMMUTABLE;
  if (/\.html$/i.test(pathname) || pathname.endsWith('/')) return CACHE_REVALIDATE;
  return null;
}

/**
 * True when a request for `pathname` should get a 301 to `pathname/`: it names a directory, has no trailing
 * slash and does not end in an exempt extension. The query string is kept on that redirect.
 */
export function needsTrailingSlash(pathname: string, isDirectory: boolean): boolean {
  return isDirectory && !pathname.endsWith('/') && !SLASH_EXEMPT.test(pathname);
}

/**
 * The upstream URL of the third-party proxy for a `url` query value, or null (→ 403): an https URL (encoded or not)
 * on a listed host (case-insensitive), no credentials, no port.
 */
export function resolveProxyUrl(urlParam: string | null | undefined, allowedHosts: readonly string[]): string | null {
  if (!urlParam) return null;
  let decoded = urlParam;
  try {
    if (/%3a|%2f/i.test(decoded.slice(0, 12))) decoded = decodeURIComponent(decoded);
  } catch {
    return null;
  }
  const m = /^https:\/\/([^/?#]*)(\/[^#]*)?$/i.exec(decoded);
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  if (!allowedHosts.some((h) => h.toLowerCase() === host)) return null;
  return `https://${host}${m[2] ?? ''}`;
}
