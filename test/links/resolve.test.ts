import { describe, expect, it } from 'vitest';
import { alignLinks } from '../../src/links/link-sources.js';
import { extractPage, parseSrcset, urlOfPageFile, parseRedirectRules, RedirectMatcher, resolveHref, SiteIndex } from '../../src/links/index.js';
import { baseUrlOf } from '../../src/links/resolve-href.js';

describe('resolveHref', () => {
  const page = urlOfPageFile('documentation/maps/basemaps/index.html');
  it('resolves relative paths, dot segments, percent-encoding and unicode like a browser, then decodes like nginx', () => {
    expect(resolveHref('../../guide/', page)).toEqual({ type: 'internal', path: '/documentation/guide/', fragment: null });
    expect(resolveHref('../../../../../etc/passwd', page)).toEqual({ type: 'internal', path: '/etc/passwd', fragment: null });
    expect(resolveHref('/documentation/caf%C3%A9/?x=1#a%20b', page)).toEqual({ type: 'internal', path: '/documentation/café/', fragment: 'a%20b' });
    expect(resolveHref('/documentation/café/', page)).toEqual({ type: 'internal', path: '/documentation/café/', fragment: null });
    expect(resolveHref('/documentation/bad%zz/', page)).toEqual({ type: 'internal', path: '/documentation/bad%zz/', fragment: null });
    expect(resolveHref('#', page)).toEqual({ type: 'internal', path: '/documentation/maps/basemaps/index.html', fragment: '' });
  });
  it('sorts out external and ignored schemes and invalid URLs', () => {
    expect(resolveHref('https://example.com/a?b#c', page)).toEqual({ type: 'external', url: 'https://example.com/a?b' });
    expect(resolveHref('//example.com/x', page)).toEqual({ type: 'external', url: 'http://example.com/x' });
    for (const href of ['mailto:a@b.c', 'tel:+1', 'javascript:void(0)', 'data:image/png;base64,AA', ' MAILTO:x@y.z']) {
      expect(resolveHref(href, page)).toEqual({ type: 'ignore' });
    }
    expect(resolveHref('http://[oops/', page)).toEqual({ type: 'invalid' });
  });
  it('resolves against <base href>', () => {
    const base = baseUrlOf(urlOfPageFile('documentation/based/index.html'), '/documentation/maps/');
    expect(resolveHref('basemaps/', base)).toEqual({ type: 'internal', path: '/documentation/maps/basemaps/', fragment: null });
  });
});

describe('SiteIndex.lookup', () => {
  const index = new SiteIndex(['documentation/index.html', 'documentation/maps/index.html', 'documentation/data/x.json', 'documentation/Guide.pdf', 'documentation/v4.33/index.html']);
  it('serves folders by index.html with a trailing slash and files by name', () => {
    expect(index.lookup('/documentation/maps/')).toEqual({ status: 'ok', file: 'documentation/maps/index.html' });
    expect(index.lookup('/documentation/maps')).toEqual({ status: 'no-slash', file: 'documentation/maps/index.html', url: '/documentation/maps/' });
    expect(index.lookup('/documentation/v4.33')).toMatchObject({ status: 'no-slash' });
    expect(index.lookup('/documentation/data/x.json')).toEqual({ status: 'ok', file: 'documentation/data/x.json' });
    expect(index.lookup('/documentation/data/x.json/')).toMatchObject({ status: 'missing' });
    expect(index.lookup('/documentation/data/')).toMatchObject({ status: 'missing' });
  });
  it('knows the real letter case', () => {
    expect(index.caseInsensitive('/documentation/guide.pdf')).toBe('/documentation/Guide.pdf');
    expect(index.caseInsensitive('/documentation/MAPS')).toBe('/documentation/maps/');
    expect(index.caseInsensitive('/documentation/nope/')).toBeNull();
  });
});

