import type { BrowserRedirects } from './browser-match.js';
import { compileRule, renderTarget, type CompiledRule } from './compile.js';
import type { RedirectRule } from './types.js';

/** The compact, JSON-able redirect data the browser runtime (and `docsgen serve`) match with. */
export function toBrowserRedirects(rules: readonly RedirectRule[]): BrowserRedirects {
  return fromCompiled(rules.map(compileRule));
}

/** Same as toBrowserRedirects for rules already compiled; the first rule for a source wins, as in every format. */
export function fromCompiled(compiled: readonly CompiledRule[]): BrowserRedirects {
  const exact = new Map<string, [string, number]>();
  const patterns: BrowserRedirects['patterns'] = [];
  for (const c of compiled) {
    if (c.kind === 'exact') {
      if (!exact.has(c.key)) exact.set(c.key, [renderTarget(c.toParts, () => ''), c.status]);
    } else patterns.push([c.regex, [...c.toParts], c.status, literalPrefix(c)]);
  }
  // Object.fromEntries defines own properties, so a key like `__proto__` stays data
  return { v: 1, exact: Object.fromEntries(exact), patterns };
}

/** The lower-case literal start of a pattern source, cut after its last `/`: every path it matches starts so. */
function literalPrefix(c: CompiledRule): string {
  let lit = '';
  for (const p of c.fromParts) {
    if (!('lit' in p)) break;
    lit += p.lit;
  }
  const lower = lit.toLowerCase();
  return lower.slice(0, lower.lastIndexOf('/') + 1) || '/';
}
