import { patternRegex, renderTarget, type CompiledRule } from '../compile.js';
import type { MatchPathEntry } from '../../util/match-path.js';
import { nginxMatchPathMap } from '../match-path-rules.js';
import { compileUnique, header } from '../unique.js';
import { REDIRECT_STATUSES, type RedirectFormatter, type RedirectRule } from '../types.js';
import { nginxProxyMaps } from '../nginx-proxy.js';
import { nginxHashSizes } from '../nginx-hash.js';

/** nginx variables the generated configs share (http.conf defines them, server.conf uses them). */
export const NGINX_VARS = { path: '$docsgen_path', redirect: '$docsgen_redirect', proxyTarget: '$docsgen_proxy_target', proxyHost: '$docsgen_proxy_host' } as const;

/**
 * The `http {}` include: hash sizes, one `map` of the exact sources, one of the patterns, and one map per status
 * whose value is the whole Location. Exact sources are map string keys on `$uri` (the path decoded and normalised,
 * as every server compares it), found by hash after nginx lower-cases the request itself (ASCII), so thousands stay
 * O(1) and match in any case without a regex; both slash forms are keys. Patterns are `~*` regexes on the path as
 * sent, so what they capture reaches the Location still encoded. Keys and values are quoted and escaped, `$` in a
 * value is `${docsgen_dollar}`: nothing in a path can close the string, start a directive or name a variable.
 */
export function formatNginxHttp(rules: readonly RedirectRule[], opts: { proxyAllowedHosts?: readonly string[]; matchPaths?: readonly MatchPathEntry[]; pathPrefix?: string } = {}): string {
  const { exact, patterns } = compileUnique(rules);
  const keys: string[] = [];
  const seen = new Set<string>();
  const exactLines: string[] = [];
  for (const c of exact) {
    const value = quote(`${c.status}:${location(c, () => '')}`);
    const key = nginxKey(c.key);
    for (const k of key === '/' ? ['/'] : [key, key + '/']) {
      // nginx refuses a map with a key twice; only hostile (unvalidated) keys can collide after escaping
      if (seen.has(k)) continue;
      seen.add(k);
      keys.push(k);
      exactLines.push(`    ${quote(k)} ${value};`);
    }
  }
  const patternLines = patterns.map((c) => `    ${quote('~*' + patternRegex(c.fromParts, 'pcre'))} ${quote(`${c.status}:${location(c, (n) => '$' + n)}`)};`);
  const { maxSize, bucketSize } = nginxHashSizes(keys);
  const lines = [
    `# ${header('nginx http.conf', exact.length + patterns.length)}`,
    '# Include in the http {} context; server.conf (inside the server {}) acts on $docsgen_redirect_<status>.',
    '# Exact sources: map string keys on $uri (decoded), a hash lookup that ignores ASCII case; then patterns',
    '# (~* regexes on the path as sent) in order. Sizes computed from the keys, as nginx builds the hash.',
    `map_hash_max_size ${maxSize};`,
    `map_hash_bucket_size ${bucketSize};`,
    '# nginx\'s own variables hash: the proxy maps below add some thirty variables to it.',
    'variables_hash_max_size 2048;',
    'variables_hash_bucket_size 128;',
    '',
    '# The request path as sent (still percent-encoded, without the query): patterns capture from it.',
    `map $request_uri ${NGINX_VARS.path} {`,
    '    "~^([^?]*)" $1;',
    '}',
    '',
    '# The request query string, kept on every redirect: `?query`, or `&query` after a target\'s own.',
    'map $args $docsgen_query { "" ""; default "?$args"; }',
    'map $args $docsgen_and_query { "" ""; default "&$args"; }',
    '# A literal `$` in a target (nginx reads `$` in a map value as a variable; geo values are plain text).',
    'geo $docsgen_dollar { default "$"; }',
    '',
    'map $uri $docsgen_exact {',
    '    default "";',
    ...exactLines,
    '}',
    '',
    `map ${NGINX_VARS.path} $docsgen_pattern {`,
    '    default "";',
    ...patternLines,
    '}',
    '',
    `map $docsgen_exact ${NGINX_VARS.redirect} {`,
    '    "" $docsgen_pattern;',
    '    default $docsgen_exact;',
    '}',
    '',
  ];
  for (const s of REDIRECT_STATUSES) lines.push(`map ${NGINX_VARS.redirect} ${NGINX_VARS.redirect}_${s} {`, '    default "";', `    "~^${s}:(.*)$" $1;`, '}');
  lines.push('', ...nginxProxyMaps(opts.proxyAllowedHosts ?? []));
  lines.push('', ...nginxMatchPathMap(opts.matchPaths ?? [], opts.pathPrefix ?? ''));
  return lines.join('\n') + '\n';
}

/** The Location template: the target, then the request's query (`?q`, or `&q` after the target's own), then the fragment. */
function location(c: CompiledRule, capture: (n: number) => string): string {
  const path = renderTarget(c.toParts.map((p) => (typeof p === 'string' ? dollar(p) : p)), capture);
  const query = c.toQuery !== null ? `?${dollar(c.toQuery)}$docsgen_and_query` : '$docsgen_query';
  return path + query + (c.toFragment !== null ? '#' + dollar(c.toFragment) : '');
}

function dollar(s: string): string {
  return s.replace(/\$/g, '${docsgen_dollar}');
}

/** A canonical key as nginx can hold it: a character nginx would not get in `$uri` (controls) stays escaped. */
function nginxKey(key: string): string {
  return key.replace(/[\u0000-\u001f\u007f]/g, (ch) => '%' + ch.charCodeAt(0).toString(16).padStart(2, '0'));
}

/** A double-quoted nginx string: `\` and `"` escaped (nginx unescapes `\\` and `\"` in quotes). */
function quote(s: string): string {
  return '"' + s.replace(/[\\"]/g, (ch) => '\\' + ch) + '"';
}

/** nginx format: the http.conf text (server.conf comes with `docsgen build` and `export-redirects --out DIR`). */
export const nginxFormat: RedirectFormatter = {
  id: 'nginx',
  format(rules, options) {
    return formatNginxHttp(rules, { proxyAllowedHosts: (options as { proxyAllowedHosts?: readonly string[] } | undefined)?.proxyAllowedHosts ?? [] });
  },
};
