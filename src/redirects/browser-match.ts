// The redirect matcher shared by the browser runtime, `docsgen serve` and the tests. No imports on purpose:
// the client bundle imports this file as it is. Semantics (the same as the generated nginx, Apache and Caddy configs):
// 1. exact sources: the path as the servers compare it (percent-decoded, `//` merged, dot segments resolved),
//    ASCII-case-insensitive, a trailing slash on either side ignored (hash lookup);
// 2. then patterns in file order, first match wins (`:name` = one segment, trailing `*` = the rest), on the path as
//    sent, where a literal character other than a letter, digit, `-._~` or `/` matches as written or percent-encoded;
// 3. the request's query string is kept: `?query` when the target has none, else `&query` after the target's own,
//    always before the target's `#fragment`.

/** Compact redirect data for the browser: what `toBrowserRedirects` returns (JSON-able). */
export interface BrowserRedirects {
  v: 2;
  /** canonical source key (see canonicalPathKey) → [target (path?query#fragment), status] */
  exact: Record<string, [string, number]>;
  /**
   * [anchored regex source (matched case-insensitively, on the path with non-ASCII percent-encoded), target parts
   * (strings, capture numbers), status, lower-case literal prefix of the source ending in `/` (lets a lookup skip
   * patterns that cannot match)]
   */
  patterns: Array<[string, Array<string | number>, number, string?]>;
}

/** The result of a match: where to go and with which status. */
export interface RedirectMatch {
  location: string;
  status: number;
}

interface CompiledPatterns {
  regexes: RegExp[];
  /** literal prefix (whole segments, at most PREFIX_SEGMENTS) → indexes of patterns, in order */
  buckets: Map<string, number[]>;
}

const PREFIX_SEGMENTS = 3;
const compiled = new WeakMap<BrowserRedirects, CompiledPatterns>();

function segmentPrefix(path: string, max: number): string {
  let end = 0;
  for (let n = 0; n < max; n++) {
    const next = path.indexOf('/', end + 1);
    if (next === -1) break;
    end = next;
  }
  return path.slice(0, end + 1);
}

function compilePatterns(data: BrowserRedirects): CompiledPatterns {
  const buckets = new Map<string, number[]>();
  const regexes = data.patterns.map(([source, , , prefix], i) => {
    const key = segmentPrefix(prefix ?? '/', PREFIX_SEGMENTS);
    const list = buckets.get(key);
    if (list) list.push(i);
    else buckets.set(key, [i]);
    return new RegExp(source, 'i');
  });
  return { regexes, buckets };
}

function lowerAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/** Percent-decodes a path as UTF-8 (null when the escaped bytes are not UTF-8). */
function decodePath(raw: string): string | null {
  if (!raw.includes('%')) return raw;
  // nginx answers 400 to a `%` without two hex digits: no redirect either
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The key a path is compared by, as nginx (`$uri` in a `map`), Apache and Caddy see it: percent-decoded, runs of
 * `/` merged, `.` and `..` segments resolved, ASCII letters lower-cased, one trailing slash dropped. `decoded`: the
 * path is already decoded (a file's path). Null for a path no source can match (bad escapes, `..` above the root).
 */
export function canonicalPathKey(path: string, decoded = false): string | null {
  const text = decoded ? path : decodePath(path);
  if (text === null) return null;
  let p = text;
  if (/\/\/|\/\./.test(p) || !p.startsWith('/')) {
    const out: string[] = [];
    const segs = p.split('/');
    for (let i = 1; i < segs.length; i++) {
      const s = segs[i]!;
      if (s === '' && i < segs.length - 1) continue;
      if (s === '.') { if (i === segs.length - 1) out.push(''); continue; }
      if (s === '..') {
        if (out.length === 0) return null;
        out.pop();
        if (i === segs.length - 1) out.push('');
        continue;
      }
      out.push(s);
    }
    p = '/' + out.join('/');
  }
  const lower = lowerAscii(p);
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** A path with its non-ASCII characters percent-encoded as UTF-8 (upper-case hex), as browsers send it. */
export function encodeNonAscii(path: string): string {
  return /[^\x00-\x7f]/.test(path) ? path.replace(/[^\x00-\x7f]+/g, (m) => encodeURIComponent(m)) : path;
}

/**
 * `target` with the request's query string kept: `?query` when the target has no query, `&query` after its own,
 * always before the target's `#fragment`. An empty query adds nothing.
 */
export function withRequestQuery(target: string, query: string): string {
  if (!query) return target;
  const hash = target.indexOf('#');
  const base = hash === -1 ? target : target.slice(0, hash);
  const fragment = hash === -1 ? '' : target.slice(hash);
  return base + (base.includes('?') ? '&' : '?') + query + fragment;
}

/** Finds the redirect for a pathname (as the browser or the server sees it, still percent-encoded), or null. */
export function matchBrowserRedirect(data: BrowserRedirects, pathname: string, search = ''): RedirectMatch | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  // exact sources compare nginx's $uri, which ends at a `#` sent in the request line (a browser never sends one;
  // `docsgen serve` passes the raw request path, as patterns need it)
  const hash = pathname.indexOf('#');
  const key = canonicalPathKey(hash === -1 ? pathname : pathname.slice(0, hash));
  if (key !== null && Object.prototype.hasOwnProperty.call(data.exact, key)) {
    const [to, status] = data.exact[key]!;
    return { location: withRequestQuery(to, query), status };
  }
  if (data.patterns.length === 0) return null;
  let c = compiled.get(data);
  if (!c) {
    c = compilePatterns(data);
    compiled.set(data, c);
  }
  const raw = encodeNonAscii(pathname);
  // only patterns whose literal prefix starts this path can match; keep file order across buckets
  const lowered = lowerAscii(raw);
  const lower = (lowered.length > 1 && lowered.endsWith('/') ? lowered.slice(0, -1) : lowered) + '/';
  let candidates: number[] = [];
  for (let n = 0; n <= PREFIX_SEGMENTS; n++) {
    const list = c.buckets.get(segmentPrefix(lower, n));
    if (list) candidates = candidates.length ? candidates.concat(list) : list;
    if (n > 0 && segmentPrefix(lower, n) === segmentPrefix(lower, n - 1)) break;
  }
  if (candidates.length > 1) candidates = [...new Set(candidates)].sort((a, b) => a - b);
  for (const i of candidates) {
    const m = c.regexes[i]!.exec(raw);
    if (!m) continue;
    const [, parts, status] = data.patterns[i]!;
    let location = '';
    for (const p of parts) location += typeof p === 'number' ? (m[p] ?? '') : p;
    return { location: withRequestQuery(location, query), status };
  }
  return null;
}
