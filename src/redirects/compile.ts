import { defaults } from '../config/index.js';
import { canonicalPathKey } from './browser-match.js';
import { encodePathPart, lowerAscii } from './encode.js';
import { PARAM_REGEX, rawLiteralRegex, SPLAT_REGEX, type RegexDialect } from './pattern-regex.js';
import { decodeUrlPart, encodeUrlPart, percentBytes, splitUrl } from './url-path.js';
import { REDIRECT_STATUSES, type RedirectRule, type RedirectStatus } from './types.js';

/**
 * A piece of a source path: literal text (`lit` as written, with its escapes normalised; `text` decoded), a
 * `:name` segment, or the trailing `*` splat.
 */
export type FromPart = { lit: string; text: string } | { param: string } | { splat: true };

/** A piece of a target path: literal (already encoded) text or the number of a capture (1-based). */
export type ToPart = string | number;

/** A rule reduced to what every format needs; literals are percent-encoded so nothing can inject. */
export interface CompiledRule {
  rule: RedirectRule;
  kind: 'exact' | 'pattern';
  /** The source as browsers send it (escapes normalised, non-ASCII encoded), in `:name` / `*` syntax. */
  from: string;
  /** The canonical source (canonicalPathKey; patterns with `:` for every placeholder): equal keys are one source. */
  key: string;
  fromParts: FromPart[];
  /** Pattern only: anchored JS regex source on the path as sent, to be used case-insensitively. */
  regex: string;
  /** Capture names, in order (`splat` for the splat). */
  names: string[];
  /** The target's origin (`https://host`) and path, encoded. */
  toParts: ToPart[];
  /** The target's query (without `?`) and fragment (without `#`), encoded; null when it has none. */
  toQuery: string | null;
  toFragment: string | null;
  status: RedirectStatus;
}

/** Placeholder names accepted in a source segment. */
export const PARAM_NAME = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
/** nginx numbers captures $1..$9 only. */
export const MAX_CAPTURES = 9;

/** Splits a source into literal, placeholder and splat parts (no validation: invalid bits stay literal). */
export function parseSource(from: string): FromPart[] {
  const src = from.startsWith('/') ? from : '/' + from;
  const trailing = src.length > 1 && src.endsWith('/');
  const segs = (trailing ? src.slice(0, -1) : src).split('/').slice(1);
  const parts: Array<{ lit: string } | { param: string } | { splat: true }> = [];
  let captures = 0;
  segs.forEach((seg, i) => {
    const m = PARAM_NAME.exec(seg);
    if (seg === '*' && i === segs.length - 1 && !trailing && captures < MAX_CAPTURES) {
      parts.push({ splat: true });
      captures++;
    } else if (m && captures < MAX_CAPTURES) {
      parts.push({ lit: '/' }, { param: m[1]! });
      captures++;
    } else {
      parts.push({ lit: '/' + seg });
    }
  });
  if (trailing || parts.length === 0) parts.push({ lit: '/' });
  const out: FromPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if ('lit' in p && last && 'lit' in last) last.lit += p.lit;
    else out.push('lit' in p ? { lit: p.lit, text: '' } : p);
  }
  for (const p of out) if ('lit' in p) p.text = decodeUrlPart(p.lit) ?? p.lit;
  return out;
}

const cache = new WeakMap<RedirectRule, { from: string; to: string; status: number; compiled: CompiledRule }>();

/** Compiles one rule for the exporters and matchers (memoised per rule object). Pure; never throws on hostile input. */
export function compileRule(rule: RedirectRule): CompiledRule {
  const hit = cache.get(rule);
  // a rule object edited after compiling is compiled again
  if (hit && hit.from === rule.from && hit.to === rule.to && hit.status === rule.status) return hit.compiled;
  const compiled = compileRuleUncached(rule);
  cache.set(rule, { from: rule.from, to: rule.to, status: rule.status, compiled });
  return compiled;
}

const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9._~\-/]*$/;
const PLAIN_URL = /^https:\/\/[A-Za-z0-9.-]+(?:\/[A-Za-z0-9._~\-/]*)?$/;
const NO_NAMES: string[] = [];

function compileRuleUncached(rule: RedirectRule): CompiledRule {
  // fast path for the common case (an exact, plain source and a plain target): same result, far fewer allocations
  const f = rule.from;
  const t = rule.to;
  const valid = (REDIRECT_STATUSES as readonly number[]).includes(rule.status);
  if (typeof f === 'string' && typeof t === 'string' && PLAIN_PATH.test(f) && !f.includes('//') && !/\/\.\.?(\/|$)/.test(f) && (PLAIN_PATH.test(t) || PLAIN_URL.test(t)) && valid) {
    const key = lowerAscii(f.length > 1 && f.endsWith('/') ? f.slice(0, -1) : f);
    return { rule, kind: 'exact', from: f, key, fromParts: [{ lit: f, text: f }], regex: '', names: NO_NAMES, toParts: [t], toQuery: null, toFragment: null, status: rule.status };
  }
  const status = valid ? rule.status : defaults.REDIRECT_DEFAULT_STATUS;
  const fromParts = parseSource(String(rule.from ?? ''));
  const names = fromParts.flatMap((p) => ('param' in p ? [p.param] : 'splat' in p ? ['splat'] : []));
  const kind = names.length > 0 ? 'pattern' : 'exact';
  const from = fromParts.map((p) => ('lit' in p ? encodeUrlPart(p.lit, 'path') : 'param' in p ? ':' + p.param : '/*')).join('');
  const target = compileTarget(String(rule.to ?? ''), names);
  return {
    rule,
    kind,
    from,
    key: sourceKey(fromParts),
    fromParts,
    regex: kind === 'pattern' ? patternRegex(fromParts, 'js') : '',
    names,
    ...target,
    status: status as RedirectStatus,
  };
}

