// Percent-encoding that makes any string safe to paste into every server format: after it, a path holds only
// `A-Z a-z 0-9 - . _ ~ / %XX` (plus `:` and `*` where the caller keeps them), so no space, quote, `;`, `{`, `#`,
// `?`, `$`, backslash, newline or non-ASCII byte can reach an nginx, Apache, Caddy or `_redirects` line.

const SAFE = /^[A-Za-z0-9._~\-/]*$/;
const encoder = new TextEncoder();

/**
 * Percent-encodes every character outside the strict path set; keeps valid `%XX` escapes as they are
 * and the characters listed in `keep` (e.g. ':' for placeholders).
 */
export function encodePathPart(s: string, keep = ''): string {
  if (SAFE.test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (/[A-Za-z0-9._~\-/]/.test(ch) || (keep && keep.includes(ch))) out += ch;
    else if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) out += '%';
    else {
      // whole code point (surrogate pairs); lone surrogates become U+FFFD through TextEncoder
      const cp = s.codePointAt(i)!;
      const char = String.fromCodePoint(cp);
      if (cp > 0xffff) i++;
      for (const b of encoder.encode(char)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
    }
  }
  return out;
}

/** ASCII-only lower case, exactly what nginx's `ngx_hash_strlow` does to a map key and a request path. */
export function lowerAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/** Escapes a literal for a PCRE/JS regular expression. */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\\\//g, '/');
}
