// The browser runtime in Debian's headless Chromium against a real build of fixtures/client/site: navigation,
// the loader's fallbacks and retries, prefetching, scroll, announcements, reloads, redirects, messages,
// translations, data fetching and color modes. One build and one browser for the file; a context per test.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openTab, startHarness, type Harness, type Tab } from './harness.js';

const P = '/documentation';
let h: Harness;
const tabs: Tab[] = [];

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  h.server.rules.length = 0;
  await Promise.all(tabs.splice(0).map((t) => t.close()));
});

type Options = Parameters<typeof openTab>[1];

/** Opens a page of the site in a fresh tab and waits for hydration. */
async function open(path: string, options: Options = {}): Promise<Tab> {
  const tab = await openTab(h.browser, options);
  tabs.push(tab);
  await tab.page.goto(h.server.origin() + path);
  await hydrated(tab.page);
  return tab;
}

/** Requests made since `from` (an index into the log), as `METHOD url`. */
function since(from: number): string[] {
  return h.server.log.slice(from).map((e) => `${e.method} ${e.url}`);
}

/** Document (full page) loads of a path since `from`. */
function documentLoads(from: number, path: string): number {
  return h.server.log.slice(from).filter((e) => e.method === 'GET' && e.url === path && e.dest === 'document').length;
}

const setMarker = (t: Tab) => t.page.evaluate(() => ((window as unknown as { marker?: number }).marker = 42));
const marker = (t: Tab) => t.page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null);
const navigate = (t: Tab, to: string) =>
  t.page.evaluate((to) => (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to), to);
/** The tab has loaded `path` as a new document: the window marker is gone. */
async function expectFullLoad(t: Tab, path: string): Promise<void> {
  await t.page.waitForURL((u) => u.pathname === path, { waitUntil: 'load' });
  await expect.poll(() => marker(t).catch(() => 'still navigating'), { timeout: 5000 }).toBeNull();
}
/** Starts a navigation that is expected to end in a full page load (the evaluation must not wait for it). */
const navigateAway = (t: Tab, to: string) =>
  t.page.evaluate((to) => {
    setTimeout(() => void (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to), 50);
  }, to);

describe('client-side navigation', () => {
  it('follows an internal link without reloading: a window marker survives, only data is fetched', async () => {
    const t = await open(`${P}/guide/`);
    await setMarker(t);
    const from = h.server.log.length;
    await t.page.click(`.sidebar a[href="${P}/guide/first-steps/"]`);
    await t.page.waitForURL(`**${P}/guide/first-steps/`);
    await expect.poll(() => t.page.textContent('main h1')).toBe('First steps');
    expect(await marker(t)).toBe(42);
    expect(since(from)).toContain(`GET ${P}/page-data/guide/first-steps/page-data.json`);
    expect(documentLoads(from, `${P}/guide/first-steps/`)).toBe(0);
    expect(await t.page.title()).toBe('First steps | Esri Developer');
  });

  it('leaves modified clicks, targets, downloads, external, file and #anchor links to the browser', async () => {
    const t = await open(`${P}/guide/`);
    const handled = await t.page.evaluate((P) => {
      const cases: Array<[string, string, Record<string, string>, MouseEventInit]> = [
        ['ctrl', `${P}/guide/second/`, {}, { ctrlKey: true }],
        ['meta', `${P}/guide/second/`, {}, { metaKey: true }],
        ['shift', `${P}/guide/second/`, {}, { shiftKey: true }],
        ['alt', `${P}/guide/second/`, {}, { altKey: true }],
        ['middle button', `${P}/guide/second/`, {}, { button: 1 }],
        ['target _blank', `${P}/guide/second/`, { target: '_blank' }, {}],
        ['download', `${P}/guide/second/`, { download: '' }, {}],
        ['rel external', `${P}/guide/second/`, { rel: 'external' }, {}],
        ['other origin', `https://example.com${P}/guide/second/`, {}, {}],
        ['outside the prefix', '/elsewhere/', {}, {}],
        ['a file', `${P}/guide/manual.pdf`, {}, {}],
        ['#anchor on this page', '#middle', {}, {}],
        ['plain', `${P}/guide/second/`, {}, {}],
      ];
      const out: Record<string, boolean> = {};
      let current = '';
      // runs after the runtime's document listener; stops the browser's own navigation
      window.addEventListener('click', (e) => {
        out[current] = e.defaultPrevented;
        e.preventDefault();
      });
      for (const [name, href, attrs, init] of cases) {
        const a = document.createElement('a');
        a.href = href;
        for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
        a.textContent = name;
        document.querySelector('main')!.appendChild(a);
        current = name;
        a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, ...init }));
      }
      return out;
    }, P);
    expect(handled).toEqual({
      ctrl: false, meta: false, shift: false, alt: false, 'middle button': false, 'target _blank': false,
      download: false, 'rel external': false, 'other origin': false, 'outside the prefix': false, 'a file': false,
      '#anchor on this page': false, plain: true,
    });
    await t.page.waitForURL(`**${P}/guide/second/`);
  });

  it('builds page-data URLs from the path (index for the home page, the query kept) and asks for app-data', async () => {
    const t = await open(`${P}/guide/`);
    const from = h.server.log.length;
    await navigate(t, `${P}/`);
    await navigate(t, `${P}/guide/second/?x=1#top`);
    const requests = since(from);
    expect(requests).toContain(`GET ${P}/page-data/index/page-data.json`);
    expect(requests).toContain(`GET ${P}/page-data/guide/second/page-data.json?x=1`);
    expect(requests).toContain(`GET ${P}/page-data/app-data.json`);
    expect(new URL(t.page.url()).pathname + new URL(t.page.url()).search).toBe(`${P}/guide/second/?x=1`);
  });

  it('corrects an address that differs from the stored page path, without a reload', async () => {
    const from = h.server.log.length;
    const t = await open(`${P}/guide/second`);
    await expect.poll(() => new URL(t.page.url()).pathname).toBe(`${P}/guide/second/`);
    expect(documentLoads(from, `${P}/guide/second`)).toBe(1);
    expect(documentLoads(from, `${P}/guide/second/`)).toBe(0);
  });
});

