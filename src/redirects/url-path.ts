// What a valid URL path is (RFC 3986 `pchar`, plus non-ASCII text as in IRIs), how it decodes, and how it is
// written into a Location. The servers compare paths decoded (nginx `$uri`, Apache's URL-path, Caddy's `{path}`),
// so the validator checks the decoded text too: a `%2e%2e` is a `..` segment there.

/** Characters a path may hold as written, besides `%XX` escapes and non-ASCII text (RFC 3986 unreserved, sub-delims, `:`, `@`, `/`). */
const PATH_ASCII = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;
/** Non-ASCII text a path may hold as written: letters, marks, digits, punctuation and symbols (no spaces, controls or invisible format characters). */
const TEXT = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
const PLAIN = /^[A-Za-z0-9\-._~/]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Which part of a URL a text is: a query or a fragment may also hold `?`. */
export type UrlPart = 'path' | 'query' | 'fragment';

/** A character that may not stand as written in a URL part, and where it is. */
export interface BadChar {
  char: string;
  index: number;
}

/**
 * The characters of `s` that a URL `part` may not hold as written (space, controls, quotes, `<>\^`{|}`, `#`, `[ ]`,
 * a `%` without two hex digits, and `?` in a path), each once, with the index of the first; `extra` allows more.
 */
export function invalidChars(s: string, part: UrlPart, extra: (ch: string) => boolean = () => false): BadChar[] {
  const bad: BadChar[] = [];
  if (PLAIN.test(s)) return bad; // the common case, without a test per character
  for (let i = 0; i < s.length; i++) {
    const ch = String.fromCodePoint(s.codePointAt(i)!);
    const ok = PATH_ASCII.test(ch) || (part !== 'path' && ch === '?') || (ch === '%' && HEX2.test(s.slice(i + 1, i + 3))) || (ch.codePointAt(0)! > 0x7f && TEXT.test(ch)) || extra(ch);
    if (!ok && !bad.some((b) => b.char === ch)) bad.push({ char: ch, index: i });
    i += ch.length - 1;
  }
  return bad;
}

/** Percent-decodes `%XX` escapes as UTF-8; null when the escaped bytes are not UTF-8. Other text is kept. */
export function decodeUrlPart(s: string): string | null {
  if (!s.includes('%')) return s;
  let out = '';
  let bytes: number[] = [];
  const flush = (): boolean => {
    if (bytes.length === 0) return true;
    try {
      out += utf8.decode(new Uint8Array(bytes));
    } catch {
      return false;
    }
    bytes = [];
    return true;
  };
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && HEX2.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    if (!flush()) return null;
    out += s[i];
  }
  return flush() ? out : null;
}

/** Characters kept as they are in a Location, per part (everything else is percent-encoded as UTF-8). */
const KEEP: Record<UrlPart, RegExp> = {
  path: /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/,
  query: /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/,
  fragment: /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/,
};

/**
 * Writes a URL part as every server sends it in a Location and as browsers request it: valid `%XX` escapes are
 * kept (hex in upper case; an escaped letter, digit or `-._~` is decoded), RFC 3986 path characters stay, anything
 * else (non-ASCII text included) is encoded as UTF-8 `%XX`. Idempotent.
 */
export function encodeUrlPart(s: string, part: UrlPart): string {
  const keep = KEEP[part];
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '%' && HEX2.test(s.slice(i + 1, i + 3))) {
      const byte = String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      // an escaped letter, digit or `-._~` means the character itself (RFC 3986, 6.2.2.2)
      out += /[A-Za-z0-9\-._~]/.test(byte) ? byte : '%' + s.slice(i + 1, i + 3).toUpperCase();
      i += 2;
    } else if (keep.test(ch)) out += ch;
    else {
      const cp = s.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of encoder.encode(String.fromCodePoint(cp))) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
    }
  }
  return out;
}

/** The UTF-8 bytes of a character as `%XX` escapes (upper-case hex). */
export function percentBytes(ch: string): string {
  let out = '';
  for (const b of encoder.encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  return out;
}

/** A path split into path, query (without `?`) and fragment (without `#`), at the first `?` and `#`. */
export function splitUrl(s: string): { path: string; query: string | null; fragment: string | null } {
  const hash = s.indexOf('#');
  const beforeHash = hash === -1 ? s : s.slice(0, hash);
  const q = beforeHash.indexOf('?');
  return {
    path: q === -1 ? beforeHash : beforeHash.slice(0, q),
    query: q === -1 ? null : beforeHash.slice(q + 1),
    fragment: hash === -1 ? null : s.slice(hash + 1),
  };
}

/** Why a decoded path could change meaning on a server (a control character, a backslash, an empty, `.` or `..` segment), and what to do. */
export function decodedPathProblem(decoded: string): { what: string; hint: string } | null {
  const ctl = /[\u0000-\u001f\u007f-\u009f]/.exec(decoded);
  if (ctl) return { what: `a control character (U+${ctl[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`, hint: 'servers get it decoded, where it can end a header or a config line: remove it' };
  if (decoded.includes('\\')) return { what: 'a backslash', hint: 'browsers read `\\` as `/`: write `/`' };
  const segs = decoded.split('/').slice(1);
  if (segs.length > 0 && segs[segs.length - 1] === '') segs.pop();
  if (segs.some((s) => s === '.' || s === '..')) return { what: 'a `.` or `..` segment', hint: 'servers and browsers resolve it, so the path would point elsewhere: write the path it stands for' };
  if (segs.some((s) => s === '')) return { what: 'an empty segment (`//`)', hint: 'servers merge `//`, and browsers read `//host` as another site: remove it' };
  return null;
}
