import type { Diagnostic, SourceLocation } from '../diagnostics/index.js';
import { redirectCodes } from './codes.js';
import { lowerAscii } from './encode.js';
import { MAX_CAPTURES, PARAM_NAME, type CompiledRule } from './compile.js';
import { decodedPathProblem, decodeUrlPart, invalidChars, splitUrl, type BadChar, type UrlPart } from './url-path.js';
import type { RedirectRule, ValuePosition } from './types.js';

/** What every entry is checked against. */
export interface EntryContext {
  /** The path prefix with a trailing slash (`/documentation/`). */
  prefix: string;
  /** Hosts an absolute target may point to, lower case. */
  allowed: ReadonlySet<string>;
}

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Checks one entry on its own: its source and target are valid URL paths (percent-encoded, non-ASCII and reserved
 * characters welcome) that stay what they say once decoded, under the prefix or on an allowed host, with well-formed
 * placeholders; a temporary status is a warning. Appends to `out`; true when no error was found.
 */
export function checkEntry(rule: RedirectRule, c: CompiledRule, ctx: EntryContext, out: Diagnostic[]): boolean {
  const before = out.length;
  checkSource(rule, ctx, out);
  checkTarget(rule, c, ctx, out);
  if (rule.status === 302 || rule.status === 307) {
    out.push({ ...diag('TEMPORARY_STATUS', rule, `status ${rule.status} is a temporary redirect: browsers and search engines keep asking for \`${rule.from}\``, `use 301 (or 308, which also keeps the request method): every redirect is meant to be permanent`), severity: 'warning' });
  }
  return out.slice(before).every((d) => d.severity !== 'error');
}

function checkSource(rule: RedirectRule, ctx: EntryContext, out: Diagnostic[]): void {
  const from = String(rule.from);
  const bad = invalidChars(from, 'path');
  if (bad.length > 0) {
    out.push(invalid(rule, 'from', 'path', bad));
    return;
  }
  const { prefix } = ctx;
  // sources match in any ASCII case, the prefix too
  const lower = lowerAscii(from);
  if (!lower.startsWith(lowerAscii(prefix)) && lower !== lowerAscii(prefix.slice(0, -1))) {
    out.push(diag('OUTSIDE_PREFIX', rule, `source \`${from}\` is not under \`${prefix}\``, `sources are full served paths: write \`${prefix}${from.replace(/^\/+/, '')}\``, 'from'));
  } else {
    const problem = decodedProblem(from);
    if (problem) out.push(unsafe(rule, 'from', problem.message, problem.hint));
  }
  const segs = (from.endsWith('/') ? from.slice(0, -1) : from).split('/').slice(1);
  const names = segs.filter((s) => PARAM_NAME.test(s)).map((s) => s.slice(1));
  const splatAt = segs.indexOf('*');
  const badColon = segs.find((s) => s.startsWith(':') && !PARAM_NAME.test(s));
  if (badColon !== undefined) out.push(diag('INVALID_PATTERN', rule, `\`${badColon}\` in \`${from}\` is not a placeholder: a segment starting with \`:\` is \`:name\` (letters, digits, \`_\`)`, 'name the placeholder like `:topic`, or write `%3A` for a literal `:`', 'from'));
  else if (segs.some((s, i) => s.includes('*') && (s !== '*' || i !== segs.length - 1)) || (splatAt !== -1 && from.endsWith('/'))) out.push(diag('INVALID_PATTERN', rule, `the splat \`*\` must be the last segment of \`${from}\``, 'write the source as `/documentation/old/*` and use `:splat` in the target; a literal `*` is `%2A`', 'from'));
  if (names.length + (splatAt !== -1 ? 1 : 0) > MAX_CAPTURES) out.push(diag('INVALID_PATTERN', rule, `\`${from}\` has more than ${MAX_CAPTURES} placeholders`, 'nginx numbers captures $1 to $9; split the redirect', 'from'));
  if (new Set(names).size !== names.length || names.includes('splat')) out.push(diag('INVALID_PATTERN', rule, `\`${from}\` uses a placeholder name twice (or names one \`splat\`)`, 'give each placeholder its own name', 'from'));
}

