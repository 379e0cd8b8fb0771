// fast-check arbitraries over the whole valid URL path space: letters, RFC 3986 reserved characters, non-ASCII
// text and percent-escapes, in sources (with placeholders and splats) and targets (with queries and fragments).
// Every generated token carries its spellings, so a test knows the answer without asking docsgen's encoder:
// `written` (as in the YAML), `sent` (as a browser sends it), and the other spellings a client may send.
import fc from 'fast-check';
import type { RedirectRule, RedirectStatus } from '../../src/redirects/index.js';
import { rule } from './hostile.js';

/** One character of a path, in its spellings. */
export interface Token {
  /** As written in the YAML. */
  written: string;
  /** As a browser sends it (non-ASCII and escapes in upper-case UTF-8 `%XX`). */
  sent: string;
  /** Other spellings of the same request: raw bytes, lower-case hex, an escaped reserved character. */
  alternatives: string[];
}

const hex = (s: string) => [...new TextEncoder().encode(s)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
const t = (written: string, sent: string, alternatives: string[] = []): Token => ({ written, sent, alternatives });

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~.').map((c) => t(c, c));
// reserved characters that stand as they are in a path; a client may also send them escaped
const reserved = fc.constantFrom(...'!$&\'()+,;=@:').map((c) => t(c, c, [hex(c)]));
// non-ASCII text, written as is: browsers send UTF-8 escapes, curl may send raw bytes
const text = fc.constantFrom('é', 'ï', 'ß', 'ñ', 'ж', '日', '本', '€', '😀').map((c) => t(c, hex(c), [c, hex(c).toLowerCase()]));
// characters that only exist escaped in a path, written escaped
const escaped = fc.constantFrom(' ', '"', '#', '%', '<', '>', '?', '[', ']', '^', '`', '{', '|', '}', 'é', '€').map((c) => t(hex(c), hex(c), [hex(c).toLowerCase()]));
// an escaped letter is the letter (RFC 3986 6.2.2.2): written escaped, sent plain (a client may send it escaped:
// exact sources, compared decoded, still match; pattern literals match letters only as themselves)
const escapedLetter = fc.constantFrom('a', 'Z', '7', '-').map((c) => t(hex(c), c, [hex(c)]));

const token = fc.oneof({ arbitrary: letters, weight: 6 }, { arbitrary: reserved, weight: 2 }, { arbitrary: text, weight: 2 }, { arbitrary: escaped, weight: 2 }, { arbitrary: escapedLetter, weight: 1 });

/** A path segment: 1-6 tokens, never a placeholder (`:` first), a splat (`*`), or `.`/`..` once decoded. */
export const segment: fc.Arbitrary<Token[]> = fc
  .array(token, { minLength: 1, maxLength: 6 })
  .filter((ts) => !ts[0]!.written.startsWith(':') && !['.', '..', '%2E', '%2E.', '.%2E', '%2E%2E'].includes(ts.map((x) => x.written).join('')));

/** Target text never holds `:name` but as a placeholder (Netlify, Vercel and docsgen read it so). */
const noPlaceholder = (ts: readonly Token[]) => !/:[A-Za-z_]/.test(ts.map((x) => x.written).join(''));
const targetSegment = segment.filter(noPlaceholder);

/** Query or fragment text: tokens, `/` and `?` too, no `#` of its own. */
const queryToken = fc.oneof({ arbitrary: letters, weight: 5 }, { arbitrary: reserved, weight: 2 }, { arbitrary: text, weight: 1 }, { arbitrary: fc.constantFrom(t('/', '/'), t('?', '?'), t('%20', '%20'), t('%23', '%23')), weight: 1 });
const queryText = fc.array(queryToken, { minLength: 1, maxLength: 6 }).filter(noPlaceholder);

/** A generated redirect and what the test needs to ask for it. */
export interface GeneratedRule {
  rule: RedirectRule;
  kind: 'exact' | 'pattern';
  /** The literal segments of the source, then (pattern) the placeholder and the splat. */
  literal: Token[][];
  trailingSlash: boolean;
  /** The target's path segments (pattern: `:a` and `:splat` stand for captures), query and fragment. */
  target: { segments: Array<Token[] | ':a' | ':splat'>; query: Token[] | null; fragment: Token[] | null };
  status: RedirectStatus;
}

const join = (ts: readonly Token[], k: 'written' | 'sent') => ts.map((x) => x[k]).join('');

/** A valid redirect under `/documentation/`; `id` keeps the sources of one list apart. */
export function generatedRule(id: number): fc.Arbitrary<GeneratedRule> {
  return fc
    .record({
      kind: fc.constantFrom<'exact' | 'pattern'>('exact', 'exact', 'pattern'),
      literal: fc.array(segment, { minLength: 1, maxLength: 2 }),
      trailingSlash: fc.boolean(),
      targetSegments: fc.array(targetSegment, { minLength: 1, maxLength: 2 }),
      query: fc.option(queryText, { nil: null }),
      fragment: fc.option(queryText, { nil: null }),
      status: fc.constantFrom<RedirectStatus>(301, 302, 307, 308),
      captures: fc.constantFrom<Array<':a' | ':splat'>>([':a'], [':splat'], [':a', ':splat'], [':splat', ':a']),
    })
    .map((g) => {
      const marker = [t(`r${id}`, `r${id}`)];
      const literal = [marker, ...g.literal];
      const pattern = g.kind === 'pattern';
      const from = '/documentation/' + literal.map((s) => join(s, 'written')).join('/') + (pattern ? '/:a/*' : g.trailingSlash ? '/' : '');
      const segments: GeneratedRule['target']['segments'] = [[t(`t${id}`, `t${id}`)], ...g.targetSegments, ...(pattern ? g.captures : [])];
      const to =
        '/documentation/' + segments.map((s) => (typeof s === 'string' ? s : join(s, 'written'))).join('/') + '/' +
        (g.query ? '?' + join(g.query, 'written') : '') + (g.fragment ? '#' + join(g.fragment, 'written') : '');
      return { rule: rule(from, to, g.status), kind: g.kind, literal, trailingSlash: pattern ? false : g.trailingSlash, target: { segments, query: g.query, fragment: g.fragment }, status: g.status };
    });
}

/** A list of 1-`max` generated redirects with distinct sources. */
export function generatedRules(max: number): fc.Arbitrary<GeneratedRule[]> {
  return fc.integer({ min: 1, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => generatedRule(i))));
}

