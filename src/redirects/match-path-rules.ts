// matchPath pages on the servers (see src/util/match-path.ts): a path no file answers, that a page's pattern
// matches, gets that page's HTML with 200, after the exact pages and before the 404 page, as Gatsby's hosts do.
import { matchPathRegex, type MatchPathEntry } from '../util/match-path.js';

/** The nginx variable holding the matched page's HTML file ('' when no pattern matches). */
export const MATCH_PATH_VAR = '$docsgen_match_path';

/** The page's HTML file under the prefix: `/reference/` → `/documentation/reference/index.html`. */
export function matchPathFile(entry: MatchPathEntry, pathPrefix: string): string {
  return `${pathPrefix.replace(/\/+$/, '')}${entry.path.replace(/\/?$/, '/')}index.html`;
}

/** http.conf: one map from `$uri` (decoded) to the page's HTML file, patterns most specific first (always defined). */
export function nginxMatchPathMap(entries: readonly MatchPathEntry[], pathPrefix: string): string[] {
  // the patterns' characters (MATCH_PATH_SYNTAX) and the prefix need no escaping inside a quoted nginx string
  const q = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  return [
    '# matchPath pages: a path no file answers that a page\'s pattern matches serves that page (server.conf, step 7).',
    `map $uri ${MATCH_PATH_VAR} {`,
    '    default "";',
    ...entries.map((e) => `    ${q('~' + matchPathRegex(e.matchPath, pathPrefix))} ${q(matchPathFile(e, pathPrefix))};`),
    '}',
  ];
}

/** `_redirects`: Netlify's 200 rewrites (placeholders and splat written as our patterns are), after every redirect. */
export function netlifyMatchPathLines(entries: readonly MatchPathEntry[], pathPrefix: string): string[] {
  const p = pathPrefix.replace(/\/+$/, '');
  return entries.map((e) => `${p}${e.matchPath}  ${p}${e.path.replace(/\/?$/, '/')}  200`);
}
