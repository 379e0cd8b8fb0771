// The redirect matcher shared by the browser runtime, `docsgen serve` and the tests. No imports on purpose:
// the client bundle imports this file as it is. Semantics (the same as the generated nginx config):
// 1. exact sources: ASCII-case-insensitive, a trailing slash on either side ignored (hash lookup);
// 2. then patterns in file order, first match wins (`:name` = one segment, trailing `*` = the rest);
// 3. the request's query string is appended to the target (`?` only when the query is not empty).

/** Compact redirect data for the browser: what `toBrowserRedirects` returns (JSON-able). */
export interface BrowserRedirects {
  v: 1;
  /** lower-cased source without trailing slash → [target, status] */
  exact: Record<string, [string, number]>;
  /**
   * [anchored regex source (matched case-insensitively), target parts (strings, capture numbers), status,
   * lower-case literal prefix of the source ending in `/` (lets a lookup skip patterns that cannot match)]
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

/** ASCII lower case (as nginx), then one trailing slash dropped. */
export function browserRedirectKey(pathname: string): string {
  const lower = pathname.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** Finds the redirect for a pathname (as the browser or the server sees it, still percent-encoded), or null. */
export function matchBrowserRedirect(data: BrowserRedirects, pathname: string, search = ''): RedirectMatch | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const suffix = query ? '?' + query : '';
  const key = browserRedirectKey(pathname);
  if (Object.prototype.hasOwnProperty.call(data.exact, key)) {
    const [to, status] = data.exact[key]!;
    return { location: to + suffix, status };
  }
  if (data.patterns.length === 0) return null;
  let c = compiled.get(data);
  if (!c) {
    c = compilePatterns(data);
    compiled.set(data, c);
  }
  // only patterns whose literal prefix starts this path can match; keep file order across buckets
  const lower = key + '/';
  let candidates: number[] = [];
  for (let n = 0; n <= PREFIX_SEGMENTS; n++) {
    const list = c.buckets.get(segmentPrefix(lower, n));
    if (list) candidates = candidates.length ? candidates.concat(list) : list;
    if (n > 0 && segmentPrefix(lower, n) === segmentPrefix(lower, n - 1)) break;
  }
  if (candidates.length > 1) candidates = [...new Set(candidates)].sort((a, b) => a - b);
  for (const i of candidates) {
    const m = c.regexes[i]!.exec(pathname);
    if (!m) continue;
    const [, parts, status] = data.patterns[i]!;
    let location = '';
    for (const p of parts) location += typeof p === 'number' ? (m[p] ?? '') : p;
    return { location: location + suffix, status };
  }
  return null;
}
