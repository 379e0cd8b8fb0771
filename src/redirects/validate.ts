import type { Diagnostic, SourceLocation } from '../diagnostics/types.js';
import { matchBrowserRedirect, browserRedirectKey } from './browser-match.js';
import { fromCompiled } from './browser-data.js';
import { redirectCodes } from './codes.js';
import { compileRule, MAX_CAPTURES, PARAM_NAME, type CompiledRule } from './compile.js';
import { CLOUDFLARE_LIMITS, MAX_CHAIN_HOPS, NETLIFY_RECOMMENDED_MAX, VERCEL_ROUTE_LIMIT } from './limits.js';
import type { RedirectRule, ValuePosition } from './types.js';

/** Options of validateRedirects. */
export interface ValidateOptions {
  /** Served paths of the built site (`/documentation/terms-of-use/`, files too); enables target and shadowing checks. */
  pagePaths?: ReadonlySet<string>;
  /** Hosts an absolute target may point to. */
  allowedHosts: readonly string[];
  /** `/documentation`: every source and internal target lives under it. */
  pathPrefix: string;
  /** Check hosting platforms' rule limits (default true). */
  hostLimits?: boolean;
}

const PATH_CHAR = /[A-Za-z0-9._~\-/]/;
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Every problem of a redirect list, each at the file:line of the entry at fault: unsafe characters, sources and
 * targets outside the prefix, bad patterns, open redirects, duplicates, conflicts, chains, loops, shadowed pages,
 * missing targets and host limits. Pure: the caller supplies the pages.
 */
export function validateRedirects(rules: readonly RedirectRule[], opts: ValidateOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  const prefix = opts.pathPrefix.replace(/\/+$/, '') + '/';
  const allowed = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  const compiled = rules.map(compileRule);
  const usable: boolean[] = rules.map((rule, i) => checkRule(rule, compiled[i]!, prefix, allowed, out));

  // duplicates and conflicts: the first entry for a source wins everywhere, later ones are reported
  const firstBySource = new Map<string, number>();
  const unique: CompiledRule[] = [];
  const uniqueIndex: number[] = [];
  compiled.forEach((c, i) => {
    if (!usable[i]) return;
    const id = c.kind === 'exact' ? 'e' + c.key : 'p' + browserRedirectKey(c.from);
    const first = firstBySource.get(id);
    if (first === undefined) {
      firstBySource.set(id, i);
      unique.push(c);
      uniqueIndex.push(i);
      return;
    }
    const a = rules[first]!;
    const b = rules[i]!;
    const same = a.to === b.to && a.status === b.status;
    out.push(diag(same ? 'DUPLICATE_SOURCE' : 'CONFLICTING_TARGETS', b,
      same ? `duplicate redirect: \`${b.from}\` is already redirected to \`${a.to}\` at ${where(a)}` : `conflicting redirect: \`${b.from}\` goes to \`${b.to}\`${b.status !== a.status ? ` (${b.status})` : ''} here but to \`${a.to}\`${b.status !== a.status ? ` (${a.status})` : ''} at ${where(a)}`,
      same ? `remove this entry: sources match ignoring case and a trailing slash, and ${where(a)} has it` : `keep one target for \`${b.from}\`: delete this entry or the one at ${where(a)}`));
  });

  const data = fromCompiled(unique);
  const exactTargetOf = (c: CompiledRule) => (c.toParts.every((p) => typeof p === 'string') ? (c.toParts as string[]).join('') : null);

  // chains and loops, on exact targets (a target with captures is followed only to spot a pattern that points at itself)
  unique.forEach((c, u) => {
    const rule = rules[uniqueIndex[u]!]!;
    const target = exactTargetOf(c);
    if (target === null) {
      const sample = c.toParts.map((p) => (typeof p === 'number' ? 'x' : p)).join('');
      if (new RegExp(c.regex, 'i').test(sample)) out.push(diag('LOOP', rule, `redirect loop: \`${rule.from}\` redirects to \`${rule.to}\`, which it matches itself`, 'point the target outside the source pattern'));
      return;
    }
    if (isExternal(target)) return;
    const startKey = c.kind === 'exact' ? c.key : null;
    if (startKey !== null && browserRedirectKey(target) === startKey) {
      out.push(diag('LOOP', rule, `redirect loop: \`${rule.from}\` redirects to itself`, 'point the target at the page that replaces this path', 'to'));
      return;
    }
    const first = matchBrowserRedirect(data, target);
    if (!first) return;
    let current = target;
    let hops = 0;
    let loops = false;
    let cycle = false;
    const visited = new Set<string>();
    for (let hop = first; hop && hops < MAX_CHAIN_HOPS; hop = matchBrowserRedirect(data, current)!) {
      const key = browserRedirectKey(current);
      if (visited.has(key)) { cycle = true; break; }
      visited.add(key);
      current = hop.location;
      hops++;
      if (isExternal(current)) break;
      if (startKey !== null && browserRedirectKey(current) === startKey) { loops = true; break; }
      if (!matchBrowserRedirect(data, current)) break;
    }
    if (loops) {
      out.push(diag('LOOP', rule, `redirect loop: \`${rule.from}\` → \`${target}\`${hops > 1 ? ' → …' : ''} → \`${rule.from}\``, 'point the target at the page that replaces this path', 'to'));
    } else {
      out.push(diag('CHAIN', rule, `redirect chain: \`${rule.from}\` → \`${target}\` → \`${first.location}\`${hops > 1 ? ` (${hops + 1} hops)` : ''}`,
        cycle ? `\`${target}\` leads into a redirect loop; fix that loop first` : `redirect straight to \`${current}\``, 'to'));
    }
  });

  if (opts.pagePaths) checkPages(rules, unique, uniqueIndex, data, opts.pagePaths, exactTargetOf, out);
  if (opts.hostLimits !== false) checkHostLimits(rules, unique, uniqueIndex, out);
  return out;
}

