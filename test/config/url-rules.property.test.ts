import { decodeHTML } from 'entities';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.js';
import { checkConfigUrl } from '../../src/config/url-rules.js';
import { assertReaching } from '../helpers/reach.js';

// the contract's lists, written out here rather than taken from the code under test
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const SITE_SCHEMES = ['http', 'https'];

// The oracle is the WHATWG URL parser, which is how a browser reads an href: whatever the config accepts, a
// browser must read with an allowed scheme, and every script URL in disguise must be refused.
const BASE = 'https://docs.example.com/documentation/guide/';
const allowedLink = new Set(LINK_SCHEMES.map((s) => `${s}:`));
const allowedSite = new Set(SITE_SCHEMES.map((s) => `${s}:`));

/** The scheme a browser reads in an href on a page at BASE, or null when it is no URL at all. */
function protocolOf(url: string): string | null {
  try {
    return new URL(url, BASE).protocol;
  } catch {
    return null;
  }
}

const mixedCase = (s: fc.Arbitrary<string>) => fc.mixedCase(s);
const badScheme = fc.oneof(
  mixedCase(fc.constantFrom('javascript', 'vbscript', 'data', 'livescript', 'file', 'blob', 'about', 'jar', 'ftp', 'ws', 'view-source', 'filesystem')),
  fc.stringMatching(/^[a-z][a-z0-9+.-]{0,12}$/).filter((s) => !LINK_SCHEMES.includes(s.toLowerCase())),
);
// what browsers strip before reading a scheme: C0 controls and space around it, tab/CR/LF anywhere in it
const strippedAround = fc.string({ unit: fc.integer({ min: 0, max: 0x20 }).map((c) => String.fromCharCode(c)), maxLength: 4 });
const droppedInside = fc.constantFrom('\t', '\n', '\r');
const payload = fc.oneof(fc.constant('alert(1)'), fc.constant('text/html,<script>alert(1)</script>'), fc.string({ maxLength: 20 }));

/** A URL with a scheme outside the allowlist, as a browser would still read it. */
const disguisedScriptUrl = fc
  .tuple(strippedAround, badScheme, fc.array(fc.tuple(fc.nat(), droppedInside), { maxLength: 3 }), payload, strippedAround)
  .map(([before, scheme, inserts, rest, after]) => {
    let s = scheme;
    for (const [at, ch] of inserts) s = s.slice(0, at % (s.length + 1)) + ch + s.slice(at % (s.length + 1));
    return `${before}${s}:${rest}${after}`;
  });

/** The colon of a script URL written as an HTML character reference, or the whole scheme as references. */
const entityScriptUrl = fc
  .tuple(mixedCase(fc.constantFrom('javascript', 'vbscript', 'data')), fc.constantFrom('&#58;', '&#x3A;', '&#x3a', '&colon;', '&#0000058;', '%3A'), payload)
  .chain(([scheme, colon, rest]) =>
    fc.constantFrom(`${scheme}${colon}${rest}`, `${[...scheme].map((c) => `&#${c.charCodeAt(0)};`).join('')}:${rest}`, `&#${scheme.charCodeAt(0)};${scheme.slice(1)}:${rest}`),
  );

// mostly URLs near the line (it asserts on those the config accepts), with hostile ones among them
const anything = fc.oneof(
  { weight: 1, arbitrary: disguisedScriptUrl },
  { weight: 1, arbitrary: entityScriptUrl },
  { weight: 8, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }).chain((u) => fc.mixedCase(fc.constant(u))) },
  { weight: 6, arbitrary: fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom('/', '//', '/\\', '\\\\', 'http:', 'https:/', 'HTTPS://', 'https://docs.example.com/', 'mailto:', 'tel:'), fc.string({ maxLength: 20 })).map(([a, b]) => a + b) },
);

