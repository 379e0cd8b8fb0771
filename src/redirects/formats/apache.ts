import { escapeRegex } from '../encode.js';
import { renderTarget } from '../compile.js';
import { compileUnique, header } from '../unique.js';
import type { RedirectFormatter } from '../types.js';

/**
 * Apache httpd (mod_rewrite) rules for a `<VirtualHost>`: one `RewriteRule` per redirect, `NC` for case-insensitive
 * matching, query string kept (mod_rewrite appends it), `NE` so encoded targets are not encoded twice. Every field
 * is percent-encoded and `%` escaped as `\%`, so nothing in a path can become a directive, a flag or a backreference.
 */
export const apacheFormat: RedirectFormatter = {
  id: 'apache',
  format(rules) {
    const { exact, patterns } = compileUnique(rules);
    const lines = [
      `# ${header('apache', exact.length + patterns.length)}`,
      '# Include inside a <VirtualHost> (server context, mod_rewrite enabled). Exact paths first, then patterns.',
      'RewriteEngine On',
    ];
    const target = (s: string) => s.replace(/%/g, '\\%');
    for (const c of exact) {
      const re = c.key === '/' ? '^/$' : `^${escapeRegex(c.key)}/?$`;
      lines.push(`RewriteRule "${re}" "${target(renderTarget(c.toParts, () => ''))}" [R=${c.status},NC,NE,L]`);
    }
    for (const c of patterns) {
      lines.push(`RewriteRule "${c.regex}" "${renderTarget(c.toParts.map((p) => (typeof p === 'string' ? target(p) : p)), (n) => '$' + n)}" [R=${c.status},NC,NE,L]`);
    }
    return lines.join('\n') + '\n';
  },
};
