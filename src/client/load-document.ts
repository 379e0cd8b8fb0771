// The runtime's only way to another document by URL that comes from outside it (a template's `navigate()` call,
// a browser redirect): the scheme is the one links may have, so data can never make the runtime run a
// `javascript:` URL (content, config and redirects are checked at build time; this is the last line).
import { LINK_SCHEMES } from '../util/url-policy.js';

/** Loads `url` as a new document (or replaces this one); false, and nothing happens, for another scheme. */
export function loadDocument(url: string, how: 'assign' | 'replace' = 'assign'): boolean {
  let protocol: string;
  try {
    protocol = new URL(url, location.href).protocol;
  } catch {
    return false;
  }
  if (!LINK_SCHEMES.has(protocol.slice(0, -1))) {
    console.error(`docsgen: not navigating to a ${protocol} URL`);
    return false;
  }
  if (how === 'replace') window.location.replace(url);
  else window.location.assign(url);
  return true;
}
