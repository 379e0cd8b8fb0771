import { patternRegex, renderTarget, type CompiledRule } from '../compile.js';
import { decodedLiteralRegex } from '../pattern-regex.js';
import { compileUnique, header } from '../unique.js';
import type { RedirectFormatter } from '../types.js';

/**
 * Caddyfile directives for a site block (written for Caddy 2.6, Debian's, which has no `{?query}`). Exact sources:
 * `path` matchers (decoded path, any case, both slash forms), or `path_regexp` when the path holds more than
 * letters, digits, `-._~` (there Caddy's `path` would fold non-ASCII case too, unlike nginx) or ends in `.`. Patterns:
 * `vars_regexp` on `{http.request.orig_uri}`, the path as sent, so a capture stays encoded (`%5C` never becomes
 * `\`, which browsers read as `/`). A `map` turns the request query into `?query` / `&query`. Everything sits in one
 * `route`, so Caddy keeps this order. Literals are escapes or percent-encoded: no `{`, `}`, space, quote or `#`
 * of their own reaches the Caddyfile.
 */
export const caddyFormat: RedirectFormatter = {
  id: 'caddy',
  format(rules) {
    const { exact, patterns } = compileUnique(rules);
    const lines = [
      `# ${header('caddy', exact.length + patterns.length)}`,
      '# Paste inside your site block. Exact paths first, then patterns; the query string is kept.',
      'map {http.request.uri.query} {docsgen_query} {docsgen_and_query} {',
      '\t"" "" ""',
      '\tdefault "?{http.request.uri.query}" "&{http.request.uri.query}"',
      '}',
      'route {',
    ];
    exact.forEach((c, i) => {
      const name = `docsgen_r${i + 1}`;
      // Caddy's `path` trims trailing dots and spaces off the request path (caddy#2917), so `/a.` never matched
      const matcher = /^[a-z0-9._~/-]+$/.test(c.key) && !c.key.endsWith('.') ? `path ${c.key === '/' ? '/' : `${c.key} ${c.key}/`}` : `path_regexp (?i)^${decodedLiteralRegex(c.key, 'go')}/?$`;
      lines.push(`\t@${name} ${matcher}`, `\tredir @${name} ${location(c, () => '')} ${c.status}`);
    });
    patterns.forEach((c, i) => {
      const name = `docsgen_p${i + 1}`;
      const re = patternRegex(c.fromParts, 'go').replace(/\$$/, '(?:\\?.*)?$');
      lines.push(`\t@${name} vars_regexp ${name} {http.request.orig_uri} (?i)${re}`, `\tredir @${name} ${location(c, (n) => `{re.${name}.${n}}`)} ${c.status}`);
    });
    lines.push('}');
    return lines.join('\n') + '\n';
  },
};

/** The Location: target path, the request's query (`?q`, or `&q` after the target's own), the fragment. */
function location(c: CompiledRule, capture: (n: number) => string): string {
  const query = c.toQuery !== null ? `?${c.toQuery}{docsgen_and_query}` : '{docsgen_query}';
  return renderTarget(c.toParts, capture) + query + (c.toFragment !== null ? '#' + c.toFragment : '');
}