describe('RedirectMatcher', () => {
  const m = new RedirectMatcher([
    { fromPath: '/documentation/old/', toPath: '/documentation/new/' },
    { fromPath: '/documentation/guides/:slug/:part/', toPath: '/documentation/tutorials/:slug/:part/' },
    { fromPath: '/documentation/legacy/*', toPath: '/documentation/:splat' },
    { fromPath: '/rest/*', toPath: 'https://developers.arcgis.com/rest/*' },
  ]);
  it('matches exact sources case-insensitively, with or without the trailing slash', () => {
    expect(m.match('/documentation/OLD/')).toBe('/documentation/new/');
    expect(m.match('/documentation/old')).toBe('/documentation/new/');
    expect(m.match('/documentation/older/')).toBeNull();
  });
  it('fills :name placeholders and the * splat', () => {
    expect(m.match('/documentation/guides/routing/intro/')).toBe('/documentation/tutorials/routing/intro/');
    expect(m.match('/documentation/guides/routing/')).toBeNull();
    expect(m.match('/Documentation/Legacy/a/b/')).toBe('/documentation/a/b/');
    expect(m.match('/rest/services/')).toBe('https://developers.arcgis.com/rest/services/');
  });
  it('reads redirects.json and _redirects', () => {
    expect(parseRedirectRules('[{"fromPath":"/a","toPath":"/b","isPermanent":true}]')).toEqual([{ fromPath: '/a', toPath: '/b' }]);
    expect(parseRedirectRules('# c\n/a  /b  301\n/c /d\n/e /f 200\n')).toEqual([{ fromPath: '/a', toPath: '/b' }, { fromPath: '/c', toPath: '/d' }]);
    expect(() => parseRedirectRules('[{"from": 1}]')).toThrow(/entry 1/);
  });
});

describe('extractPage and parseSrcset', () => {
  it('extracts link references, anchors and base with attribute offsets, decoding entities', () => {
    const html = '<base href="/x/"><a id="top-link" href="/a?b=1&amp;c=2">a</a>\n<a name="old"></a><link href="https://fonts" rel="preconnect"><link rel="canonical" href="/c/">'
      + '<img src="i.png" srcset="i-1.png 1x, i,2.png 2x"><input name="q"><script src="s.js"></script>';
    const page = extractPage(html);
    expect(page.baseHref).toBe('/x/');
    expect(page.anchors).toEqual(['top-link', 'old']);
    expect(page.refs.map((r) => [r.href, r.role, r.check])).toEqual([
      ['/a?b=1&c=2', 'page', true],
      ['https://fonts', 'asset', false],
      ['/c/', 'page', true],
      ['i.png', 'asset', true],
      ['i-1.png', 'asset', true],
      ['i,2.png', 'asset', true],
      ['s.js', 'asset', true],
    ]);
    expect(html.slice(page.offsets[0], page.offsets[0]! + 4)).toBe('href');
  });
  it('splits srcset candidates the way the HTML spec does', () => {
    expect(parseSrcset('a.png 1x, b.png 2x')).toEqual(['a.png', 'b.png']);
    // a comma with no space before it belongs to the URL (spec), as browsers do
    expect(parseSrcset(' a.png,b.png, c.png 100w ')).toEqual(['a.png,b.png', 'c.png']);
    expect(parseSrcset('data:image/png;base64,AAA= 1x, x.png (odd, descriptor) 2x')).toEqual(['data:image/png;base64,AAA=', 'x.png']);
  });
});

describe('alignLinks', () => {
  it('aligns the Markdown record with the page, skipping template links that repeat an href', () => {
    const page = ['/', '/b/', 'nav', '/a/', '/b/', '/b/', '/c/', '/b/'];
    expect(alignLinks(['/a/', '/b/', '/b/', '/c/'], page)).toEqual([-1, -1, -1, 0, 1, 2, 3, -1]);
    expect(alignLinks(['/b/'], ['/b/', 'x', '/b/'])).toEqual([0, -1, -1]);
    expect(alignLinks([], ['/a/'])).toEqual([-1]);
  });
});
