// matchPath patterns (src/util/match-path.ts), the one matcher nginx's map, serve and the browser's loader share:
// every pattern the syntax accepts matches the paths it describes and no other, and frontmatter refuses the rest.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/content/frontmatter.js';
import { findMatchPath, MATCH_PATH_SYNTAX, matchPathRegex, sortMatchPaths } from '../../src/util/match-path.js';
import { assertReaching } from '../helpers/reach.js';

const P = '/documentation';
const literal = fc.stringMatching(/^[a-z0-9][a-z0-9._~-]{0,8}$/);
const segment = fc.oneof(literal.map((s) => ({ kind: 'literal' as const, s })), fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/).map((s) => ({ kind: 'param' as const, s })));
const value = fc.stringMatching(/^[A-Za-z0-9_%.-]{1,8}$/);

describe('matchPath patterns', () => {
  it('match the paths they describe (params: one segment, splat: any rest) and not one segment more', () => {
    assertReaching(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.array(value, { minLength: 4, maxLength: 4 }), fc.array(value, { maxLength: 3 }), (segs, splat, values, rest) => {
        const pattern = '/' + segs.map((g) => (g.kind === 'literal' ? g.s : `:${g.s}`)).join('/') + (splat ? '/*' : '');
        expect(pattern).toMatch(MATCH_PATH_SYNTAX);
        const re = new RegExp(matchPathRegex(pattern, P));
        const path = P + '/' + segs.map((g, i) => (g.kind === 'literal' ? g.s : values[i]!)).join('/');
        expect(re.test(path)).toBe(true);
        expect(re.test(path + '/')).toBe(true);
        // one segment more: only a splat takes it, and any rest
        expect(re.test(`${path}/${values[0]}/`)).toBe(splat);
        expect(re.test([path, ...rest].join('/'))).toBe(splat || rest.length === 0);
        // another prefix, or a path that stops a segment short, never
        expect(re.test(path.replace(P, '/other'))).toBe(false);
        if (segs.length > 1) expect(re.test(P + '/' + segs.slice(0, -1).map((g, i) => (g.kind === 'literal' ? g.s : values[i]!)).join('/'))).toBe(false);
      }),
    );
  });

  it('pick the most specific pattern: literal segments over :params over a splat', () => {
    const entries = sortMatchPaths([
      { matchPath: '/reference/*', path: '/reference/' },
      { matchPath: '/reference/:cls', path: '/reference/class/' },
      { matchPath: '/reference/Map', path: '/reference/map-page/' },
    ]);
    expect(entries.map((e) => e.matchPath)).toEqual(['/reference/Map', '/reference/:cls', '/reference/*']);
    expect(findMatchPath(entries, `${P}/reference/Map`, P)).toBe('/reference/map-page/');
    expect(findMatchPath(entries, `${P}/reference/Graphic/`, P)).toBe('/reference/class/');
    expect(findMatchPath(entries, `${P}/reference/Graphic/methods`, P)).toBe('/reference/');
    expect(findMatchPath(entries, `${P}/guide/`, P)).toBeNull();
  });

  it.each(['reference/*', '/reference/*/more', '/a b', '/ref/**', '/:1x', '/ref/*/'])('frontmatter refuses matchPath %j', (bad) => {
    const r = parseFrontmatter(`---\ntitle: T\ndescription: D\nmatchPath: ${JSON.stringify(bad)}\n---\n`, 'content/x.md');
    expect(r.data).toBeNull();
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([['DG2002', expect.stringContaining('invalid frontmatter `matchPath`')]]);
  });
});
