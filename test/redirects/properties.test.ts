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
