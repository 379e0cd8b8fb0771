import { renderTarget } from '../compile.js';
import { compileUnique, header } from '../unique.js';
import type { RedirectFormatter } from '../types.js';

/**
 * Caddyfile directives for a site block: `path` matchers (case-insensitive exact match, both slash forms), then
 * `path_regexp` matchers for patterns, inside one `route` so Caddy keeps this order. `{?query}` keeps the query.
 * Fields are percent-encoded, so no `{`, `}`, space or `#` can reach the Caddyfile.
 */
export const caddyFormat: RedirectFormatter = {
  id: 'caddy',
  format(rules) {
    const { exact, patterns } = compileUnique(rules);
    const lines = [`# ${header('caddy', exact.length + patterns.length)}`, '# Paste inside your site block.', 'route {'];
    exact.forEach((c, i) => {
      const src = c.from.endsWith('/') && c.from.length > 1 ? c.from.slice(0, -1) : c.from;
      const paths = src === '/' ? '/' : `${src} ${src}/`;
      lines.push(`\t@docsgen_r${i + 1} path ${paths}`, `\tredir @docsgen_r${i + 1} ${renderTarget(c.toParts, () => '')}{?query} ${c.status}`);
    });
    patterns.forEach((c, i) => {
      const name = `docsgen_p${i + 1}`;
      lines.push(`\t@${name} path_regexp ${name} (?i)${c.regex}`, `\tredir @${name} ${renderTarget(c.toParts, (n) => `{re.${name}.${n}}`)}{?query} ${c.status}`);
    });
    lines.push('}');
    return lines.join('\n') + '\n';
  },
};
