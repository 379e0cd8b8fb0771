import { patternRegex, renderTarget, type CompiledRule } from '../compile.js';
import { decodedLiteralRegex } from '../pattern-regex.js';
import { compileUnique, header } from '../unique.js';
import type { RedirectFormatter } from '../types.js';

/**
 * Apache httpd (mod_rewrite) rules for a `<VirtualHost>`. Exact sources: one `RewriteRule` each on the URL-path
 * (decoded and normalised, as nginx's `$uri`), `NC` for ASCII case. Patterns: a `RewriteCond` on the path as sent
 * (from `THE_REQUEST`), so captures stay encoded. `NE` keeps the target as written; the request's query is placed
 * by hand (`?%{QUERY_STRING}`, or `&` after a target's own, before its fragment) because `QSA` would put it after
 * the fragment. Every literal is an escape and `%`/`$` are escaped, so nothing in a path can become a directive,
 * a flag or a backreference.
 */
export const apacheFormat: RedirectFormatter = {
  id: 'apache',
  format(rules) {
    const { exact, patterns } = compileUnique(rules);
    const lines = [
      `# ${header('apache', exact.length + patterns.length)}`,
      '# Include inside a <VirtualHost> (server context, mod_rewrite enabled). Exact paths first, then patterns.',
      'RewriteEngine On',
      '# The request query after a target\'s own query: `&query` when there is one.',
      'RewriteCond %{QUERY_STRING} ^(.+)$',
      'RewriteRule ^ - [E=DOCSGEN_AND_QUERY:&%1]',
    ];
    if (patterns.length > 0) {
      lines.push('# The path as sent (still percent-encoded), which patterns match and capture from.', 'RewriteCond %{THE_REQUEST} "^\\S+\\s+([^?\\s]*)"', 'RewriteRule ^ - [E=DOCSGEN_PATH:%1]');
    }
    for (const c of exact) {
      const re = c.key === '/' ? '^/$' : `^${decodedLiteralRegex(c.key, 'pcre')}/?$`;
      lines.push(...rewrite(c, null, `"${re}"`, 'NC,'));
    }
    for (const c of patterns) {
      lines.push(...rewrite(c, `RewriteCond %{ENV:DOCSGEN_PATH} "${patternRegex(c.fromParts, 'pcre')}" [NC]`, '^', ''));
    }
    return lines.join('\n') + '\n';
  },
};

/** The RewriteRule(s) of one redirect: two when the target has a fragment and no query (the `?` must then go). */
function rewrite(c: CompiledRule, cond: string | null, pattern: string, nc: string): string[] {
  const path = renderTarget(c.toParts.map((p) => (typeof p === 'string' ? literal(p) : p)), (n) => '%' + n);
  const fragment = c.toFragment !== null ? '#' + literal(c.toFragment) : '';
  const flags = `[R=${c.status},${nc}NE,L]`;
  const rule = (target: string) => [...(cond ? [cond] : []), `RewriteRule ${pattern} "${target}" ${flags}`];
  if (c.toQuery !== null) return rule(`${path}?${literal(c.toQuery)}%{ENV:DOCSGEN_AND_QUERY}${fragment}`);
  // a literal `?` in the substitution: mod_rewrite (2.4.60+) refuses a `?` that only an expansion brought in
  if (!fragment) return rule(`${path}?%{QUERY_STRING}`);
  // the pattern's condition last: `%1`… refer to the last condition matched
  return ['RewriteCond %{QUERY_STRING} =""', ...(cond ? [cond] : []), `RewriteRule ${pattern} "${path}${fragment}" ${flags}`, ...rule(`${path}?%{QUERY_STRING}${fragment}`)];
}

/** Text for a substitution: `%` and `$` escaped so they are not backreferences or variables. */
function literal(s: string): string {
  return s.replace(/[%$\\]/g, (ch) => '\\' + ch);
}
