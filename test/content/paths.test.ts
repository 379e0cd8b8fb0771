import { describe, expect, it } from 'vitest';
import { isExemptPath, pagePathOf, printablePath, rewriteHref, unsafeUrlCharacter } from '../../src/content/paths.js';

const ctx = { relFile: 'maps/basemaps.md', pathPrefix: '/documentation' };

describe('pagePathOf', () => {
  it.each([
    ['index.md', '/'],
    ['maps/index.md', '/maps/'],
    ['maps/basemaps.md', '/maps/basemaps/'],
    ['a/b/c.md', '/a/b/c/'],
    // `.md` in any case is a page, and `index` names the folder's page in any case, at the top as below it
    ['a/B.MD', '/a/B/'],
    ['INDEX.md', '/'],
    ['a/Index.MD', '/a/'],
  ])('%s → %s', (file, path) => expect(pagePathOf(file)).toBe(path));
});

describe('unsafeUrlCharacter', () => {
  it('finds the characters a URL path cannot carry as written, and no others', () => {
    for (const c of ['%', '#', '?', '\\', '\n', '\r', '\t', '\u0000', '\u001f', '\u007f', '\u0085', '\u2028', '\u2029', '\ufffd']) {
      expect(unsafeUrlCharacter(`a${c}b`)?.char, JSON.stringify(c)).toBe(c);
    }
    for (const name of ['a b', "it's [new] & (free)", 'caf\u00e9', 'cafe\u0301', '\u6f22\u5b57', '\u{1F600}', 'a;b=c,d+e@f!g$h*i~j', 'q"z<y>|^`{}']) {
      expect(unsafeUrlCharacter(name), name).toBeNull();
    }
  });

  it('says which character, and why, in words', () => {
    expect(unsafeUrlCharacter('100%')).toEqual({ char: '%', description: '`%`', why: 'it starts a percent-escape in a URL (write `percent`)' });
    expect(unsafeUrlCharacter('a\u2028b')?.description).toBe('a line separator (U+2028)');
    expect(unsafeUrlCharacter('a\u0007b')?.description).toBe('the control character U+0007');
  });
});

describe('printablePath', () => {
  it('keeps a problem on one line: control characters and line separators are escaped', () => {
    expect(printablePath('content/a\nb/c\rd\te\u2028f\u0007.md')).toBe('content/a\\nb/c\\rd\\te\\u2028f\\u0007.md');
    expect(printablePath('content/caf\u00e9 [1].md')).toBe('content/caf\u00e9 [1].md');
  });
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
