// Browser-side redirects: the same matcher and data as the server's, applied before any page is loaded.
import { matchBrowserRedirect, type BrowserRedirects } from '../redirects/browser-match.js';

/** Target (path + query, or an absolute URL) of the redirect for a pathname, or null; case-insensitive. */
export function redirectTarget(data: BrowserRedirects | undefined, pathname: string, search: string): string | null {
  if (!data) return null;
  return matchBrowserRedirect(data, pathname, search)?.location ?? null;
}