/** The canonical key of a parsed source: its decoded path as the servers compare it, placeholders as `:`. */
function sourceKey(parts: readonly FromPart[]): string {
  const text = parts.map((p) => ('lit' in p ? p.text : 'param' in p ? ':' : '/*')).join('');
  // a hostile source may not decode or normalise: its own lower-cased text keeps it apart from every other
  return canonicalPathKey(text, true) ?? lowerAscii(text);
}

/**
 * `^...$` for a pattern on the path as sent: `:name` → PARAM_REGEX, `/*` → SPLAT_REGEX, a trailing slash optional,
 * literals as rawLiteralRegex writes them for the dialect. Used case-insensitively (`~*`, `[NC]`, `(?i)`, `i`).
 */
export function patternRegex(parts: readonly FromPart[], dialect: RegexDialect): string {
  let re = '^';
  const last = parts[parts.length - 1]!;
  parts.forEach((p, i) => {
    if ('lit' in p) {
      // the trailing slash is optional: written once, after the loop
      const text = i === parts.length - 1 && parts.length > 1 && p.text.endsWith('/') ? p.text.slice(0, -1) : p.text;
      re += rawLiteralRegex(text, dialect);
    } else if ('param' in p) re += PARAM_REGEX;
    else re += SPLAT_REGEX;
  });
  if (!('splat' in last)) re += '/?';
  return re + '$';
}

/**
 * Splits a target into its encoded origin and path (literals and capture numbers), query and fragment. Forces it to
 * be a same-site path (`/...`, never `//host` or `/\host`) or an absolute http(s) URL, so no format can be turned
 * into an open redirect by hostile text. Placeholders fill the path only.
 */
export function compileTarget(to: string, names: readonly string[]): Pick<CompiledRule, 'toParts' | 'toQuery' | 'toFragment'> {
  let prefix = '';
  let rest = to;
  const abs = /^(https?):\/\/([^/?#\\]*)(.*)$/is.exec(to);
  if (abs) {
    prefix = `${abs[1]!.toLowerCase()}://${encodePathPart(abs[2]!).replace(/\//g, '%2F') || 'invalid'}`;
    rest = abs[3]!;
    if (rest && !/^[/?#]/.test(rest)) rest = '/' + rest;
  } else if (!rest.startsWith('/')) rest = '/' + rest;
  const { path, query, fragment } = splitUrl(rest);
  const parts: ToPart[] = [];
  const push = (lit: string) => {
    if (!lit) return;
    const last = parts[parts.length - 1];
    if (typeof last === 'string') parts[parts.length - 1] = last + lit;
    else parts.push(lit);
  };
  push(prefix);
  const re = /:([A-Za-z_][A-Za-z0-9_]*)/g;
  let pos = 0;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    const idx = names.indexOf(m[1]!);
    if (idx === -1) continue;
    push(encodeTarget(path.slice(pos, m.index), 'path'));
    parts.push(idx + 1);
    pos = m.index + m[0].length;
  }
  push(encodeTarget(path.slice(pos), 'path'));
  // never a protocol-relative path: `//evil.example` would leave the site
  if (!prefix && typeof parts[0] === 'string') parts[0] = parts[0].replace(/^\/\/+/, (s) => '/' + '%2F'.repeat(s.length - 1));
  if (!prefix && typeof parts[0] !== 'string') parts.unshift('/');
  // a literal `:name` in a pattern's target (written `:%61`) must not read as a placeholder in `_redirects` or
  // vercel.json once encodeUrlPart decodes the letter: its first letter stays escaped, for every host alike
  const guard = names.length > 0 ? (s: string) => s.replace(/:([A-Za-z_])/g, (_, ch: string) => ':' + percentBytes(ch)) : (s: string) => s;
  // vercel.json reads `:` + a letter, digit or `_` in any target path as a placeholder, and Vercel refuses the whole
  // file when the source has no such one (`:1xn`): in the path that character stays escaped, for every host alike
  const pathGuard = (s: string) => s.replace(/:([A-Za-z0-9_])/g, (_, ch: string) => ':' + percentBytes(ch));
  return {
    toParts: parts.map((p) => (typeof p === 'string' ? pathGuard(p) : p)),
    toQuery: query ? guard(encodeTarget(query, 'query')) : null,
    toFragment: fragment ? guard(encodeTarget(fragment, 'fragment')) : null,
  };
}

/**
 * A part of a target as every host sends it: encodeUrlPart, `'` as `%27` (Vercel's routing code escapes it in a
 * pattern's target; servers decode it to the same file, anchors match it decoded), and `(` `)` in the path as
 * `%28` `%29`.
 */
function encodeTarget(s: string, part: 'path' | 'query' | 'fragment'): string {
  const out = encodeUrlPart(s, part).replace(/'/g, '%27');
  // vercel.json reads `(…)` in a target path as a regex group and refuses the file: `(` `)` as `%28` `%29` everywhere
  return part === 'path' ? out.replace(/\(/g, '%28').replace(/\)/g, '%29') : out;
}

/** Renders target path parts with a function for captures. */
export function renderTarget(parts: readonly ToPart[], capture: (n: number) => string): string {
  let out = '';
  for (const p of parts) out += typeof p === 'string' ? p : capture(p);
  return out;
}

/** The whole target (path, `?query`, `#fragment`) with a function for captures: what a host that keeps the query itself is given. */
export function renderFullTarget(c: Pick<CompiledRule, 'toParts' | 'toQuery' | 'toFragment'>, capture: (n: number) => string): string {
  return renderTarget(c.toParts, capture) + (c.toQuery !== null ? '?' + c.toQuery : '') + (c.toFragment !== null ? '#' + c.toFragment : '');
}
