import type { BrowserRedirects } from './browser-match.js';
import { compileRule, renderFullTarget, type CompiledRule } from './compile.js';
import type { RedirectRule } from './types.js';

/** The compact, JSON-able redirect data the browser runtime (and `docsgen serve`) match with. */
export function toBrowserRedirects(rules: readonly RedirectRule[]): BrowserRedirects {
  return fromCompiled(rules.map(compileRule));
}

/** Same as toBrowserRedirects for rules already compiled; the first rule for a source wins, as in every format. */
export function fromCompiled(compiled: readonly CompiledRule[]): BrowserRedirects {
  const exact = new Map<string, [string, number]>();
  const patterns: BrowserRedirects['patterns'] = [];
  const seen = new Set<string>();
  for (const c of compiled) {
    if (c.kind === 'exact') {
      if (!exact.has(c.key)) exact.set(c.key, [renderFullTarget(c, () => ''), c.status]);
    } else if (!seen.has(c.key)) {
      seen.add(c.key);
      // the query and fragment follow the path as literal text: captures only ever fill the path
      const parts: Array<string | number> = [...c.toParts];
      const tail = renderFullTarget({ toParts: [], toQuery: c.toQuery, toFragment: c.toFragment }, () => '');
      if (tail) parts.push(tail);
      patterns.push([c.regex, parts, c.status, literalPrefix(c)]);
    }
  }
  // Object.fromEntries defines own properties, so a key like `__proto__` stays data
  return { v: 2, exact: Object.fromEntries(exact), patterns };
}

/**
 * The lower-case plain start of a pattern source (letters, digits, `-._~/`, which match only as themselves), cut
 * after its last `/`: every path the pattern matches starts so.
 */
function literalPrefix(c: CompiledRule): string {
  let lit = '';
  for (const p of c.fromParts) {
    if (!('lit' in p)) break;
    lit += p.text;
  }
  const plain = /^[A-Za-z0-9\-._~/]*/.exec(lit)![0].toLowerCase();
  return plain.slice(0, plain.lastIndexOf('/') + 1) || '/';
}