describe('the loader', () => {
  it('renders the 404 page in place for a missing page, confirmed absent with a HEAD request', async () => {
    const t = await open(`${P}/guide/`);
    await setMarker(t);
    const from = h.server.log.length;
    await navigate(t, `${P}/guide/missing/`);
    expect(await t.page.textContent('main h1')).toBe('Page not found');
    expect(new URL(t.page.url()).pathname).toBe(`${P}/guide/missing/`);
    expect(await marker(t)).toBe(42);
    expect(since(from)).toEqual(
      expect.arrayContaining([
        `GET ${P}/page-data/guide/missing/page-data.json`,
        `GET ${P}/page-data/404.html/page-data.json`,
        `HEAD ${P}/guide/missing/`,
      ]),
    );
  });

  it('loads the page fully when its page-data is missing but the HEAD request finds the HTML', async () => {
    const t = await open(`${P}/guide/`);
    await setMarker(t);
    h.server.rules.push({ method: 'GET', path: `${P}/page-data/guide/third/page-data.json`, status: 404 });
    const from = h.server.log.length;
    await navigateAway(t, `${P}/guide/third/`);
    await expect.poll(() => documentLoads(from, `${P}/guide/third/`)).toBe(1);
    expect(since(from)).toContain(`HEAD ${P}/guide/third/`);
    await expectFullLoad(t, `${P}/guide/third/`);
  });

  it('renders the 500 page in place when page-data answers 500', async () => {
    const t = await open(`${P}/guide/`);
    await setMarker(t);
    h.server.rules.push({ path: `${P}/page-data/guide/fourth/page-data.json`, status: 500 });
    const from = h.server.log.length;
    await navigate(t, `${P}/guide/fourth/`);
    expect(await t.page.textContent('main h1')).toBe('Something went wrong');
    expect(new URL(t.page.url()).pathname).toBe(`${P}/guide/fourth/`);
    expect(since(from)).toContain(`GET ${P}/page-data/500.html/page-data.json`);
    expect(await marker(t)).toBe(42);
  });

  it('retries other page-data failures 3 times, then loads the page fully', async () => {
    const t = await open(`${P}/guide/`);
    await setMarker(t);
    const url = `${P}/page-data/guide/fifth/page-data.json`;
    h.server.rules.push({ path: url, status: 503 });
    const from = h.server.log.length;
    await navigateAway(t, `${P}/guide/fifth/`);
    await expect.poll(() => documentLoads(from, `${P}/guide/fifth/`)).toBe(1);
    const before = since(from).slice(0, since(from).indexOf(`GET ${P}/guide/fifth/`));
    expect(before.filter((r) => r === `GET ${url}`)).toHaveLength(4);
  });

  it('succeeds client-side when page-data fails twice and app-data keeps failing (3 retries each)', async () => {
    const t = await open(`${P}/guide/`);
    await setMarker(t);
    h.server.rules.push({ path: `${P}/page-data/guide/sixth/page-data.json`, status: 503, times: 2 });
    h.server.rules.push({ path: `${P}/page-data/app-data.json`, status: 502 });
    const from = h.server.log.length;
    await navigate(t, `${P}/guide/sixth/`);
    expect(await t.page.textContent('main h1')).toBe('Sixth page');
    expect(await marker(t)).toBe(42);
    expect(since(from).filter((r) => r === `GET ${P}/page-data/guide/sixth/page-data.json`)).toHaveLength(3);
    expect(since(from).filter((r) => r === `GET ${P}/page-data/app-data.json`)).toHaveLength(4);
  });

  it('fires the delayed-navigation event after 1000 ms, shows the progress bar, and the update event at the end', async () => {
    const t = await open(`${P}/guide/`);
    await t.page.evaluate(() => {
      const w = window as unknown as { events: Array<[string, number]> };
      w.events = [];
      for (const name of ['docsgen:route-update-delayed', 'docsgen:route-update']) {
        window.addEventListener(name, () => w.events.push([name, performance.now()]));
      }
      // the templates' loading indicator, seen whenever it is in the document
      new MutationObserver(() => {
        if (document.querySelector('calcite-progress.route-progress') && w.events.at(-1)?.[0] !== 'progress bar') w.events.push(['progress bar', performance.now()]);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await navigate(t, `${P}/guide/second/`);
    expect(await t.page.evaluate(() => (window as unknown as { events: unknown[] }).events.map((e) => (e as string[])[0]))).toEqual([
      'docsgen:route-update',
    ]);
    h.server.rules.push({ path: `${P}/page-data/guide/seventh/page-data.json`, delayMs: 1600 });
    const started = await t.page.evaluate((to) => {
      void (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to);
      return performance.now();
    }, `${P}/guide/seventh/`);
    await expect.poll(() => t.page.textContent('main h1'), { timeout: 5000 }).toBe('Seventh page');
    const events = (await t.page.evaluate(() => (window as unknown as { events: Array<[string, number]> }).events)).slice(1);
    expect(events.map((e) => e[0])).toEqual(['docsgen:route-update-delayed', 'progress bar', 'docsgen:route-update']);
    expect(events[0]![1] - started).toBeGreaterThanOrEqual(995);
    expect(events[0]![1] - started).toBeLessThan(1500);
    expect(await t.page.$('calcite-progress.route-progress')).toBeNull();
  });

  it('reloads once per session when the page comes from another build', async () => {
    const transform = (text: string) => text.replace(/"webpackCompilationHash":"[^"]*"/, '"webpackCompilationHash":"0000another0000build"');
    h.server.rules.push({ path: `${P}/page-data/guide/ninth/page-data.json`, transform });
    const from = h.server.log.length;
    const t = await open(`${P}/guide/ninth/`);
    expect(documentLoads(from, `${P}/guide/ninth/`)).toBe(2);
    expect(await t.page.textContent('main h1')).toBe('Ninth page');
    expect(await t.page.evaluate(() => sessionStorage.getItem('docsgen-reload-compilation-hash-match'))).toBeNull();
    // a client navigation to a page of another build loads it fully
    h.server.rules.push({ path: `${P}/page-data/guide/eighth/page-data.json`, transform });
    await setMarker(t);
    const next = h.server.log.length;
    await navigateAway(t, `${P}/guide/eighth/`);
    await expect.poll(() => documentLoads(next, `${P}/guide/eighth/`)).toBeGreaterThanOrEqual(1);
    await expectFullLoad(t, `${P}/guide/eighth/`);
  });
});

describe('redirects in the browser', () => {
  it('follows a redirect source case-insensitively on a link click, without a reload', async () => {
    const t = await open(`${P}/`);
    await setMarker(t);
    const from = h.server.log.length;
    await t.page.click(`main a[href="${P}/Old-Guide/"]`);
    await t.page.waitForURL(`**${P}/guide/`);
    await expect.poll(() => t.page.textContent('main h1')).toBe('Guide');
    expect(await marker(t)).toBe(42);
    expect(since(from)).toContain(`GET ${P}/page-data/guide/page-data.json`);
    expect(since(from).filter((r) => /old-guide/i.test(r))).toEqual([]);
  });

  it('replaces a redirect source address on arrival (pattern redirect)', async () => {
    const t = await openTab(h.browser);
    tabs.push(t);
    await t.page.goto(h.server.origin() + `${P}/LEGACY/second/?q=1`);
    await t.page.waitForURL(`**${P}/guide/second/?q=1`);
    await hydrated(t.page);
    expect(await t.page.textContent('main h1')).toBe('Second page');
  });
});

describe('scroll, announcements and focus', () => {
  it('starts new pages at the top, restores the position on back, and scrolls to an #anchor', async () => {
    const t = await open(`${P}/guide/long/`);
    // the paragraph in the middle of the viewport is what the reader was reading
    const reading = () => t.page.evaluate(() => document.elementFromPoint(640, 500)?.textContent?.slice(0, 40));
    await t.page.evaluate(() => window.scrollTo(0, 2000));
    await t.page.waitForFunction(() => sessionStorage.getItem(`@@scroll|${location.pathname}|initial`) === '2000');
    const before = await reading();
    await navigate(t, `${P}/guide/first-steps/`);
    await expect.poll(() => t.page.evaluate(() => window.scrollY)).toBe(0);
    await t.page.goBack();
    await expect.poll(() => t.page.textContent('main h1')).toBe('Long page');
    await expect.poll(() => t.page.evaluate(() => window.scrollY)).toBe(2000);
    expect(await reading()).toBe(before);
    await t.page.goForward();
    await expect.poll(() => t.page.textContent('main h1')).toBe('First steps');
    await expect.poll(() => t.page.evaluate(() => window.scrollY)).toBe(0);
    await navigate(t, `${P}/guide/long/#middle`);
    // the heading sits at the top of the viewport (below any scroll padding the styles reserve for the header)
    const offset = () =>
      t.page.evaluate(() => {
        const el = document.getElementById('middle')!;
        const reserved = (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) + (parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
        return Math.round(el.getBoundingClientRect().top - reserved);
      });
    await expect.poll(offset).toBe(0);
    expect(await t.page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  it('announces "Navigated to {first heading}" in the live region and moves focus to the main content', async () => {
    const t = await open(`${P}/guide/`);
    expect(await t.page.textContent('#docsgen-announcer')).toBe('');
    await t.page.click(`.sidebar a[href="${P}/guide/second/"]`);
    await expect.poll(() => t.page.textContent('#docsgen-announcer')).toBe('Navigated to Second page');
    expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await t.page.getAttribute('#docsgen-announcer', 'aria-live')).toBe('assertive');
  });
});

describe('prefetching', () => {
  const pageData = /^\/documentation\/page-data\/(?!app-data).*page-data\.json$/;

  it('prefetches links in view in batches of 4 every 3 seconds: page-data, then the template chunk', async () => {
    const t = await open(`${P}/guide/`, { viewport: { width: 1280, height: 1400 } });
    const t0 = Date.now();
    const from = h.server.log.length;
    const prefetched = () => h.server.log.slice(from).filter((e) => e.method === 'GET' && pageData.test(e.url));
    await expect.poll(prefetched, { timeout: 9000, interval: 100 }).toHaveLength(8);
    const times = prefetched().map((e) => e.at - t0);
    expect(times[0]).toBeGreaterThanOrEqual(2500);
    // two batches of 4: within a batch the requests start together, the next batch 3 s later
    expect(times[3]! - times[0]!).toBeLessThan(500);
    expect(times[4]! - times[3]!).toBeGreaterThanOrEqual(2900);
    expect(times[7]! - times[4]!).toBeLessThan(500);
    expect(h.server.requests(/^\/documentation\/component---doc-[0-9a-f]+\.js$/, 'GET').filter((e) => e.at >= t0 + 2000)).toHaveLength(1);
    expect(await t.page.evaluate(() => document.querySelectorAll('link[rel=modulepreload][href*="component---doc"]').length)).toBe(1);
  }, 20_000);

  it('loads a hovered link at once', async () => {
    const t = await open(`${P}/guide/`);
    const from = h.server.log.length;
    await t.page.hover(`.sidebar a[href="${P}/guide/long/"]`);
    await expect.poll(() => since(from), { timeout: 1500 }).toContain(`GET ${P}/page-data/guide/long/page-data.json`);
  });

  it('prefetches nothing on 2g, with data saver on, or for a bot', async () => {
    const connection = (c: object) =>
      `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => (${JSON.stringify(c)}) });`;
    const from = h.server.log.length;
    const variants: Options[] = [
      { init: connection({ effectiveType: '2g', saveData: false }) },
      { init: connection({ effectiveType: '4g', saveData: true }) },
      { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ];
    const opened = await Promise.all(variants.map((v) => open(`${P}/guide/`, v)));
    await opened[0]!.page.hover(`.sidebar a[href="${P}/guide/long/"]`);
    await new Promise((r) => setTimeout(r, 4000));
    const requests = since(from).filter((r) => pageData.test(r.slice(4)));
    expect(requests).toEqual(Array(3).fill(`GET ${P}/page-data/guide/page-data.json`));
  });
});

describe('console messages', () => {
  const text = (t: Tab) => t.messages.map((m) => m.text);

  it('reports a static query that cannot load and does not hydrate', async () => {
    h.server.rules.push({ path: /\/page-data\/sq\/d\/[0-9a-f]+\.json$/, status: 500, body: 'oops' });
    const t = await openTab(h.browser);
    tabs.push(t);
    await t.page.goto(h.server.origin() + `${P}/guide/eighth/`);
    await expect.poll(() => text(t)).toContain(`page resources for ${P}/guide/eighth/ not found. Not rendering React`);
    expect(text(t).some((m) => /^We couldn't load "\/documentation\/page-data\/sq\/d\/[0-9a-f]+\.json"$/.test(m))).toBe(true);
    expect(await t.page.evaluate(() => Boolean(window.___docsgenRuntime))).toBe(false);
  });

  it('reports page-data naming a template chunk this app does not have', async () => {
    h.server.rules.push({
      path: `${P}/page-data/guide/ninth/page-data.json`,
      transform: (s) => s.replace('"componentChunkName":"component---doc"', '"componentChunkName":"component---gone"'),
    });
    const t = await openTab(h.browser);
    tabs.push(t);
    await t.page.goto(h.server.origin() + `${P}/guide/ninth/`);
    await expect.poll(() => text(t)).toContain(`page resources for ${P}/guide/ninth/ not found. Not rendering React`);
    expect(text(t)).toContain(`We couldn't find the correct component chunk with the name "component---gone"`);
  });

  it('goes to the page with a full load when its template chunk fails to load', async () => {
    const t = await open(`${P}/guide/second/`);
    await setMarker(t);
    h.server.rules.push({ path: /^\/documentation\/component---home-[0-9a-f]+\.js$/, status: 404 });
    const from = h.server.log.length;
    await navigateAway(t, `${P}/`);
    await expect.poll(() => documentLoads(from, `${P}/`)).toBe(1);
    await expectFullLoad(t, `${P}/`);
  });
});

describe('translations and data fetching', () => {
  it('resolves locale aliases and falls back to English when a locale file fails', async () => {
    const t = await open(`${P}/guide/`);
    const resolved = await t.page.evaluate(() => {
      const n = window.___docsgenRuntime!.normalizeLocale as (l: string) => string;
      return Object.fromEntries(['pt', 'nb', 'nn', 'zh', 'pt-BR', 'de-AT', 'EN-us', 'zh-TW', 'xx'].map((l) => [l, n(l)]));
    });
    expect(resolved).toEqual({ pt: 'pt-PT', nb: 'no', nn: 'no', zh: 'zh-CN', 'pt-BR': 'pt-BR', 'de-AT': 'de', 'EN-us': 'en', 'zh-TW': 'zh-TW', xx: 'en' });
    h.server.rules.push({ path: `${P}/calcite/assets/alert/t9n/messages.fr.json`, status: 404 });
    const from = h.server.log.length;
    const messages = await t.page.evaluate(async () => {
      const load = window.___docsgenRuntime!.loadMessages as (c: string, l: string) => Promise<Record<string, string>>;
      return { pt: await load('alert', 'pt'), nb: await load('alert', 'nb'), fr: await load('alert', 'fr') };
    });
    expect(messages).toEqual({ pt: { close: 'Fechar' }, nb: { close: 'Lukk' }, fr: { close: 'Close' } });
    expect(since(from)).toEqual([
      `GET ${P}/calcite/assets/alert/t9n/messages.pt-PT.json`,
      `GET ${P}/calcite/assets/alert/t9n/messages.no.json`,
      `GET ${P}/calcite/assets/alert/t9n/messages.fr.json`,
      `GET ${P}/calcite/assets/alert/t9n/messages.en.json`,
    ]);
  });

  it('retries data requests after 1 s then 2 s, and does not refetch when the window regains focus', async () => {
    const t = await open(`${P}/guide/`);
    const url = `${P}/data/widget.json`;
    h.server.rules.push({ path: url, status: 503, times: 2 }, { path: url, status: 200, body: '{"ok":true}' });
    const result = await t.page.evaluate((u) => (window.___docsgenRuntime!.fetchData as (u: string) => Promise<unknown>)(u), url);
    expect(result).toEqual({ ok: true });
    const times = h.server.requests(url).map((e) => e.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(times[1]! - times[0]!).toBeLessThan(1600);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1950);
    expect(times[2]! - times[1]!).toBeLessThan(2600);
    await t.page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await t.page.evaluate((u) => (window.___docsgenRuntime!.fetchData as (u: string) => Promise<unknown>)(u), url);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.server.requests(url)).toHaveLength(3);
  });
});

describe('color modes', () => {
  const bodyClass = (t: Tab) => t.page.evaluate(() => document.body.className);
  const background = (t: Tab) => t.page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('switches auto, dark and light from the header, remembers the choice, and auto follows the system', async () => {
    const t = await open(`${P}/guide/`, { colorScheme: 'light' });
    expect(await bodyClass(t)).toBe('calcite-mode-auto');
    const light = await background(t);
    await t.page.click('calcite-segmented-control-item[data-mode="dark"]');
    await expect.poll(() => bodyClass(t)).toBe('calcite-mode-dark');
    const dark = await background(t);
    expect(dark).not.toBe(light);
    expect(await t.page.evaluate(() => localStorage.getItem('docsgen:color-mode'))).toBe('dark');
    await t.page.reload();
    await hydrated(t.page);
    expect(await bodyClass(t)).toBe('calcite-mode-dark');
    await t.page.click('calcite-segmented-control-item[data-mode="auto"]');
    await expect.poll(() => bodyClass(t)).toBe('calcite-mode-auto');
    expect(await background(t)).toBe(light);
    await t.page.emulateMedia({ colorScheme: 'dark' });
    expect(await background(t)).toBe(dark);
    await t.page.click('calcite-segmented-control-item[data-mode="light"]');
    await expect.poll(() => bodyClass(t)).toBe('calcite-mode-light');
    expect(await background(t)).toBe(light);
  });
});

describe('accessibility and speed', () => {
  const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

  it.each([
    ['the home page', `${P}/`],
    ['a doc page', `${P}/guide/long/`],
    ['the 404 page', `${P}/no-such-page/`],
  ])('axe-core finds no serious or critical violation on %s', async (_name, path) => {
    const t = await open(path);
    // Calcite elements get their labels as properties after hydration, then render them in their shadow roots
    await t.page.waitForFunction(() =>
      [...document.querySelectorAll('calcite-menu-item')].every((e) => e.hasAttribute('calcite-hydrated') && e.shadowRoot?.textContent?.trim()),
    );
    await t.page.addScriptTag({ content: await axeSource });
    const violations = await t.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
      const result = await axe.run(document);
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
  });

  it('makes a doc page interactive quickly (time to interactive measured in the browser)', async () => {
    const t = await open(`${P}/guide/second/`);
    const tti = await t.page.evaluate(() => performance.getEntriesByName('docsgen:interactive')[0]!.startTime);
    console.log(`time to interactive of a doc page: ${Math.round(tti)} ms`);
    expect(tti).toBeGreaterThan(0);
    expect(tti).toBeLessThan(5000);
  });
});
