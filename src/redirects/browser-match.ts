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
  /** [anchored regex source (matched case-insensitively), target parts (strings, capture numbers), status] */
  patterns: Array<[string, Array<string | number>, number]>;
}

/** The result of a match: where to go and with which status. */
export interface RedirectMatch {
  location: string;
  status: number;
}

const compiled = new WeakMap<BrowserRedirects, RegExp[]>();

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
  let regexes = compiled.get(data);
  if (!regexes) {
    regexes = data.patterns.map(([source]) => new RegExp(source, 'i'));
    compiled.set(data, regexes);
  }
  for (let i = 0; i < regexes.length; i++) {
    const m = regexes[i]!.exec(pathname);
    if (!m) continue;
    const [, parts, status] = data.patterns[i]!;
    let location = '';
    for (const p of parts) location += typeof p === 'number' ? (m[p] ?? '') : p;
    return { location: location + suffix, status };
  }
  return null;
}
