// The rule for URLs the config puts on pages (the footer's forum link, the canonical and og URLs built on
// `siteUrl`): only http and https (links also mailto:, tel: and paths on the site). Browsers strip leading
// spaces and control characters and drop tabs and newlines inside a URL before reading its scheme
// (" java\nscript:" is javascript:): the scheme is read the same way, and an accepted URL holds none of them.

import { IMAGE_SCHEMES, LINK_SCHEMES, schemeOf } from '../util/url-policy.js';
import { configCodes } from './codes.js';

/** Schemes an absolute URL of the site (`siteUrl`) may use: those of an image, http and https. */
const SITE_SCHEMES = IMAGE_SCHEMES;

/** A refused URL: what is wrong and what to write instead. */
export interface UrlProblem {
  message: string;
  hint: string;
  /** Set when the problem is not an unsafe URL (DG1007) but a pattern missing its placeholder. */
  code?: string;
}

// controls (C0, C1), format characters (zero-width, bidi, BOM) and every kind of space or line separator
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/u;

/** Where a page's content path goes in `editUrl`. */
export const EDIT_URL_PLACEHOLDER = '{path}';

/**
 * Checks a URL of the config. `site`: an absolute http(s) URL without query or fragment, the base of the
 * canonical URLs. `link`: an http(s), mailto: or tel: URL, or a path on the site starting with `/`. `edit`:
 * an absolute http(s) URL holding `{path}` after its host (each page's "Edit this page" link).
 * Returns null for an accepted URL.
 */
export function checkConfigUrl(value: string, kind: 'site' | 'link' | 'edit'): UrlProblem | null {
  const shown = `\`${showUrl(value)}\``;
  const allowed = kind === 'link' ? 'an http, https, mailto: or tel: URL, or a path on the site starting with `/`' : 'an absolute http or https URL';
  const example = kind === 'site' ? '`https://docs.example.com`' : kind === 'edit' ? `\`https://github.com/org/repo/edit/main/content/${EDIT_URL_PLACEHOLDER}\`` : '`https://community.example.com/`';
  // the scheme as a browser reads it: leading and trailing C0 controls and spaces stripped, tab/CR/LF removed
  const read = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = schemeOf(read) ?? undefined;
  const schemes = kind === 'link' ? LINK_SCHEMES : SITE_SCHEMES;
  if (scheme !== undefined && !schemes.has(scheme)) {
    const seen = read === value ? '' : ' (as a browser reads it)';
    return { message: `${shown} uses the scheme \`${scheme}:\`${seen}, which is not allowed: it must be ${allowed}`, hint: `write it as ${example}` };
  }
  const invisible = INVISIBLE.exec(value);
  if (invisible) {
    return { message: `${shown} contains U+${hex(invisible[0])}, a space or control character`, hint: `write the URL without it (a space in a path is %20); it must be ${allowed}` };
  }
  if (scheme === undefined) {
    if (kind === 'link' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return null;
    return { message: `${shown} is not ${allowed}`, hint: `write it as ${example}` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { message: `${shown} is not a valid URL`, hint: `write it as ${example}` };
  }
  if ((scheme === 'http' || scheme === 'https') && (!/^https?:\/\/[^/\\]/i.test(value) || !url.hostname)) {
    return { message: `${shown} is not an absolute URL with a host`, hint: `write it as ${example}` };
  }
  if (kind === 'site' && (url.search || url.hash || value.includes('?') || value.includes('#') || url.username || url.password)) {
    return { message: `${shown} has a query, fragment or credentials; page paths are appended to it`, hint: 'write the origin and optional base path only, such as `https://docs.example.com`' };
  }
  if (kind === 'edit') return checkEditPattern(value, url, shown, example);
  return null;
}

/** An edit URL's placeholder: present, and in the path, query or fragment, where a page's path cannot move the host. */
function checkEditPattern(value: string, url: URL, shown: string, example: string): UrlProblem | null {
  if (!value.includes(EDIT_URL_PLACEHOLDER)) {
    return { message: `${shown} has no \`${EDIT_URL_PLACEHOLDER}\`, so every page would link to the same place`, code: configCodes.EDIT_URL_PATTERN, hint: `put \`${EDIT_URL_PLACEHOLDER}\` where the page's file path goes, as in ${example}` };
  }
  let other: URL | null = null;
  try {
    other = new URL(value.split(EDIT_URL_PLACEHOLDER).join('other'));
  } catch {
    // the placeholder is part of the host: the same answer as below
  }
  if (other === null || other.origin !== url.origin || url.username || url.password) {
    return { message: `${shown} has \`${EDIT_URL_PLACEHOLDER}\` in its host or credentials`, code: configCodes.EDIT_URL_PATTERN, hint: `put \`${EDIT_URL_PLACEHOLDER}\` in the path, as in ${example}` };
  }
  return null;
}

/** A URL as it is safe to print in one line: control characters escaped, long values cut. */
function showUrl(value: string): string {
  const escaped = value.replace(/[\p{Cc}\p{Cf}\p{Z}]/gu, (c) => (c === ' ' ? c : `\\u${hex(c)}`));
  return escaped.length > 80 ? `${escaped.slice(0, 77)}...` : escaped;
}

function hex(char: string): string {
  return char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}
