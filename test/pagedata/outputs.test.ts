import { describe, expect, it } from 'vitest';
import { OutputClaims } from '../../src/pagedata/outputs.js';

const pageAt = (claims: OutputClaims, file: string, pagePath: string) => claims.claimPage({ name: file, pagePath }, pagePath);

describe('OutputClaims', () => {
  it('keeps the web root files of an empty prefix for docsgen too', () => {
    const claims = new OutputClaims('');
    pageAt(claims, 'content/_redirects.md', '/_redirects/');
    pageAt(claims, 'content/sw.js.md', '/sw.js/');
    pageAt(claims, 'content/__third-party-proxy.md', '/__third-party-proxy/');
    expect(claims.diagnostics.map((d) => d.message)).toEqual([
      'content/_redirects.md would write _redirects/index.html, but _redirects is the redirects file for Netlify and Cloudflare',
      'content/sw.js.md would write sw.js/index.html, but sw.js is the service worker',
      'content/__third-party-proxy.md would write __third-party-proxy/index.html, but __third-party-proxy is the third-party script proxy',
    ]);
  });

  it('keeps the names of the content-hashed bundles, which are known only once bundled', () => {
    const claims = new OutputClaims('documentation');
    pageAt(claims, 'content/component---doc-0a1b2c3d4e5f.js.md', '/component---doc-0a1b2c3d4e5f.js/');
    pageAt(claims, 'content/guide/app-1.js.md', '/guide/app-1.js/');
    expect(claims.diagnostics.map((d) => [d.code, d.location?.file])).toEqual([['DG3011', 'content/component---doc-0a1b2c3d4e5f.js.md']]);
  });

  it('reports one pair of sources once, however many of their files collide', () => {
    const claims = new OutputClaims('documentation');
    pageAt(claims, 'content/Guide/a.md', '/Guide/a/');
    pageAt(claims, 'content/guide/b.md', '/guide/b/');
    pageAt(claims, 'content/guide/c.md', '/guide/c/');
    expect(claims.diagnostics.map((d) => d.message)).toEqual([
      'content/Guide/a.md and content/guide/b.md write to documentation/Guide and documentation/guide, which differ only in case: one path on macOS and Windows',
    ]);
  });

  it('lets pages share folders, and page-data live in the page-data folder', () => {
    const claims = new OutputClaims('documentation');
    pageAt(claims, 'content/index.md', '/');
    pageAt(claims, 'content/guide/index.md', '/guide/');
    pageAt(claims, 'content/guide/a.md', '/guide/a/');
    pageAt(claims, 'content/sq/d.md', '/sq/d/');
    expect(claims.diagnostics).toEqual([]);
    expect(claims.ownerOf('documentation/guide/a/index.html')?.name).toBe('content/guide/a.md');
    expect(claims.ownerOf('documentation/page-data/guide/page-data.json')?.name).toBe('content/guide/index.md');
    expect(claims.ownerOf('documentation/static/0123456789ab/x.png')?.name).toBe('the optimized images');
    expect(claims.ownerOf('documentation/unknown.txt')).toBeNull();
  });
});
