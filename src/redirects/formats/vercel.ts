import { compileUnique, targetWithNames } from '../unique.js';
import type { RedirectFormatter } from '../types.js';

/**
 * `vercel.json` redirects: `{source, destination, statusCode}` in path-to-regexp syntax (`:name`, `:splat*`).
 * Literals are percent-encoded, so `(`, `?`, `+`, `:` and `*` in a path cannot turn into syntax. Vercel matches
 * case-sensitively; over 1,024 routes use its bulk redirects.
 */
export const vercelFormat: RedirectFormatter = {
  id: 'vercel',
  format(rules) {
    const { exact, patterns } = compileUnique(rules);
    const redirects = [...exact, ...patterns].map((c) => ({
      source: c.fromParts.map((p) => ('lit' in p ? p.lit : 'param' in p ? ':' + p.param : '/:splat*')).join(''),
      destination: targetWithNames(c),
      statusCode: c.status,
    }));
    return JSON.stringify({ redirects }, null, 2) + '\n';
  },
};
