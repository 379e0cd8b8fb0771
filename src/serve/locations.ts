import { CACHE_IMMUTABLE, CACHE_REVALIDATE, HASHED_ASSET, proxyPath, SLASH_EXEMPT } from '../redirects/index.js';

/**
 * The `location` of the generated server.conf that handles a request, chosen the way nginx chooses:
 * exact (`=`) locations, then the `^~` prefix, then the regexes in file order, then `location /`.
 * - `redirects-file`: `location = /_redirects { return 404; }`
 * - `proxy`: the third-party script proxy
 * - `files`: `try_files $uri =404` (only a regular file answers) plus its Cache-Control (`add_header ... always`)
 * - `static`: `location / {}`: files, directory slash redirect, index.html
 */
export type ServerLocation =
  | { kind: 'redirects-file' }
  | { kind: 'proxy' }
  | { kind: 'files'; cache: string | null }
  | { kind: 'static' };

/** The location for a normalized `$uri` (see normalizeUri) under the site's path prefix. */
export function matchLocation(uri: string, pathPrefix: string): ServerLocation {
  const p = pathPrefix.replace(/\/+$/, '');
  if (uri === '/_redirects') return { kind: 'redirects-file' };
  if (uri === proxyPath(p)) return { kind: 'proxy' };
  if (uri === `${p}/sw.js`) return { kind: 'files', cache: CACHE_REVALIDATE };
  if (uri.startsWith(`${p}/page-data/`)) return { kind: 'files', cache: CACHE_REVALIDATE };
  if (hashedLocation(p).test(uri)) return { kind: 'files', cache: CACHE_IMMUTABLE };
  if (/\.html$/i.test(uri)) return { kind: 'files', cache: CACHE_REVALIDATE };
  if (SLASH_EXEMPT.test(uri)) return { kind: 'files', cache: null };
  return { kind: 'static' };
}

const hashedByPrefix = new Map<string, RegExp>();

/** `location ~* "^<prefix>/<HASHED_ASSET>"`, compiled once per prefix. */
function hashedLocation(p: string): RegExp {
  let re = hashedByPrefix.get(p);
  if (!re) {
    re = new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${HASHED_ASSET.source}`, 'i');
    hashedByPrefix.set(p, re);
  }
  return re;
}
