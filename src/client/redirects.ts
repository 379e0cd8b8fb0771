// Browser-side redirects: the same matcher and data as the server's, applied before any page is loaded.
import { matchBrowserRedirect, type BrowserRedirects } from '../redirects/browser-match.js';

/** Target (path + query, or an absolute URL) of the redirect for a pathname, or null; case-insensitive. */
export function redirectTarget(data: BrowserRedirects | undefined, pathname: string, search: string): string | null {
  if (!data) return null;
  return matchBrowserRedirect(data, pathname, search)?.location ?? null;
}

/** True when `pathname` is the prefix or under it in any ASCII case (`/Documentation/x/` for `/documentation`). */
export function underPrefixAnyCase(pathname: string, prefix: string): boolean {
  if (!prefix) return true;
  const head = pathname.slice(0, prefix.length + 1).replace(/[A-Z]+/g, (m) => m.toLowerCase());
  const p = prefix.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  return head === p || head === p + '/';
}

/**
 * The redirect of a link on this site whose path is under the prefix in any case, or null. Sources match
 * ASCII-case-insensitively (as nginx's map), so `/Documentation/old-page/` is taken over like `/documentation/old-page/`.
 */
export function linkRedirect(data: BrowserRedirects | undefined, pathname: string, search: string, prefix: string): string | null {
  return underPrefixAnyCase(pathname, prefix) ? redirectTarget(data, pathname, search) : null;
}