describe('URLs from the config', () => {
  it('refuses every scheme outside the allowlist, in any case, behind any control or space characters', () => {
    assertReaching(
      fc.property(disguisedScriptUrl, (url) => {
        // the generator is honest: a browser reads these with the bad scheme (or not as a URL at all)
        expect(allowedLink.has(protocolOf(url) ?? 'none')).toBe(false);
        expect(checkConfigUrl(url, 'link')).not.toBeNull();
        expect(checkConfigUrl(url, 'site')).not.toBeNull();
        expect(checkConfigUrl(`${url}{path}`, 'edit')).not.toBeNull();
        expect(siteConfigSchema.safeParse({ forumUrl: url }).success).toBe(false);
        expect(siteConfigSchema.safeParse({ siteUrl: url }).success).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses script URLs written with character references', () => {
    assertReaching(
      fc.property(entityScriptUrl, (url) => {
        expect(checkConfigUrl(url, 'link')).not.toBeNull();
        expect(checkConfigUrl(url, 'site')).not.toBeNull();
      }),
    );
  });

  it('accepts only what a browser reads as an allowed scheme, even after HTML decoding', () => {
    assertReaching(
      fc.property(anything, (url) => {
        if (checkConfigUrl(url, 'link') === null) {
          const read = new URL(url, BASE);
          expect(allowedLink.has(read.protocol)).toBe(true);
          expect(allowedLink.has(new URL(decodeHTML(url), BASE).protocol)).toBe(true);
          // a path is a path on this site, not another host
          if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) expect(read.origin).toBe(new URL(BASE).origin);
        }
        for (const pattern of [url, `${url}{path}`, url.replace(/^([^/]*\/\/)/, '$1{path}')]) {
          if (checkConfigUrl(pattern, 'edit') !== null) continue;
          // an edit link: http(s) with a host, and the page's path cannot change where it goes
          const read = new URL(pattern.split('{path}').join('a/b%20c.md'));
          expect(allowedSite.has(read.protocol)).toBe(true);
          expect(read.origin).toBe(new URL(pattern.split('{path}').join('x')).origin);
          expect(pattern).toContain('{path}');
        }
        if (checkConfigUrl(url, 'site') === null) {
          const read = new URL(url); // absolute: no base needed
          expect(allowedSite.has(read.protocol)).toBe(true);
          expect(read.hostname).not.toBe('');
          expect(read.search + read.hash).toBe('');
        }
      }),
      { numRuns: 2000 },
      // a sixth of the inputs are hostile URLs, refused (the properties above assert that); it asserts on the rest
      { min: 0.7 },
    );
  });

  it('accepts http and https URLs in any case of the scheme, mailto:, tel: and paths on the site', () => {
    const web = fc.tuple(fc.webUrl(), fc.boolean()).map(([u, upper]) => (upper ? u.replace(/^https?/, (s) => s.toUpperCase()) : u));
    assertReaching(
      fc.property(web, (url) => {
        expect(checkConfigUrl(url, 'link')).toBeNull();
        expect(checkConfigUrl(url, 'site')).toBeNull();
      }),
    );
    const accepted = (url: string) => {
      expect(checkConfigUrl(url, 'link'), url).toBeNull();
    };
    assertReaching(fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), accepted));
    assertReaching(fc.property(fc.emailAddress(), (email) => accepted(`mailto:${email}`)));
    assertReaching(fc.property(fc.stringMatching(/^\+?[0-9]{3,15}$/), (tel) => accepted(`tel:${tel}`)));
    assertReaching(fc.property(fc.webPath().filter((p) => p.startsWith('/') && !p.startsWith('//')), accepted));
  });

  it('says which scheme it refused and what to write', () => {
    expect(checkConfigUrl(' \tJaVa\nScript:alert(1)', 'link')).toEqual({
      message: '` \\u0009JaVa\\u000AScript:alert(1)` uses the scheme `javascript:` (as a browser reads it), which is not allowed: it must be an http, https, mailto: or tel: URL, or a path on the site starting with `/`',
      hint: 'write it as `https://community.example.com/`',
    });
    expect(checkConfigUrl('mailto:docs@example.com', 'site')?.message).toBe('`mailto:docs@example.com` uses the scheme `mailto:`, which is not allowed: it must be an absolute http or https URL');
    expect(checkConfigUrl('//evil.example', 'link')?.message).toBe('`//evil.example` is not an http, https, mailto: or tel: URL, or a path on the site starting with `/`');
    expect(checkConfigUrl('https://docs.example.com/?a=1', 'site')?.message).toBe('`https://docs.example.com/?a=1` has a query, fragment or credentials; page paths are appended to it');
  });
});
