// Browser redirects whatever the case of the path prefix (issue 21): a link to `/Documentation/old-guide/` is a
// redirect source as nginx sees it (its map ignores ASCII case), so the runtime takes the click over and goes to
// the target without a reload. The rule as a property, then in Debian's Chromium on a build of fixtures/client/site.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkRedirect, underPrefixAnyCase } from '../../src/client/redirects.js';
import { toBrowserRedirects, type RedirectRule } from '../../src/redirects/index.js';
import { hydrated, openTab, startHarness, type Harness, type Tab } from './harness.js';
import { startSiteServer, type SiteServer } from './site-server.js';
import { assertReaching } from '../helpers/reach.js';

const P = '/documentation';

/** Every ASCII-case spelling fast-check picks of a string. */
const anyCase = (s: string) => fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));

const rule = (from: string, to: string): RedirectRule => ({ from, to, status: 301, fromPath: from, toPath: to, isPermanent: true, ignoreCase: true, redirectInBrowser: true, location: { file: 'redirects/a.yaml', line: 1, column: 1 } });
const data = toBrowserRedirects([rule(`${P}/old-guide/`, `${P}/guide/`), rule(`${P}/legacy/:page/`, `${P}/guide/:page/`)]);

describe('linkRedirect: the prefix in any case', () => {
  it('finds the redirect of a source whatever the case of its prefix and path, query kept', () => {
    assertReaching(
      fc.property(anyCase(P), anyCase('/old-guide'), fc.constantFrom('', '/'), fc.constantFrom('', '?a=1'), (prefix, rest, slash, search) => {
        expect(linkRedirect(data, prefix + rest + slash, search, P)).toBe(`${P}/guide/${search}`);
      }),
    );
  });

  it('never matches outside the prefix, in any case', () => {
    assertReaching(
      fc.property(anyCase('/documentationx'), fc.constantFrom('/old-guide/', '/legacy/a/'), (outside, rest) => {
        expect(underPrefixAnyCase(outside + rest, P)).toBe(false);
        expect(linkRedirect(data, outside + rest, '', P)).toBeNull();
      }),
    );
  });

  it('accepts the prefix itself and refuses other paths', () => {
    expect([underPrefixAnyCase('/DOCUMENTATION', P), underPrefixAnyCase('/Documentation/', P), underPrefixAnyCase('/docs/', P)]).toEqual([true, true, false]);
    expect(linkRedirect(undefined, `${P}/old-guide/`, '', P)).toBeNull();
  });
});

describe('in Chromium: a link whose prefix differs in case', () => {
  let h: Harness;
  let server: SiteServer;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    h = await startHarness();
    server = await startSiteServer(h.webRoot);
  });
  afterAll(async () => {
    await Promise.all(tabs.map((t) => t.close()));
    await server?.close();
    await h?.close();
  });

  /** A hydrated home page with a link to `href` added to its article, and a marker that a reload would lose. */
  async function homeWithLink(href: string): Promise<Tab> {
    const t = await openTab(h.browser);
    tabs.push(t);
    await t.page.goto(server.origin() + `${P}/`);
    await hydrated(t.page);
    await t.page.evaluate((href) => {
      const a = document.createElement('a');
      a.id = 'case-link';
      a.href = href;
      a.textContent = 'case link';
      document.querySelector('main')!.append(a);
      (window as unknown as { marker: number }).marker = 42;
    }, href);
    return t;
  }
  const marker = (t: Tab) => t.page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null);

  it('follows /Documentation/old-guide/ to its target without a reload and without asking the server', async () => {
    const t = await homeWithLink(`/Documentation/old-guide/?from=nav`);
    const from = server.log.length;
    await t.page.click('#case-link');
    await t.page.waitForURL(`**${P}/guide/?from=nav`);
    await expect.poll(() => t.page.textContent('main h1'), { timeout: 8000 }).toBe('Guide');
    expect(await marker(t)).toBe(42);
    expect(server.log.slice(from).filter((e) => /old-guide/i.test(e.url))).toEqual([]);
  });

  it('follows a pattern source with the whole path in capitals', async () => {
    const t = await homeWithLink(`/DOCUMENTATION/LEGACY/second/`);
    await t.page.click('#case-link');
    await t.page.waitForURL(`**${P}/guide/second/`);
    await expect.poll(() => t.page.textContent('main h1'), { timeout: 8000 }).toBe('Second page');
    expect(await marker(t)).toBe(42);
  });

  it('leaves other paths with that prefix to the server (files are case-sensitive)', async () => {
    const t = await homeWithLink(`/Documentation/guide/`);
    const from = server.log.length;
    await t.page.click('#case-link');
    await expect.poll(() => server.log.slice(from).some((e) => e.url === '/Documentation/guide/' && e.dest === 'document'), { timeout: 8000 }).toBe(true);
  });
});
