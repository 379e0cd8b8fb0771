import { renderTarget } from '../compile.js';
import { compileUnique, header } from '../unique.js';
import { REDIRECT_STATUSES, type RedirectFormatter, type RedirectRule } from '../types.js';
import { nginxProxyMaps } from '../nginx-proxy.js';

/** nginx variables the generated configs share (http.conf defines them, server.conf uses them). */
export const NGINX_VARS = { path: '$docsgen_path', redirect: '$docsgen_redirect', proxyTarget: '$docsgen_proxy_target', proxyHost: '$docsgen_proxy_host' } as const;

/**
 * The `http {}` include: hash sizes, the path map, one `map` of every redirect, and one map per status.
 * Exact sources are map string keys, which nginx finds by hash after lower-casing the request path itself
 * (ASCII), so thousands stay O(1) and match in any case without a regex; both slash forms are keys. Patterns
 * follow as `~*` regexes, tried in order only when no exact key matched. Every key and value is percent-encoded
 * and quoted: nothing in a path can close the string, start a directive or name a variable.
 */
export function formatNginxHttp(rules: readonly RedirectRule[], opts: { proxyAllowedHosts?: readonly string[] } = {}): string {
  const { exact, patterns } = compileUnique(rules);
  const entries: string[] = [];
  let longest = 0;
  for (const c of exact) {
    const value = `"${c.status}:${renderTarget(c.toParts, () => '')}"`;
    const keys = c.key === '/' ? ['/'] : [c.key, c.key + '/'];
    for (const k of keys) {
      longest = Math.max(longest, k.length);
      entries.push(`    "${k}" ${value};`);
    }
  }
  for (const c of patterns) entries.push(`    "~*${c.regex}" "${c.status}:${renderTarget(c.toParts, (n) => '$' + n)}";`);
  const keyCount = entries.length - patterns.length;
  const lines = [
    `# ${header('nginx http.conf', exact.length + patterns.length)}`,
    '# Include in the http {} context; server.conf (inside the server {}) acts on $docsgen_redirect_<status>.',
    '# Exact sources: map string keys, a hash lookup that ignores ASCII case; then patterns (~* regexes) in order.',
    `map_hash_max_size ${hashMaxSize(keyCount)};`,
    `map_hash_bucket_size ${bucketSize(longest)};`,
    '',
    '# The request path as sent (still percent-encoded, without the query): what the browser runtime matches too.',
    `map $request_uri ${NGINX_VARS.path} {`,
    '    "~^([^?]*)" $1;',
    '}',
    '',
    `map ${NGINX_VARS.path} ${NGINX_VARS.redirect} {`,
    '    default "";',
    ...entries,
    '}',
    '',
  ];
  for (const s of REDIRECT_STATUSES) lines.push(`map ${NGINX_VARS.redirect} ${NGINX_VARS.redirect}_${s} {`, '    default "";', `    "~^${s}:(.*)$" $1;`, '}');
  lines.push('', ...nginxProxyMaps(opts.proxyAllowedHosts ?? []));
  return lines.join('\n') + '\n';
}

/** `map_hash_max_size`: at least the number of keys, as a power of two (nginx grows the table up to this). */
function hashMaxSize(keys: number): number {
  let n = 2048;
  while (n < keys * 2) n *= 2;
  return n;
}

/** `map_hash_bucket_size`: the longest key plus nginx's per-entry overhead, as a power of two. */
function bucketSize(longestKey: number): number {
  let n = 64;
  while (n < longestKey + 32) n *= 2;
  return n;
}

/** nginx format: the http.conf text (the server.conf half comes with `docsgen build`, see README.md). */
export const nginxFormat: RedirectFormatter = {
  id: 'nginx',
  format(rules, options) {
    return formatNginxHttp(rules, { proxyAllowedHosts: (options as { proxyAllowedHosts?: readonly string[] } | undefined)?.proxyAllowedHosts ?? [] });
  },
};
