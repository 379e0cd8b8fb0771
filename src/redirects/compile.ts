import { encodePathPart, escapeRegex, lowerAscii } from './encode.js';
import { REDIRECT_STATUSES, type RedirectRule, type RedirectStatus } from './types.js';

/** A piece of a source path: literal text, a `:name` segment, or the trailing `*` splat. */
export type FromPart = { lit: string } | { param: string } | { splat: true };

/** A piece of a target: literal (already encoded) text or the number of a capture (1-based). */
export type ToPart = string | number;

/** A rule reduced to what every format needs; literals are percent-encoded so nothing can inject. */
export interface CompiledRule {
  rule: RedirectRule;
  kind: 'exact' | 'pattern';
  /** Exact: the encoded source; pattern: the source in `:name` / `*` syntax with encoded literals. */
  from: string;
  /** Exact only: lower-cased source without its trailing slash, the lookup key. */
  key: string;
  fromParts: FromPart[];
  /** Pattern only: anchored regex source, to be used case-insensitively. */
  regex: string;
  /** Capture names, in order (`splat` for the splat). */
  names: string[];
  toParts: ToPart[];
  status: RedirectStatus;
}

/** Placeholder names accepted in a source segment. */
export const PARAM_NAME = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
/** nginx numbers captures $1..$9 only. */
export const MAX_CAPTURES = 9;

/** The key a path is looked up by: ASCII lower case, one trailing slash dropped (the slash-toggled twin matches). */
export function redirectKey(pathname: string): string {
  const lower = lowerAscii(pathname);
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** Splits a source into literal, placeholder and splat parts (no validation: invalid bits stay literal). */
export function parseSource(from: string): FromPart[] {
  const src = from.startsWith('/') ? from : '/' + from;
  const trailing = src.length > 1 && src.endsWith('/');
  const segs = (trailing ? src.slice(0, -1) : src).split('/').slice(1);
  const parts: FromPart[] = [];
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
  return mergeLiterals(parts);
}

function mergeLiterals(parts: FromPart[]): FromPart[] {
  const out: FromPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if ('lit' in p && last && 'lit' in last) last.lit += p.lit;
    else out.push('lit' in p ? { lit: p.lit } : p);
  }
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
  if (typeof f === 'string' && typeof t === 'string' && PLAIN_PATH.test(f) && (PLAIN_PATH.test(t) || PLAIN_URL.test(t)) && (REDIRECT_STATUSES as readonly number[]).includes(rule.status)) {
    return { rule, kind: 'exact', from: f, key: redirectKey(f), fromParts: [{ lit: f }], regex: '', names: NO_NAMES, toParts: [t], status: rule.status };
  }
  const status = (REDIRECT_STATUSES as readonly number[]).includes(rule.status) ? rule.status : 301;
  const rawParts = parseSource(String(rule.from ?? ''));
  const fromParts: FromPart[] = rawParts.map((p) => ('lit' in p ? { lit: encodePathPart(p.lit) } : p));
  const names = fromParts.flatMap((p) => ('param' in p ? [p.param] : 'splat' in p ? ['splat'] : []));
  const kind = names.length > 0 ? 'pattern' : 'exact';
  const from = fromParts.map((p) => ('lit' in p ? p.lit : 'param' in p ? ':' + p.param : '/*')).join('');
  return {
    rule,
    kind,
    from,
    key: kind === 'exact' ? redirectKey(from) : '',
    fromParts,
    regex: kind === 'pattern' ? patternRegex(fromParts) : '',
    names,
    toParts: compileTarget(String(rule.to ?? ''), names),
    status: status as RedirectStatus,
  };
}

/** `^...$` for a pattern: `:name` → `([^/]+)`, `/*` → `(?:/(?:([^/].*))?)?`, trailing slash optional. */
function patternRegex(parts: FromPart[]): string {
  let re = '^';
  for (const p of parts) {
    if ('lit' in p) re += escapeRegex(lowerAscii(p.lit));
    else if ('param' in p) re += '([^/]+)';
    // the splat never starts with a slash: `/old//evil.example` must not become `//evil.example`
    else re += '(?:/(?:([^/].*))?)?';
  }
  const last = parts[parts.length - 1]!;
  if (!('splat' in last)) {
    if (re.endsWith('/')) re = re.slice(0, -1);
    re += '/?';
  }
  return re + '$';
}

/**
 * Splits a target into encoded literals and capture numbers. Forces it to be a same-site path
 * (`/...`, never `//host` or `/\host`) or an absolute http(s) URL, so no format can be turned into an open redirect
 * by hostile text.
 */
export function compileTarget(to: string, names: readonly string[]): ToPart[] {
  let prefix = '';
  let rest = to;
  const abs = /^(https?):\/\/([^/?#\\]*)(.*)$/is.exec(to);
  if (abs) {
    prefix = `${abs[1]!.toLowerCase()}://${encodePathPart(abs[2]!).replace(/\//g, '%2F') || 'invalid'}`;
    rest = abs[3]!;
    if (rest && !rest.startsWith('/')) rest = '/' + rest;
  } else if (!rest.startsWith('/')) rest = '/' + rest;
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
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    const idx = names.indexOf(m[1]!);
    if (idx === -1) continue;
    push(encodePathPart(rest.slice(pos, m.index)));
    parts.push(idx + 1);
    pos = m.index + m[0].length;
  }
  push(encodePathPart(rest.slice(pos)));
  // never a protocol-relative path: `//evil.example` would leave the site
  if (!prefix && typeof parts[0] === 'string') parts[0] = parts[0].replace(/^\/\/+/, (s) => '/' + '%2F'.repeat(s.length - 1));
  if (!prefix && typeof parts[0] !== 'string') parts.unshift('/');
  return parts;
}

/** Renders target parts with a function for captures. */
export function renderTarget(parts: readonly ToPart[], capture: (n: number) => string): string {
  let out = '';
  for (const p of parts) out += typeof p === 'string' ? p : capture(p);
  return out;
}
