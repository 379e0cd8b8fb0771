// The matching semantics shared by nginx, `docsgen serve` and the browser runtime.
import { describe, expect, it } from 'vitest';
import { cacheControlFor, compileRedirectMatcher, matchBrowserRedirect, needsTrailingSlash, resolveProxyUrl, toBrowserRedirects } from '../../src/redirects/index.js';
import { rule } from './hostile.js';

const rules = [
  rule('/documentation/old/page/', '/documentation/new/page/'),
  rule('/documentation/Old/Exact', '/documentation/new/exact/', 308),
  rule('/documentation/old/:topic/', '/documentation/topics/:topic/'),
  rule('/documentation/old/page/:x/', '/documentation/never/'),
  rule('/documentation/archive/*', '/documentation/new/archive/:splat'),
  rule('/documentation/ext/', 'https://developers.arcgis.com/rest/'),
  rule('/documentation/first/', '/documentation/one/'),
  rule('/documentation/FIRST', '/documentation/two/'),
];
const match = compileRedirectMatcher(rules);

describe('compileRedirectMatcher', () => {
  it('matches exact sources in any case, with or without the trailing slash', () => {
    for (const p of ['/documentation/old/page/', '/DOCUMENTATION/OLD/PAGE', '/documentation/Old/Page/']) {
      expect(match(p)).toEqual({ location: '/documentation/new/page/', status: 301 });
    }
    expect(match('/documentation/old/exact/')).toEqual({ location: '/documentation/new/exact/', status: 308 });
  });

  it('keeps the query string, adding `?` only when there is one', () => {
    expect(match('/documentation/old/page/', '?a=1&b=%20')!.location).toBe('/documentation/new/page/?a=1&b=%20');
    expect(match('/documentation/old/page/', 'a=1')!.location).toBe('/documentation/new/page/?a=1');
    expect(match('/documentation/old/page/', '?')!.location).toBe('/documentation/new/page/');
    expect(match('/documentation/ext', '?q=x')!.location).toBe('https://developers.arcgis.com/rest/?q=x');
  });

  it('tries exact sources before patterns, then patterns in order', () => {
    expect(match('/documentation/old/page')!.location).toBe('/documentation/new/page/');
    expect(match('/documentation/old/Routing/')!.location).toBe('/documentation/topics/Routing/');
    expect(match('/documentation/old/page/x/')!.location).toBe('/documentation/never/');
  });

  it('fills the splat, empty or deep, and never lets it start with a slash', () => {
    expect(match('/documentation/archive')!.location).toBe('/documentation/new/archive/');
    expect(match('/documentation/archive/')!.location).toBe('/documentation/new/archive/');
    expect(match('/documentation/archive/a/B/c.html')!.location).toBe('/documentation/new/archive/a/B/c.html');
    expect(match('/documentation/archive//evil.example')).toBeNull();
  });

  it('keeps the first rule for a source', () => {
    expect(match('/documentation/first')!.location).toBe('/documentation/one/');
  });

  it('misses other paths', () => {
    expect(match('/documentation/new/page/')).toBeNull();
    expect(match('/documentation/old/a/b/')).toBeNull();
    expect(match('/documentation/__proto__/')).toBeNull();
  });
});

describe('toBrowserRedirects + matchBrowserRedirect', () => {
  it('survives JSON and gives the same answers as the server matcher', () => {
    const data = JSON.parse(JSON.stringify(toBrowserRedirects(rules)));
    for (const p of ['/documentation/OLD/PAGE', '/documentation/old/x/', '/documentation/archive/q', '/documentation/nope/', '/documentation/ext/']) {
      expect(matchBrowserRedirect(data, p, '?z=1'), p).toEqual(match(p, '?z=1'));
    }
  });

  it('treats a `__proto__` source as data', () => {
    const data = JSON.parse(JSON.stringify(toBrowserRedirects([rule('/documentation/__proto__/', '/documentation/x/')])));
    expect(matchBrowserRedirect(data, '/documentation/__proto__')).toEqual({ location: '/documentation/x/', status: 301 });
    expect(matchBrowserRedirect(data, '/documentation/constructor')).toBeNull();
  });

  it('is importable without node: the browser matcher file has no imports', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('../../src/redirects/browser-match.ts', import.meta.url), 'utf8');
    expect(text).not.toMatch(/^import /m);
  });
});

describe('server rules mirrored by docsgen serve', () => {
  it('cache headers', () => {
    expect(cacheControlFor('/documentation/app-3f9a1c2b7d.js', '/documentation')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/documentation/page-data/app-data.json', '/documentation')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/documentation/sw.js', '/documentation')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/documentation/a/', '/documentation')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/documentation/calcite/calcite-components.js', '/documentation')).toBeNull();
  });

  it('trailing slash', () => {
    expect(needsTrailingSlash('/documentation/a', true)).toBe(true);
    expect(needsTrailingSlash('/documentation/a/', true)).toBe(false);
    expect(needsTrailingSlash('/documentation/data.json', true)).toBe(false);
    expect(needsTrailingSlash('/documentation/a', false)).toBe(false);
  });

  it('proxy allowlist', () => {
    const hosts = ['js.arcgis.com'];
    expect(resolveProxyUrl(encodeURIComponent('https://js.arcgis.com/4.33/init.js'), hosts)).toBe('https://js.arcgis.com/4.33/init.js');
    expect(resolveProxyUrl('https://JS.arcgis.com/x.js', hosts)).toBe('https://js.arcgis.com/x.js');
    for (const bad of ['https://evil.example/', 'https://js.arcgis.com.evil.example/', 'https://js.arcgis.com@evil.example/', 'http://js.arcgis.com/', 'https://js.arcgis.com:444/', '', '%E0%A4%A']) {
      expect(resolveProxyUrl(bad, hosts), bad).toBeNull();
    }
  });
});
