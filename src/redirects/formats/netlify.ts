import { header, compileUnique, targetWithNames } from '../unique.js';
import type { RedirectFormatter } from '../types.js';

/**
 * `_redirects` for Netlify and Cloudflare Pages: `from  to  status`, exact sources first (Cloudflare wants static
 * rules before dynamic ones; both hosts take the first match). Paths are written as browsers send them (non-ASCII
 * and anything outside RFC 3986 percent-encoded, as Netlify asks), so no space or `#` can split or end a line.
 * The target keeps its query and fragment; the host adds the request's query. Both hosts match case-sensitively
 * (see README.md).
 */
export const netlifyFormat: RedirectFormatter = {
  id: 'netlify',
  format(rules) {
    const { exact, patterns } = compileUnique(rules);
    const lines = [`# ${header('_redirects', exact.length + patterns.length)}`, '# Netlify and Cloudflare Pages read this file; they match paths case-sensitively.'];
    for (const c of [...exact, ...patterns]) lines.push(`${c.from}  ${targetWithNames(c)}  ${c.status}`);
    return lines.join('\n') + '\n';
  },
};