/** One request for a generated rule, and the Location every host that supports it must answer with. */
export interface GeneratedRequest {
  request: string;
  status: number;
  location: string;
  /** Spelled as written (case and encoding), with or without the slash: hosts that compare the path as sent match it. */
  asWritten: boolean;
  /** Only ASCII case differs from as written (a static host's lower-case twin may match). */
  lowerCaseOnly: boolean;
  /** Another spelling of the same decoded path (a static host finds the same file). */
  sameFile: boolean;
}

/**
 * Target text as hosts send it: `'` as `%27`, and in a pattern's target a literal colon-letter (written `:%61`) keeps
 * the letter escaped, or `_redirects` and vercel.json would read `:a` as the placeholder.
 */
function sentTargetText(g: GeneratedRule, ts: readonly Token[], part: 'path' | 'query' | 'fragment' = 'path'): string {
  const text = join(ts, 'sent').replace(/'/g, '%27');
  // in a path, vercel.json also reads `:1` as a placeholder (and refuses the file): the digit stays escaped too
  // and `(…)` as a regex group: `(` `)` go as `%28` `%29`
  if (part === 'path') return text.replace(/:([A-Za-z0-9_])/g, (_, ch: string) => ':' + hex(ch)).replace(/\(/g, '%28').replace(/\)/g, '%29');
  return g.kind === 'pattern' ? text.replace(/:([A-Za-z_])/g, (_, ch: string) => ':' + hex(ch)) : text;
}

/** A target's own text as hosts send it, captures as `:a` and `:splat` (what a host fills in at run time). */
export function targetTemplate(g: GeneratedRule): string {
  const sent = (ts: readonly Token[], part?: 'query' | 'fragment') => sentTargetText(g, ts, part);
  const path = g.target.segments.map((s) => (typeof s === 'string' ? s : sent(s))).join('/');
  return `/documentation/${path}/` + (g.target.query ? '?' + sent(g.target.query, 'query') : '') + (g.target.fragment ? '#' + sent(g.target.fragment, 'fragment') : '');
}

/** ASCII letters flipped, escapes (`%XX`) untouched. */
function flipCase(s: string): string {
  return s.replace(/%[0-9A-Fa-f]{2}|[A-Za-z]/g, (m) => (m.length === 3 ? m : m === m.toLowerCase() ? m.toUpperCase() : m.toLowerCase()));
}

/** Requests for a rule: as a browser sends it, in other cases and spellings, with a query; each with its answer. */
export function requestsFor(g: GeneratedRule, variant: { query: string; spelling: number; capture: Token[][] }): GeneratedRequest[] {
  const sentLiteral = g.literal.map((s) => join(s, 'sent')).join('/');
  // another spelling of the literal: each token's first alternative where it has one
  const usable = (x: Token) => (g.kind === 'pattern' ? x.alternatives.filter((a) => !/^%[0-9A-F]{2}$/i.test(a) || !/[A-Za-z0-9\-._~]/.test(decodeURIComponent(a))) : x.alternatives);
  const otherLiteral = g.literal.map((s) => s.map((x, i) => (usable(x).length && (i + variant.spelling) % 2 === 0 ? usable(x)[variant.spelling % usable(x).length]! : x.sent)).join('')).join('/');
  const captureSent = variant.capture.map((s) => join(s, 'sent'));
  const tail = g.kind === 'pattern' ? `/${captureSent[0]}/${captureSent.slice(1).join('/')}` : g.trailingSlash ? '/' : '';
  const path = (lit: string) => `/documentation/${lit}${tail}`;
  // a target's own `'` is sent as `%27` (what a capture holds stays as the request sent it)
  const sentTarget = (ts: readonly Token[], part?: 'query' | 'fragment') => sentTargetText(g, ts, part);
  const targetPath = '/documentation/' + g.target.segments.map((s) => (s === ':a' ? captureSent[0]! : s === ':splat' ? captureSent.slice(1).join('/') : sentTarget(s))).join('/') + '/';
  const tq = g.target.query ? sentTarget(g.target.query, 'query') : null;
  const rq = variant.query;
  const query = tq !== null ? '?' + tq + (rq ? '&' + rq : '') : rq ? '?' + rq : '';
  const location = targetPath + query + (g.target.fragment ? '#' + sentTarget(g.target.fragment, 'fragment') : '');
  const q = rq ? '?' + rq : '';
  const slashToggled = (p: string) => (g.kind === 'exact' ? (p.endsWith('/') ? p.slice(0, -1) : p + '/') : p);
  const out: GeneratedRequest[] = [
    { request: path(sentLiteral) + q, status: g.status, location, asWritten: true, lowerCaseOnly: false, sameFile: true },
    { request: slashToggled(path(sentLiteral)) + q, status: g.status, location, asWritten: true, lowerCaseOnly: false, sameFile: true },
    { request: path(flipCase(sentLiteral)).replace('/documentation/', '/DOCUMENTATION/') + q, status: g.status, location, asWritten: false, lowerCaseOnly: false, sameFile: false },
  ];
  if (otherLiteral !== sentLiteral) out.push({ request: path(otherLiteral) + q, status: g.status, location, asWritten: false, lowerCaseOnly: false, sameFile: true });
  if (sentLiteral.toLowerCase() !== sentLiteral) out.push({ request: path(sentLiteral.toLowerCase()) + q, status: g.status, location, asWritten: false, lowerCaseOnly: true, sameFile: false });
  return out;
}

/** Captures for a pattern's request: one segment for `:a`, then 0-2 segments for the splat. */
export const captureSegments: fc.Arbitrary<Token[][]> = fc.tuple(segment, fc.array(segment, { maxLength: 2 })).map(([a, rest]) => [a, ...rest]);

/** Request query strings, as sent. */
export const requestQuery = fc.constantFrom('', 'a=1', 'x=%20y&z', 'q=%C3%A9&p=a%2Fb', 'k=1&k=2');