function checkRule(rule: RedirectRule, c: CompiledRule, prefix: string, allowed: Set<string>, out: Diagnostic[]): boolean {
  const before = out.length;
  const from = String(rule.from);
  // source characters: the strict path set, `:name` only as a whole segment, `*` only as the last segment
  const bad = unsafeChars(from, (ch) => PATH_CHAR.test(ch) || ch === ':' || ch === '*');
  if (bad) out.push(unsafe(rule, 'from', bad));
  else {
    const segs = (from.endsWith('/') ? from.slice(0, -1) : from).split('/').slice(1);
    if (!from.startsWith(prefix) && from !== prefix.slice(0, -1)) out.push(diag('OUTSIDE_PREFIX', rule, `source \`${from}\` is not under \`${prefix}\``, `sources are full served paths: write \`${prefix}${from.replace(/^\/+/, '')}\``, 'from'));
    else if (segs.some((s) => s === '' || s === '.' || s === '..')) out.push(unsafe(rule, 'from', null, 'an empty, `.` or `..` path segment'));
    const names = segs.filter((s) => PARAM_NAME.test(s)).map((s) => s.slice(1));
    const splatAt = segs.indexOf('*');
    const strayColon = segs.find((s) => s.includes(':') && !PARAM_NAME.test(s));
    if (strayColon !== undefined) out.push(diag('INVALID_PATTERN', rule, `\`${strayColon}\` in \`${from}\` is not a placeholder: \`:\` only starts a whole segment like \`:name\``, 'write placeholders as whole segments (`/documentation/old/:topic/`)', 'from'));
    else if (segs.some((s, i) => s.includes('*') && (s !== '*' || i !== segs.length - 1)) || (splatAt !== -1 && from.endsWith('/'))) out.push(diag('INVALID_PATTERN', rule, `the splat \`*\` must be the last segment of \`${from}\``, 'write the source as `/documentation/old/*` and use `:splat` in the target', 'from'));
    if (names.length + (splatAt !== -1 ? 1 : 0) > MAX_CAPTURES) out.push(diag('INVALID_PATTERN', rule, `\`${from}\` has more than ${MAX_CAPTURES} placeholders`, 'nginx numbers captures $1 to $9; split the redirect', 'from'));
    if (new Set(names).size !== names.length || names.includes('splat')) out.push(diag('INVALID_PATTERN', rule, `\`${from}\` uses a placeholder name twice (or names one \`splat\`)`, 'give each placeholder its own name', 'from'));
  }
  const to = String(rule.to);
  const abs = /^([a-z][a-z0-9+.-]*):/i.exec(to);
  if (abs || to.startsWith('//') || to.startsWith('\\') || to.startsWith('/\\')) {
    const m = /^https:\/\/([^/?#]*)(.*)$/s.exec(to);
    const host = m?.[1] ?? '';
    if (!m || !HOST.test(host) || !allowed.has(host.toLowerCase())) {
      const shown = m ? host : abs ? `${abs[1]}:` : to.slice(0, 40);
      out.push(diag('HOST_NOT_ALLOWED', rule, m ? `open redirect: host \`${shown}\` is not on the allowlist` : `open redirect: \`${to.slice(0, 60)}\` is not an https URL on an allowed host`,
        `allowed hosts: ${[...allowed].join(', ')} (config \`allowedRedirectHosts\`); targets on the site start with \`${prefix}\``, 'to'));
    } else checkTargetPath(rule, c, m[2] ?? '', to.length - (m[2] ?? '').length, out);
  } else if (!to.startsWith(prefix) && to !== prefix.slice(0, -1)) {
    const bad = unsafeChars(to, (ch) => PATH_CHAR.test(ch) || ch === ':' || ch === '%');
    if (bad) out.push(unsafe(rule, 'to', bad));
    else out.push(diag('OUTSIDE_PREFIX', rule, `target \`${to}\` is not under \`${prefix}\``, `internal targets are full served paths: write \`${prefix}${to.replace(/^\/+/, '')}\``, 'to'));
  } else checkTargetPath(rule, c, to, 0, out);
  return out.length === before || out.slice(before).every((d) => d.severity !== 'error');
}

function checkTargetPath(rule: RedirectRule, c: CompiledRule, p: string, offset: number, out: Diagnostic[]): void {
  const to = String(rule.to);
  const bad = unsafeChars(p, (ch, i) => PATH_CHAR.test(ch) || (ch === ':' && /^:[A-Za-z_]/.test(p.slice(i))) || (ch === '%' && /^%[0-9A-Fa-f]{2}/.test(p.slice(i))), offset);
  if (bad) {
    const qf = bad.chars.some((ch) => ch === '?' || ch === '#');
    out.push(unsafe(rule, 'to', bad, undefined, qf ? 'a target carries no query or fragment: the request\'s query string is kept on every redirect' : undefined));
    return;
  }
  if (p.split('/').slice(1, -1).some((s) => s === '' || s === '.' || s === '..')) {
    out.push(unsafe(rule, 'to', null, 'an empty, `.` or `..` path segment'));
    return;
  }
  for (const m of p.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (!c.names.includes(m[1]!)) {
      out.push(diag('INVALID_PATTERN', rule, `target \`${to}\` uses \`:${m[1]}\`, which the source \`${rule.from}\` does not capture`, c.names.length ? `the source captures ${c.names.map((n) => '`:' + n + '`').join(', ')}` : 'use placeholders only with a pattern source (`:name` segments or a trailing `*`)', 'to'));
    }
  }
}

function checkPages(rules: readonly RedirectRule[], unique: CompiledRule[], uniqueIndex: number[], data: ReturnType<typeof fromCompiled>, pages: ReadonlySet<string>, exactTargetOf: (c: CompiledRule) => string | null, out: Diagnostic[]): void {
  const pageByKey = new Map<string, string>();
  for (const p of pages) if (!pageByKey.has(browserRedirectKey(p))) pageByKey.set(browserRedirectKey(p), p);
  const patterns = unique.map((c, u) => ({ c, u, re: c.kind === 'pattern' ? new RegExp(c.regex, 'i') : null })).filter((x) => x.re);
  unique.forEach((c, u) => {
    const rule = rules[uniqueIndex[u]!]!;
    if (c.kind === 'exact') {
      const page = pageByKey.get(c.key);
      if (page !== undefined) out.push(diag('SHADOWS_PAGE', rule, `source \`${rule.from}\` is the page \`${page}\`: the redirect would hide it`, 'remove the redirect, or remove the page if it really moved'));
    }
    const target = exactTargetOf(c);
    if (target === null || isExternal(target) || pages.has(target)) return;
    if (matchBrowserRedirect(data, target)) return; // reported as a chain
    const slashed = target.endsWith('/') ? target.slice(0, -1) : target + '/';
    const near = pages.has(slashed) ? slashed : pageByKey.get(browserRedirectKey(target));
    out.push(diag('MISSING_TARGET', rule, `target \`${target}\` is not a page of the built site`, near ? `did you mean \`${near}\`?` : 'point the redirect at an existing page (paths end with a slash)', 'to'));
  });
  for (const { c, u, re } of patterns) {
    const hit = [...pages].find((p) => p.endsWith('/') && re!.test(p)) ?? [...pages].find((p) => re!.test(p));
    if (hit) out.push(diag('SHADOWS_PAGE', rules[uniqueIndex[u]!]!, `pattern \`${c.rule.from}\` matches the page \`${hit}\`: the redirect would hide it`, 'narrow the pattern so it matches only paths that moved'));
  }
}

function checkHostLimits(rules: readonly RedirectRule[], unique: CompiledRule[], uniqueIndex: number[], out: Diagnostic[]): void {
  let statics = 0;
  let dynamics = 0;
  unique.forEach((c, u) => {
    const rule = rules[uniqueIndex[u]!]!;
    if (c.kind === 'exact') statics++;
    else dynamics++;
    if (c.kind === 'exact' && statics === CLOUDFLARE_LIMITS.staticRules + 1) out.push(diag('HOST_LIMIT', rule, `more than ${CLOUDFLARE_LIMITS.staticRules} exact redirects: Cloudflare Pages ignores \`_redirects\` rules beyond this one`, 'use Cloudflare Bulk Redirects, fewer redirects, or nginx (`export-redirects --format nginx`)'));
    if (c.kind === 'pattern' && dynamics === CLOUDFLARE_LIMITS.dynamicRules + 1) out.push(diag('HOST_LIMIT', rule, `more than ${CLOUDFLARE_LIMITS.dynamicRules} pattern redirects: Cloudflare Pages ignores \`_redirects\` rules beyond this one`, 'merge patterns or serve with nginx'));
    const line = `${c.from} ${c.toParts.map((p) => (typeof p === 'number' ? ':' + c.names[p - 1] : p)).join('')} ${c.status}`;
    if (line.length > CLOUDFLARE_LIMITS.lineChars) out.push(diag('HOST_LIMIT', rule, `the \`_redirects\` line for \`${rule.from}\` has ${line.length} characters; Cloudflare Pages ignores lines over ${CLOUDFLARE_LIMITS.lineChars}`, 'shorten the source or target'));
    if (u === NETLIFY_RECOMMENDED_MAX) out.push({ ...diag('HOST_LIMIT', rule, `${NETLIFY_RECOMMENDED_MAX} redirects or more: Netlify may fail the deploy`, 'Netlify recommends placeholders or Edge Functions beyond 10,000 redirects'), severity: 'warning' });
    if (u === VERCEL_ROUTE_LIMIT) out.push({ ...diag('HOST_LIMIT', rule, `more than ${VERCEL_ROUTE_LIMIT} redirects: over Vercel's route limit for \`vercel.json\``, 'only matters for `--format vercel`: use Vercel bulk redirects'), severity: 'warning' });
  });
}

interface BadChars { chars: string[]; index: number }

function unsafeChars(s: string, ok: (ch: string, i: number) => boolean, offset = 0): BadChars | null {
  if (/^[A-Za-z0-9._~\-/]*$/.test(s)) return null; // the common case, without a call per character
  const chars: string[] = [];
  let index = -1;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ok(ch, i)) continue;
    const cp = String.fromCodePoint(s.codePointAt(i)!);
    if (cp.length === 2) i++;
    if (index === -1) index = i - (cp.length === 2 ? 1 : 0) + offset;
    if (!chars.includes(cp)) chars.push(cp);
  }
  return chars.length ? { chars, index } : null;
}

