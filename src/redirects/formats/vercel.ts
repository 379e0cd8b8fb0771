import { PARAM_CAPTURE, SPLAT_CAPTURE } from '../pattern-regex.js';
import { compileUnique, targetWithNames } from '../unique.js';
import { encodeUrlPart } from '../url-path.js';
import type { RedirectFormatter } from '../types.js';

/**
 * `vercel.json` redirects: `{source, destination, statusCode}` in path-to-regexp syntax. Literals are written as
 * browsers send them, with path-to-regexp's own characters escaped (`\(`, `\:`, `\+`, …); `{/}?` makes the trailing
 * slash optional; `:name` and the splat carry the same regex as every other format (one segment; the rest, never
 * starting with `/` or `\`). The target keeps its query and fragment; Vercel adds the request's query. Vercel
 * matches case-sensitively; over 1,024 routes use its bulk redirects.
 */
export const vercelFormat: RedirectFormatter = {
  id: 'vercel',
  format(rules) {
    const { exact, patterns } = compileUnique(rules);
    const redirects = [...exact, ...patterns].map((c) => {
      let source = '';
      c.fromParts.forEach((p, i) => {
        if ('lit' in p) {
          const lit = i === c.fromParts.length - 1 && (c.fromParts.length > 1 || p.lit.length > 1) && p.lit.endsWith('/') ? p.lit.slice(0, -1) : p.lit;
          source += encodeUrlPart(lit, 'path').replace(/[\\:*+?(){}]/g, (ch) => '\\' + ch);
        } else if ('param' in p) source += `:${p.param}(${PARAM_CAPTURE})`;
        else source += `{/:splat(${SPLAT_CAPTURE})}?`;
      });
      if (source !== '/') source += '{/}?';
      return { source, destination: targetWithNames(c), statusCode: c.status };
    });
    return JSON.stringify({ redirects }, null, 2) + '\n';
  },
};
