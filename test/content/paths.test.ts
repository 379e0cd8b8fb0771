import { describe, expect, it } from 'vitest';
import { isExemptPath, pagePathOf, rewriteHref } from '../../src/content/paths.js';

const ctx = { relFile: 'maps/basemaps.md', pathPrefix: '/documentation' };

describe('pagePathOf', () => {
  it.each([
    ['index.md', '/'],
    ['maps/index.md', '/maps/'],
    ['maps/basemaps.md', '/maps/basemaps/'],
    ['a/b/c.md', '/a/b/c/'],
  ])('%s → %s', (file, path) => expect(pagePathOf(file)).toBe(path));
});

describe('rewriteHref', () => {
  it.each([
    ['/routing/', '/documentation/routing/'],
    ['/routing', '/documentation/routing/'],
    ['/routing/#anchor', '/documentation/routing/#anchor'],
    ['/routing?x=1#a', '/documentation/routing/?x=1#a'],
    ['/documentation/routing/', '/documentation/routing/'],
    ['/', '/documentation/'],
    ['./layers.md', '/documentation/maps/layers/'],
    ['layers.md#styles', '/documentation/maps/layers/#styles'],
    ['../glossary/index.md', '/documentation/glossary/'],
    ['../index.md', '/documentation/'],
    ['/files/guide.pdf', '/documentation/files/guide.pdf'],
    ['/data/sample.json', '/documentation/data/sample.json'],
    ['/sitemap.xml', '/documentation/sitemap.xml'],
    ['/downloads/data.zip', '/documentation/downloads/data.zip'],
    ['https://example.com/a', 'https://example.com/a'],
    ['mailto:docs@example.com', 'mailto:docs@example.com'],
    ['//cdn.example.com/x.js', '//cdn.example.com/x.js'],
    ['#local', '#local'],
  ])('%s → %s', (href, expected) => expect(rewriteHref(href, ctx)).toBe(expected));

  it('works with an empty prefix', () => {
    expect(rewriteHref('/routing', { relFile: 'a.md', pathPrefix: '' })).toBe('/routing/');
  });
});

describe('isExemptPath', () => {
  it('exempts exactly the seed extensions', () => {
    for (const ext of ['html', 'json', 'js', 'map', 'txt', 'xml', 'pdf']) expect(isExemptPath(`/a/file.${ext}`)).toBe(true);
    expect(isExemptPath('/a/page/')).toBe(false);
    expect(isExemptPath('/a/file.md')).toBe(false);
  });
});