function describe(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const names: Record<string, string> = { ' ': 'space', '\t': 'tab', '\n': 'newline', '\r': 'carriage return', '"': 'double quote', "'": 'single quote', '`': 'backtick' };
  if (names[ch]) return names[ch]!;
  if (cp < 0x20 || cp === 0x7f || cp > 0x7e) return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}${cp > 0x7f ? ` \`${ch}\`` : ''}`;
  return `\`${ch}\``;
}

function unsafe(rule: RedirectRule, field: 'from' | 'to', bad: BadChars | null, segment?: string, hint?: string): Diagnostic {
  const what = bad ? `${bad.chars.map(describe).join(', ')}` : segment!;
  const d = diag('UNSAFE_CHARACTER', rule, `unsafe ${bad ? (bad.chars.length > 1 ? 'characters' : 'character') : 'path segment'} in \`${field}\`: ${what}`,
    hint ?? (field === 'from' ? 'sources use only letters, digits, `-`, `.`, `_`, `~` and `/` (plus `:name` segments and a trailing `*`); servers compare percent-encoded and non-ASCII paths differently' : 'targets use letters, digits, `-`, `.`, `_`, `~`, `/`, `%XX` escapes and `:name` placeholders'), field);
  if (bad && d.location && rule.positions?.[field]) d.location = { ...d.location, column: d.location.column + bad.index };
  return d;
}

function diag(code: keyof typeof redirectCodes, rule: RedirectRule, message: string, hint?: string, field?: 'from' | 'to'): Diagnostic {
  const pos: ValuePosition | undefined = field ? rule.positions?.[field] : undefined;
  const location: SourceLocation = pos ? { file: rule.location.file, line: pos.line, column: pos.column, ...(pos.lineText !== undefined ? { lineText: pos.lineText } : {}) } : { ...rule.location };
  const d: Diagnostic = { code: redirectCodes[code], severity: 'error', message, location };
  if (hint) d.hint = hint;
  return d;
}

function where(rule: RedirectRule): string {
  return `${rule.location.file}:${rule.location.line}`;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}
