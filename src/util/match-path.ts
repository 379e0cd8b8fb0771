// `matchPath` (seed section 3, Gatsby's page option): a page that also answers for every path its pattern matches,
// after the exact pages and before the 404 page. One syntax for the build, the servers and the browser:
// `/` separated literal segments and `:name` segments, optionally ending in a `*` splat (`/reference/*`).

/** The patterns a page's frontmatter `matchPath` may hold (relative to the path prefix, like page paths). */
export const MATCH_PATH_SYNTAX = /^\/(?:(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*)\/)*(?:[A-Za-z0-9._~-]+\/?|:[A-Za-z_][A-Za-z0-9_]*\/?|\*)?$/;

/** A page with a matchPath: its pattern and the page's path (both without the prefix). */
export interface MatchPathEntry {
  matchPath: string;
  path: string;
}

function segments(matchPath: string): string[] {
  return matchPath.split('/').filter((s) => s !== '');
}

/** Reach Router's rank (which Gatsby sorts matchPaths by): static segments beat `:params`, a splat comes last. */
function rank(matchPath: string): number {
  return segments(matchPath).reduce((score, s) => score + 4 + (s === '*' ? -5 : s.startsWith(':') ? 2 : 3), matchPath === '/' ? 5 : 0);
}

/** The entries most specific first (ties: by pattern, so the order never depends on discovery). */
export function sortMatchPaths(entries: readonly MatchPathEntry[]): MatchPathEntry[] {
  return [...entries].sort((a, b) => rank(b.matchPath) - rank(a.matchPath) || (a.matchPath < b.matchPath ? -1 : a.matchPath > b.matchPath ? 1 : 0));
}

/**
 * The regular expression (source, PCRE and JavaScript alike) of the decoded pathnames a pattern matches under
 * `prefix`: `/reference/*` → `^/documentation/reference(?:/.*)?$`, `/users/:id` → `^/documentation/users/[^/]+/?$`.
 */
export function matchPathRegex(matchPath: string, prefix: string): string {
  const parts = segments(matchPath);
  const splat = parts[parts.length - 1] === '*';
  const fixed = (splat ? parts.slice(0, -1) : parts).map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const base = prefix.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + fixed.map((s) => `/${s}`).join('');
  return splat ? `^${base}(?:/.*)?$` : `^${base}/?$`;
}

/** The page (its path without the prefix) whose pattern matches a decoded pathname, most specific first; or null. */
export function findMatchPath(entries: readonly MatchPathEntry[], pathname: string, prefix: string): string | null {
  for (const e of entries) if (new RegExp(matchPathRegex(e.matchPath, prefix)).test(pathname)) return e.path;
  return null;
}
