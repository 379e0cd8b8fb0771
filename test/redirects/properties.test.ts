// Property tests (fast-check): no input, however hostile, breaks or injects into any format, and the matcher
// sends every valid source to its target whatever the case, slash or query.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileRedirectMatcher, exportRedirects, matchBrowserRedirect, toBrowserRedirects, validateRedirects } from '../../src/redirects/index.js';
import type { RedirectStatus } from '../../src/redirects/index.js';
import { hostileRule, hostileRules, nastyString, rule } from './hostile.js';
import { checkApache, checkCaddy, checkNetlify, checkNginx } from './line-grammar.js';
import { generatedRule, generatedRules } from './url-arbitraries.js';
import { assertReaching } from '../helpers/reach.js';


describe('properties: exporters', () => {
  it('every text format keeps one entry per rule, in its own grammar, whatever the input', () => {
    assertReaching(
      fc.property(fc.array(hostileRule, { minLength: 1, maxLength: 8 }), (rules) => {
        const netlify = checkNetlify(exportRedirects(rules, 'netlify'));
        const apache = checkApache(exportRedirects(rules, 'apache'));
        const caddy = checkCaddy(exportRedirects(rules, 'caddy'));
        const nginx = checkNginx(exportRedirects(rules, 'nginx'));
        const vercel = JSON.parse(exportRedirects(rules, 'vercel')).redirects as unknown[];
        // duplicates collapse (first wins) the same way in every format; apache may need two rules for one redirect
        const n = netlify.length;
        expect(apache.length).toBeGreaterThanOrEqual(n);
        expect(caddy).toHaveLength(n);
        expect(vercel).toHaveLength(n);
        expect(nginx.length).toBeGreaterThanOrEqual(n);
        for (const l of netlify) expect(l.split('  ')[1]).not.toMatch(/^\/\//);
        expect(JSON.parse(exportRedirects(rules, 'json'))).toHaveLength(rules.length);
      }),
      { numRuns: 300 },
    );
  });

  it('html stubs never leave the web root and never contain the raw target text', () => {
    assertReaching(
      fc.property(fc.array(hostileRule, { minLength: 1, maxLength: 5 }), (rules) => {
        for (const [file, html] of exportRedirects(rules, 'html')) {
          expect(file.split('/')).not.toContain('..');
          expect(file).toMatch(/\/index\.html$|\.html?$/i);
          expect(html.match(/<script>/g)).toHaveLength(1);
          expect(html.match(/<\/script>/g)).toHaveLength(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the matcher never throws and never sends a request off-site unless the target is absolute', () => {
    // rules a request can match (a source under the prefix, perhaps with a placeholder or a splat; any target),
    // requested by their own sources (placeholders filled, case and slash changed), so most runs reach a match
    const matchable = fc
      .record({ path: nastyString.map((s) => s.replace(/[#?]/g, '')), tail: fc.constantFrom('', '/', '/*', '/:name/'), to: hostileRule.map((r) => r.to), status: fc.constantFrom<RedirectStatus>(301, 302, 307, 308) })
      .map(({ path, tail, to, status }) => rule(`/documentation/${path}${tail}`, to, status));
    const request = fc.record({ at: fc.nat(), variant: fc.nat(2), fill: nastyString });
    assertReaching(
      fc.property(fc.array(fc.oneof(hostileRule, fc.constantFrom(...hostileRules)), { maxLength: 5 }), matchable, request, (others, asked, { at, variant, fill }) => {
        const rules = [...others];
        rules.splice(at % (rules.length + 1), 0, asked);
        const segment = fill.replace(/[/#?]/g, '') || 'x';
        const from = asked.from.replace(/\/\*$/, `/${segment}`).replace(/\/:[A-Za-z_]\w*/g, `/${segment}`);
        const [p, ...q] = [from, from.toUpperCase(), from.endsWith('/') ? from.slice(0, -1) : `${from}/`][variant]!.split('?');
        const hit = compileRedirectMatcher(rules)(p!, q.join('?'));
        if (hit) expect(hit.location).toMatch(/^(\/(?!\/)|https?:\/\/)/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('properties: valid rules', () => {
  const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._~-]{0,12}$/).filter((s) => s !== '.' && s !== '..' && !s.startsWith('.'));
  const validPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/documentation/${s.join('/')}/`);

  it('validated sources reach their target in any case, with or without the slash, query kept', () => {
    assertReaching(
      fc.property(fc.uniqueArray(fc.tuple(validPath, validPath), { minLength: 1, maxLength: 10, selector: ([f]) => f.toLowerCase().replace(/\/$/, '') }), fc.constantFrom('', '?a=1', '?x=%20&y'), (pairs, query) => {
        const rules = pairs.map(([from, to]) => rule('/documentation/old' + from.slice('/documentation'.length), to));
        fc.pre(validateRedirects(rules, { allowedHosts: [], pathPrefix: '/documentation', hostLimits: false }).length === 0);
        const data = JSON.parse(JSON.stringify(toBrowserRedirects(rules)));
        for (const r of rules) {
          for (const variant of [r.from, r.from.toUpperCase(), r.from.slice(0, -1)]) {
            expect(matchBrowserRedirect(data, variant, query)).toEqual({ location: r.to + query.replace(/^\?$/, ''), status: 301 });
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('properties: the validator on the whole valid URL space', () => {
  it('reports no valid entry as unsafe, nor as any error', () => {
    assertReaching(
      fc.property(generatedRules(6), (generated) => {
        const diags = validateRedirects(generated.map((g) => g.rule), { allowedHosts: [], pathPrefix: '/documentation' });
        expect(diags.filter((d) => d.severity === 'error')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a second spelling of a source (encoding, case, slash) as a duplicate, or a conflict when the target differs', () => {
    assertReaching(
      fc.property(generatedRule(0).filter((g) => g.kind === 'exact'), fc.nat(5), fc.boolean(), (g, spelling, sameTarget) => {
        // the same source as a client may spell it: escapes, raw text, other case, the slash toggled
        const literal = g.literal.map((seg) => seg.map((x, i) => ((i + spelling) % 3 === 0 && x.alternatives.length ? x.alternatives[spelling % x.alternatives.length]! : x.sent)).join('')).join('/');
        const cased = spelling % 2 ? literal.replace(/[a-z]/g, (c) => c.toUpperCase()) : literal;
        const again = rule(`/documentation/${cased}${g.trailingSlash ? '' : '/'}`, sameTarget ? g.rule.to : '/documentation/elsewhere/', g.status);
        const diags = validateRedirects([g.rule, again], { allowedHosts: [], pathPrefix: '/documentation', hostLimits: false }).filter((d) => d.code !== 'DG4015');
        expect(diags.map((d) => d.code)).toEqual([sameTarget ? 'DG4003' : 'DG4004']);
      }),
      { numRuns: 500 },
    );
  });
});

describe('DG4009 hints', () => {
  // every character (ASCII, and a few beyond) in a source, a target path, a query and a fragment: where the hint
  // says `X is %YY`, the entry written that way is accepted (a hint must never suggest what is refused next)
  const chars = [...Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i)), '\u0085', '\u00a0', '\u2028', '\ufeff'];
  const places: Array<[string, (c: string) => [string, string]]> = [
    ['from', (c) => [`/documentation/a${c}b/`, '/documentation/new/']],
    ['to path', (c) => ['/documentation/old/', `/documentation/a${c}b/`]],
    ['to query', (c) => ['/documentation/old/', `/documentation/new/?q=a${c}b`]],
    ['to fragment', (c) => ['/documentation/old/', `/documentation/new/#a${c}b`]],
  ];
  it.each(places)('in %s: the suggested escape of a refused character is accepted', (place, entry) => {
    const followed: string[] = [];
    const failures: string[] = [];
    for (const c of chars) {
      const [from, to] = entry(c);
      const refused = validateRedirects([rule(from, to)], { allowedHosts: [], pathPrefix: '/documentation' }).find((d) => d.code === 'DG4009');
      const suggested = refused?.hint?.match(/ is `(%[0-9A-F]{2}(?:%[0-9A-F]{2})*)`/);
      if (!suggested) continue;
      const again = validateRedirects([rule(...entry(suggested[1]!))], { allowedHosts: [], pathPrefix: '/documentation' });
      if (again.some((d) => d.severity === 'error')) failures.push(`${JSON.stringify(c)} → ${suggested[1]}: ${refused!.hint}`);
      followed.push(c);
    }
    expect(failures).toEqual([]);
    // the check ran on the characters that need an escape (space, `"`, `<`, `{`; controls beyond the path)
    expect(followed).toEqual(expect.arrayContaining([' ', '"', '<', '{', ...(place.startsWith('to q') || place.startsWith('to f') ? ['\x01'] : [])]));
  });
});
