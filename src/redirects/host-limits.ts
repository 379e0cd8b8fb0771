import { parse, stringify } from 'node:querystring';
import type { Diagnostic } from '../diagnostics/index.js';
import { diag } from './check-entry.js';
import type { CompiledRule } from './compile.js';
import { CLOUDFLARE_LIMITS, NETLIFY_RECOMMENDED_MAX, VERCEL_ROUTE_LIMIT } from './limits.js';
import { targetWithNames } from './unique.js';
import type { DeployTarget, RedirectFormat, RedirectRule } from './types.js';

/** Which hosts' limits to check. */
export interface HostLimitOptions {
  /** The host the site deploys to (config `deployTarget`): its limits are errors; every other host's are warnings. */
  deployTarget?: DeployTarget;
  /** Only the hosts reading one of these formats (an export checks its own); default: every host. */
  formats?: readonly RedirectFormat[];
}

interface Host {
  id: DeployTarget;
  name: string;
  format: RedirectFormat;
}

const CLOUDFLARE: Host = { id: 'cloudflare', name: 'Cloudflare Pages', format: 'netlify' };
const NETLIFY: Host = { id: 'netlify', name: 'Netlify', format: 'netlify' };
const VERCEL: Host = { id: 'vercel', name: 'Vercel', format: 'vercel' };
const APACHE: Host = { id: 'apache', name: 'Apache', format: 'apache' };

/**
 * The documented limits of the hosts that read the formats in `opts.formats`, over the unique rules (the first for
 * each source): Cloudflare Pages' 2,000 static and 100 dynamic `_redirects` rules of at most 1,000 characters,
 * Netlify's 10,000 recommended and its unbounded placeholders, Vercel's 1,024 routes, its `$1`-style targets and
 * re-spelled queries, Apache's trimmed final `&` or `?`. A limit names its host and format;
 * it is an error only for the host of `deployTarget`, so no other format is ever blocked.
 */