function checkTarget(rule: RedirectRule, c: CompiledRule, ctx: EntryContext, out: Diagnostic[]): void {
  const to = String(rule.to);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(to);
  if (scheme || to.startsWith('//') || to.startsWith('\\') || to.startsWith('/\\')) {
    const m = /^https:\/\/([^/?#]*)(.*)$/s.exec(to);
    const host = m?.[1] ?? '';
    if (!m || !HOST.test(host) || !ctx.allowed.has(host.toLowerCase())) {
      const shown = m ? host : scheme ? `${scheme[1]}:` : to.slice(0, 40);
      out.push(diag('HOST_NOT_ALLOWED', rule, m ? `open redirect: host \`${shown}\` is not on the allowlist` : `open redirect: \`${to.slice(0, 60)}\` is not an https URL on an allowed host`,
        `${ctx.allowed.size ? `allowed hosts: ${[...ctx.allowed].join(', ')}` : 'no other host is allowed'} (config \`allowedRedirectHosts\`); targets on the site start with \`${ctx.prefix}\``, 'to'));
    } else checkTargetParts(rule, c, m[2] ?? '', to.length - (m[2] ?? '').length, null, out);
  } else if (!to.startsWith('/')) {
    const bad = invalidChars(to, 'path');
    if (bad.length > 0) out.push(invalid(rule, 'to', 'path', bad));
    else out.push(diag('OUTSIDE_PREFIX', rule, `target \`${to}\` is not under \`${ctx.prefix}\``, `internal targets are full served paths: write \`${ctx.prefix}${to.replace(/^\/+/, '')}\``, 'to'));
  } else checkTargetParts(rule, c, to, 0, ctx.prefix, out);
}

/** Path, query and fragment of a target (`text` starts at `offset` in `to`); `prefix`: an internal target's. */
function checkTargetParts(rule: RedirectRule, c: CompiledRule, text: string, offset: number, prefix: string | null, out: Diagnostic[]): void {
  const to = String(rule.to);
  const { path, query, fragment } = splitUrl(text);
  const parts: Array<[UrlPart, string | null, number]> = [['path', path, 0], ['query', query, path.length + 1], ['fragment', fragment, text.length - (fragment ?? '').length]];
  for (const [part, value, at] of parts) {
    const bad = value === null ? [] : invalidChars(value, part);
    if (bad.length > 0) {
      out.push(invalid(rule, 'to', part, bad.map((b) => ({ ...b, index: b.index + at + offset }))));
      return;
    }
  }
  if (path !== '') {
    const problem = decodedProblem(path);
    if (problem) {
      out.push(unsafe(rule, 'to', problem.message, problem.hint));
      return;
    }
  }
  const decoded = decodeUrlPart(path) ?? path;
  if (prefix !== null && !decoded.startsWith(prefix) && decoded !== prefix.slice(0, -1)) {
    out.push(diag('OUTSIDE_PREFIX', rule, `target \`${to}\` is not under \`${prefix}\``, `internal targets are full served paths: write \`${prefix}${to.replace(/^\/+/, '')}\``, 'to'));
    return;
  }
  for (const m of path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (!c.names.includes(m[1]!)) {
      out.push(diag('INVALID_PATTERN', rule, `target \`${to}\` uses \`:${m[1]}\`, which the source \`${rule.from}\` does not capture`, c.names.length ? `the source captures ${c.names.map((n) => '`:' + n + '`').join(', ')}; a literal \`:\` is \`%3A\`` : 'use placeholders only with a pattern source (`:name` segments or a trailing `*`); a literal `:` is `%3A`', 'to'));
    }
  }
  for (const m of `${query ?? ''}#${fragment ?? ''}`.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (c.names.includes(m[1]!)) out.push(diag('INVALID_PATTERN', rule, `target \`${to}\` uses \`:${m[1]}\` in its query or fragment`, 'placeholders fill the path only; a literal `:` is `%3A`', 'to'));
  }
}

/** What a path means once decoded, if that is not what it says: escapes that are not UTF-8, `%2F`, controls, `\`, dot or empty segments. */
function decodedProblem(path: string): { message: string; hint: string } | null {
  // the common case: nothing to decode, no dot or empty segment possible
  if (/^[A-Za-z0-9\-_~/]*$/.test(path) && !path.includes('//')) return null;
  const decoded = decodeUrlPart(path);
  if (decoded === null) return { message: 'percent-escapes that are not UTF-8 text', hint: 'write non-ASCII text as it is or as its UTF-8 escapes (`é` or `%C3%A9`)' };
  if (/%2f/i.test(path)) return { message: 'an encoded slash `%2F`', hint: 'servers decode `%2F` to `/` and then disagree (Apache refuses it, nginx and Caddy merge it): write `/`' };
  const problem = decodedPathProblem(decoded);
  if (!problem) return null;
  return { message: decoded !== path ? `${problem.what} once percent-decoded` : problem.what, hint: problem.hint };
}

function describe(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const names: Record<string, string> = { ' ': 'space', '\t': 'tab', '\n': 'newline', '\r': 'carriage return', '"': 'double quote', '`': 'backtick', '%': '`%` without two hex digits' };
  if (names[ch]) return names[ch]!;
  if (cp < 0x20 || cp === 0x7f || cp > 0x7e) return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}${cp > 0x7f && cp !== 0x2028 && cp !== 0x2029 ? ` \`${ch}\`` : ''}`;
  return `\`${ch}\``;
}

/** DG4009 for characters a URL part may not hold as written, with a hint for the common ones. */
function invalid(rule: RedirectRule, field: 'from' | 'to', part: UrlPart, bad: BadChar[]): Diagnostic {
  const chars = bad.map((b) => b.char);
  const where = field === 'to' && part !== 'path' ? `the ${part} of \`to\`` : `\`${field}\``;
  // in a path, controls and `\` are refused as `%XX` too (decodedPathProblem): the hint must not suggest an escape
  const cannot = part === 'path' ? chars.filter((ch) => decodedPathProblem('/' + ch) !== null) : [];
  const escapable = chars.filter((ch) => !cannot.includes(ch));
  const examples = escapable.filter((ch) => ch !== '%').slice(0, 3).map((ch) => `${describe(ch)} is \`${encodeChar(ch)}\``);
  const escapeIt = `percent-encoded (${examples.join(', ') || 'a literal `%` is `%25`'})`;
  let hint = `write ${chars.length > 1 ? 'them' : 'it'} ${escapeIt}; non-ASCII text and RFC 3986 characters need no escaping`;
  if (cannot.length > 0) {
    const controls = cannot.filter((ch) => ch !== '\\');
    hint = [
      cannot.includes('\\') ? 'browsers read `\\` as `/` (and `%5C` is one once decoded): write `/`' : '',
      controls.length ? `a control character cannot be in a path, not even percent-encoded (servers decode it, where it can end a header or a config line): remove ${controls.length > 1 ? 'them' : 'it'}` : '',
      escapable.length ? `write the others ${escapeIt}` : '',
    ].filter(Boolean).join('; ');
  } else if (field === 'from' && chars.includes('?')) hint = 'a source is a path: the query string is not matched, and it is kept on the redirect';
  else if (field === 'from' && chars.includes('#')) hint = 'a source is a path: browsers never send the `#fragment`';
  const d = diag('UNSAFE_CHARACTER', rule, `${chars.length > 1 ? 'characters' : 'character'} not allowed in ${where}: ${chars.map(describe).join(', ')}`, hint, field);
  if (d.location && rule.positions?.[field]) d.location = { ...d.location, column: d.location.column + bad[0]!.index };
  return d;
}

function encodeChar(ch: string): string {
  return [...new TextEncoder().encode(ch)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

function unsafe(rule: RedirectRule, field: 'from' | 'to', what: string, hint: string): Diagnostic {
  return diag('UNSAFE_CHARACTER', rule, `unsafe \`${field}\`: ${what}`, hint, field);
}

/** A diagnostic at the entry (or at its `from` / `to` value). */
export function diag(code: keyof typeof redirectCodes, rule: RedirectRule, message: string, hint?: string, field?: 'from' | 'to'): Diagnostic {
  const pos: ValuePosition | undefined = field ? rule.positions?.[field] : undefined;
  const location: SourceLocation = pos ? { file: rule.location.file, line: pos.line, column: pos.column, ...(pos.lineText !== undefined ? { lineText: pos.lineText } : {}) } : { ...rule.location };
  const d: Diagnostic = { code: redirectCodes[code], severity: 'error', message, location };
  if (hint) d.hint = hint;
  return d;
}
