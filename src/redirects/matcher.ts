import { matchBrowserRedirect, type RedirectMatch } from './browser-match.js';
import { toBrowserRedirects } from './browser-data.js';
import type { RedirectRule } from './types.js';

/**
 * A matcher for `docsgen serve`: `(pathname, search) → {location, status} | null`, with exactly the nginx
 * config's semantics (see README.md). `pathname` is the raw request path, still percent-encoded.
 */
export function compileRedirectMatcher(rules: readonly RedirectRule[]): (pathname: string, search?: string) => RedirectMatch | null {
  const data = toBrowserRedirects(rules);
  return (pathname, search = '') => matchBrowserRedirect(data, pathname, search);
}