export function checkHostLimits(unique: ReadonlyArray<{ c: CompiledRule; rule: RedirectRule }>, opts: HostLimitOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const checks = (h: Host) => !opts.formats || opts.formats.includes(h.format);
  // `refused`: the host rejects the whole file, so exporting that format is an error too (nothing usable is written)
  const push = (hs: Host | Host[], rule: RedirectRule, message: string, hint: string, always?: 'warning' | 'refused') => {
    const list = Array.isArray(hs) ? hs : [hs];
    const target = list.find((h) => h.id === opts.deployTarget);
    const format = list[0]!.format;
    const exporting = always === 'refused' && opts.formats?.length === 1 && opts.formats[0] === format;
    const error = (target !== undefined && always !== 'warning') || exporting;
    const why = exporting && !target ? `(\`--format ${format}\`)` : error ? `(\`deployTarget: ${target!.id}\`)` : target ? '' : `(a warning: \`deployTarget\` is ${opts.deployTarget ? `\`${opts.deployTarget}\`` : 'not set'}; only \`--format ${format}\` on ${list.map((h) => h.name).join(' and ')} is affected)`;
    out.push({ ...diag('HOST_LIMIT', rule, `${message} ${why}`.trim(), hint), severity: error ? 'error' : 'warning' });
  };
  let statics = 0;
  let dynamics = 0;
  unique.forEach(({ c, rule }, u) => {
    if (c.kind === 'exact') statics++;
    else dynamics++;
    if (checks(CLOUDFLARE)) {
      if (c.kind === 'exact' && statics === CLOUDFLARE_LIMITS.staticRules + 1) push(CLOUDFLARE, rule, `more than ${CLOUDFLARE_LIMITS.staticRules} exact redirects: Cloudflare Pages ignores \`_redirects\` rules beyond this one`, 'use Cloudflare Bulk Redirects for the rest, or serve with nginx, Apache or Caddy (50,000 are fine there)');
      if (c.kind === 'pattern' && dynamics === CLOUDFLARE_LIMITS.dynamicRules + 1) push(CLOUDFLARE, rule, `more than ${CLOUDFLARE_LIMITS.dynamicRules} pattern redirects: Cloudflare Pages ignores \`_redirects\` rules beyond this one`, 'merge patterns, or serve with nginx, Apache or Caddy');
      const line = `${c.from}  ${targetWithNames(c)}  ${c.status}`;
      if (line.length > CLOUDFLARE_LIMITS.lineChars) push(CLOUDFLARE, rule, `the \`_redirects\` line for \`${rule.from}\` has ${line.length} characters; Cloudflare Pages ignores lines over ${CLOUDFLARE_LIMITS.lineChars}`, 'shorten the source or target');
    }
    // `_redirects` cannot say what a placeholder may hold: one that starts the target can make it `//other.host`
    if (c.kind === 'pattern' && typeof c.toParts[1] === 'number' && c.toParts[0] === '/' && checks(NETLIFY)) {
      push([NETLIFY, CLOUDFLARE], rule, `the target \`${rule.to}\` starts with a placeholder: on Netlify and Cloudflare Pages a request can fill it with \`/other.host\` and leave the site`, 'start the target with a fixed segment; nginx, Apache, Caddy and Vercel never let a placeholder start with `/` or `\\`');
    }
    if (checks(NETLIFY) && u === NETLIFY_RECOMMENDED_MAX) push(NETLIFY, rule, `${NETLIFY_RECOMMENDED_MAX} redirects or more: Netlify may fail the deploy`, 'Netlify recommends placeholders or Edge Functions beyond 10,000 redirects', 'warning');
    // mod_rewrite trims a `&` off the end of the query it builds (the fragment sits at that end) and reads a final
    // `?` as "drop the query"
    const last = (c.toFragment ?? c.toQuery ?? '').slice(-1);
    if (checks(APACHE) && (last === '&' || last === '?')) push(APACHE, rule, `Apache drops the \`${last}\` that ends the target \`${rule.to}\``, 'end the query or fragment with another character', 'warning');
    if (checks(VERCEL)) {
      if (u === VERCEL_ROUTE_LIMIT) push(VERCEL, rule, `more than ${VERCEL_ROUTE_LIMIT} redirects: over Vercel's route limit for \`vercel.json\``, 'use Vercel bulk redirects for the rest');
      const respelled = vercelRespelling(c);
      if (respelled !== null) push(VERCEL, rule, `Vercel re-spells the query of \`${rule.to}\` as \`${respelled}\` (the same parameters, written otherwise)`, `write it as \`${respelled}\` to get the same Location everywhere`, 'warning');
      // Vercel fills `$1`, `$name` in every Location: a literal `$` before a letter or digit cannot be written
      // Vercel reads `:name` and `(…)` in a query value (decoded, so `%3A` too) as a placeholder or group and refuses the whole vercel.json
      if (c.toQuery !== null && vercelQuerySegment(c.toQuery)) push(VERCEL, rule, `Vercel reads \`:\` followed by a letter, digit or \`_\`, or \`(…)\`, in the query of \`${rule.to}\` as a placeholder and refuses the whole \`vercel.json\``, 'reword the query value (escapes do not help: Vercel decodes them first)', 'refused');
      if (/\$[1-9A-Za-z]/.test(targetWithNames(c))) push(VERCEL, rule, `Vercel reads \`$\` followed by a letter or digit in a target as a capture: \`${rule.to}\` would lose it`, c.kind === 'exact' ? 'write the `$` as `%24` (Vercel passes an exact target as it is)' : 'reword the target: Vercel turns `%24` back into `$` in a pattern\'s target');
    }
  });
  return out;
}

/**
 * How Vercel's routing code rewrites a pattern target's query (it parses the destination with `url.parse` and writes
 * the query back with querystring: `k` becomes `k=`, `+` `%20`, integer-like keys first), or null when it stays.
 */
function vercelRespelling(c: CompiledRule): string | null {
  if (c.kind !== 'pattern' || c.toQuery === null) return null;
  const query = stringify(parse(c.toQuery));
  return query === c.toQuery ? null : '?' + query;
}

/** A target query whose decoded values hold `:` + a letter, digit or `_`, or `(…)`: what Vercel's route check reads as a segment. */
export function vercelQuerySegment(query: string): boolean {
  return Object.values(parse(query)).some((v) => /:\w|\([^)]*\)/.test(Array.isArray(v) ? (v[0] ?? '') : (v ?? '')));
}
