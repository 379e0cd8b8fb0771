import type { Diagnostic } from '../diagnostics/index.js';
import { canonicalPathKey, matchBrowserRedirect } from './browser-match.js';
import { fromCompiled } from './browser-data.js';
import { checkEntry, diag } from './check-entry.js';
import { compileRule, renderFullTarget, type CompiledRule } from './compile.js';
import { checkHostLimits } from './host-limits.js';
import { MAX_CHAIN_HOPS } from './limits.js';
import { decodeUrlPart, splitUrl } from './url-path.js';
import type { DeployTarget, RedirectFormat, RedirectRule } from './types.js';

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
  /** The host the site deploys to (config `deployTarget`): its limits are errors, other hosts' are warnings. */
  deployTarget?: DeployTarget;
  /** The formats about to be written (an export: its own); host limits only for hosts reading them. Default: all. */
  formats?: readonly RedirectFormat[];
}

/**
 * Every problem of a redirect list, each at the file:line of the entry at fault: invalid or unsafe paths, sources
 * and targets outside the prefix, bad patterns, open redirects, temporary statuses, duplicates and conflicts
 * (sources compared decoded, ignoring ASCII case and a trailing slash, as the servers compare them), chains, loops,
 * shadowed pages, missing targets and host limits. Pure: the caller supplies the pages.
 */
export function validateRedirects(rules: readonly RedirectRule[], opts: ValidateOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  const ctx = { prefix: opts.pathPrefix.replace(/\/+$/, '') + '/', allowed: new Set(opts.allowedHosts.map((h) => h.toLowerCase())) };
  const compiled = rules.map(compileRule);
  const usable: boolean[] = rules.map((rule, i) => checkEntry(rule, compiled[i]!, ctx, out));

  // duplicates and conflicts: the first entry for a source wins everywhere, later ones are reported
  const firstBySource = new Map<string, number>();
  const unique: CompiledRule[] = [];
  const uniqueIndex: number[] = [];
  compiled.forEach((c, i) => {
    if (!usable[i]) return;
    const id = (c.kind === 'exact' ? 'e' : 'p') + c.key;
    const first = firstBySource.get(id);
    if (first === undefined) {
      firstBySource.set(id, i);
      unique.push(c);
      uniqueIndex.push(i);
      return;
    }
    const a = rules[first]!;
    const b = rules[i]!;
    const same = renderFullTarget(compiled[first]!, (n) => ':' + n) === renderFullTarget(c, (n) => ':' + n) && a.status === b.status;
    const spelled = a.from === b.from ? '' : ` (as \`${a.from}\`)`;
    out.push(diag(same ? 'DUPLICATE_SOURCE' : 'CONFLICTING_TARGETS', b,
      same ? `duplicate redirect: \`${b.from}\` is already redirected to \`${a.to}\` at ${where(a)}${spelled}` : `conflicting redirect: \`${b.from}\` goes to \`${b.to}\`${b.status !== a.status ? ` (${b.status})` : ''} here but to \`${a.to}\`${b.status !== a.status ? ` (${a.status})` : ''} at ${where(a)}${spelled}`,
      same ? `remove this entry: sources match decoded, ignoring ASCII case and a trailing slash, and ${where(a)} has it` : `keep one target for \`${b.from}\`: delete this entry or the one at ${where(a)}`));
  });

  const data = fromCompiled(unique);
  const exactTargetOf = (c: CompiledRule) => (c.toParts.every((p) => typeof p === 'string') ? renderFullTarget(c, () => '') : null);

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
    const targetPath = splitUrl(target).path;
    const startKey = c.kind === 'exact' ? c.key : null;
    if (startKey !== null && canonicalPathKey(targetPath) === startKey) {
      out.push(diag('LOOP', rule, `redirect loop: \`${rule.from}\` redirects to itself`, 'point the target at the page that replaces this path', 'to'));
      return;
    }
    const first = matchBrowserRedirect(data, targetPath);
    if (!first) return;
    let current = targetPath;
    let hops = 0;
    let loops = false;
    let cycle = false;
    const visited = new Set<string>();
    for (let hop = first; hop && hops < MAX_CHAIN_HOPS; hop = matchBrowserRedirect(data, current)!) {
      const key = canonicalPathKey(current) ?? current;
      if (visited.has(key)) { cycle = true; break; }
      visited.add(key);
      current = hop.location;
      hops++;
      if (isExternal(current)) break;
      current = splitUrl(current).path;
      if (startKey !== null && canonicalPathKey(current) === startKey) { loops = true; break; }
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
  if (opts.hostLimits !== false) {
    out.push(...checkHostLimits(unique.map((c, u) => ({ c, rule: rules[uniqueIndex[u]!]! })), { ...(opts.deployTarget ? { deployTarget: opts.deployTarget } : {}), ...(opts.formats ? { formats: opts.formats } : {}) }));
  }
  return out;
}

function checkPages(rules: readonly RedirectRule[], unique: CompiledRule[], uniqueIndex: number[], data: ReturnType<typeof fromCompiled>, pages: ReadonlySet<string>, exactTargetOf: (c: CompiledRule) => string | null, out: Diagnostic[]): void {
  // page paths are file paths: already decoded
  const pageByKey = new Map<string, string>();
  for (const p of pages) {
    const key = canonicalPathKey(p, true);
    if (key !== null && !pageByKey.has(key)) pageByKey.set(key, p);
  }
  const patterns = unique.map((c, u) => ({ c, u, re: c.kind === 'pattern' ? new RegExp(c.regex, 'i') : null })).filter((x) => x.re);
  unique.forEach((c, u) => {
    const rule = rules[uniqueIndex[u]!]!;
    if (c.kind === 'exact') {
      const page = pageByKey.get(c.key);
      if (page !== undefined) out.push(diag('SHADOWS_PAGE', rule, `source \`${rule.from}\` is the page \`${page}\`: the redirect would hide it`, 'remove the redirect, or remove the page if it really moved'));
    }
    const target = exactTargetOf(c);
    if (target === null || isExternal(target)) return;
    const path = decodeUrlPart(splitUrl(target).path) ?? target;
    if (pages.has(path)) return;
    if (matchBrowserRedirect(data, splitUrl(target).path)) return; // reported as a chain
    const slashed = path.endsWith('/') ? path.slice(0, -1) : path + '/';
    const near = pages.has(slashed) ? slashed : pageByKey.get(canonicalPathKey(path, true) ?? '');
    out.push(diag('MISSING_TARGET', rule, `target \`${target}\` is not a page of the built site`, near ? `did you mean \`${near}\`?` : 'point the redirect at an existing page (paths end with a slash)', 'to'));
  });
  for (const { c, u, re } of patterns) {
    // pages are decoded file paths; patterns match paths as sent
    const sent = (p: string) => encodeURI(p);
    const hit = [...pages].find((p) => p.endsWith('/') && re!.test(sent(p))) ?? [...pages].find((p) => re!.test(sent(p)));
    if (hit) out.push(diag('SHADOWS_PAGE', rules[uniqueIndex[u]!]!, `pattern \`${c.rule.from}\` matches the page \`${hit}\`: the redirect would hide it`, 'narrow the pattern so it matches only paths that moved'));
  }
}

function where(rule: RedirectRule): string {
  return `${rule.location.file}:${rule.location.line}`;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}
