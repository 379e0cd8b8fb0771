// Regular expressions for the servers that compile them: JS (browser, serve), PCRE (nginx, Apache) and Go (Caddy).
// Only ASCII letters, digits, `/`, `^$?()[]|:*` and `\x` escapes appear in the output, so a regex can be pasted
// into any config line without quoting problems; every literal character is written as an escape.
import { percentBytes } from './url-path.js';

/** Which engine a regex is for: they differ in how a non-ASCII character is written. */
export type RegexDialect = 'js' | 'pcre' | 'go';

/**
 * What a `:name` placeholder captures: one non-empty segment that does not start with `\` (browsers read `/\` as
 * `//`). Never a `?`: a path as sent has none, and Caddy matches the path with its query.
 */
export const PARAM_CAPTURE = '[^/?\\\\][^/?]*';
/** What the trailing `/*` splat captures after its `/`: the rest, which never starts with `/` or `\` (nor holds `?`). */
export const SPLAT_CAPTURE = '[^/?\\\\][^?]*';
/** A `:name` placeholder. */
export const PARAM_REGEX = `(${PARAM_CAPTURE})`;
/** The trailing `/*` splat: nothing, or `/` and the rest. */
export const SPLAT_REGEX = `(?:/(?:(${SPLAT_CAPTURE}))?)?`;

const PLAIN = /[A-Za-z0-9_~-]/;

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, '0');
}

/**
 * A literal (decoded text) to match in a path **as sent** (still percent-encoded): letters, digits, `-._~` and `/`
 * as they are; any other ASCII character raw or as `%XX`; non-ASCII text as its UTF-8 `%XX` escapes (and, for
 * PCRE and Go, which see raw request bytes, also raw). Hex case is left to the case-insensitive flag.
 */
export function rawLiteralRegex(text: string, dialect: RegexDialect): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (PLAIN.test(ch) || ch === '/') out += ch;
    else if (ch === '.') out += '\\.';
    else if (ch === '%') out += '%25';
    else if (cp < 0x80) out += `(?:\\x${hex(cp)}|%${hex(cp)})`;
    else if (dialect === 'js') out += percentBytes(ch);
    else if (dialect === 'pcre') out += `(?:${percentBytes(ch).replace(/%/g, '\\x')}|${percentBytes(ch)})`;
    else out += `(?:(?-i:\\x{${cp.toString(16).toUpperCase()}})|${percentBytes(ch)})`;
  }
  return out;
}

/**
 * A literal (decoded text) to match in a **decoded** path (Apache's URL-path, Caddy's `{path}`): letters, digits,
 * `-_~` and `/` as they are, any other character as an escape. ASCII case is left to the flag; non-ASCII text never
 * folds (PCRE without UTF mode compares bytes; Go gets `(?-i:)`), as nginx compares it.
 */
export function decodedLiteralRegex(text: string, dialect: Exclude<RegexDialect, 'js'>): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (PLAIN.test(ch) || ch === '/') out += ch;
    else if (cp < 0x80) out += `\\x${hex(cp)}`;
    else if (dialect === 'pcre') out += percentBytes(ch).replace(/%/g, '\\x');
    else out += `(?-i:\\x{${cp.toString(16).toUpperCase()}})`;
  }
  return out;
}
