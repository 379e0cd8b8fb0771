// Small text helpers of the exporters. Paths are encoded by url-path.ts (encodeUrlPart); this one writes a host.

const SAFE = /^[A-Za-z0-9._~\-/]*$/;
const encoder = new TextEncoder();

/**
 * Percent-encodes every character outside `A-Z a-z 0-9 - . _ ~ /`, keeping valid `%XX` escapes and the characters
 * listed in `keep`: what is left can be pasted into any server format.
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
