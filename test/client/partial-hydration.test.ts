// Partial hydration (issue 24) in Chromium against a real build of fixtures/client/site: doc and section pages
// stay the server's HTML (no React renders the article), their islands come alive, client navigation and
// prefetching fetch the `-rsc` page data, and the JavaScript a doc page loads before any interaction stays
// within its budget.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { hydrated, openTab, startHarness, type Harness, type Tab } from './harness.js';
import { startSiteServer, type SiteServer } from './site-server.js';

const P = '/documentation';
const WAIT = { timeout: 8000 };
/** The most gzipped JavaScript a doc page may load before the reader interacts (issue 24). */
const JS_BUDGET = 40 * 1024;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/**
 * Marks the server's article element with a JS property as soon as the document is parsed, before any
 * module script runs: the same object later still has it, a re-created one does not.
 */
const MARK_ARTICLE = `document.addEventListener('readystatechange', () => {
  const article = document.querySelector('.article');
  if (article && document.readyState === 'interactive') article.__serverNode = true;
});`;

async function setUp(ctx: TestContext, options: Parameters<typeof openTab>[1] = {}): Promise<{ server: SiteServer; tab: Tab }> {
  const server = await startSiteServer(h.webRoot);
  const tab = await openTab(h.browser, options);
  ctx.onTestFinished(async () => {
    await tab.close();
    await server.close();
  });
  return { server, tab };
}

/** True when React has rendered or hydrated the element (React keeps its fiber on the node). */
const reactOwns = (selector: string) => `Object.keys(document.querySelector(${JSON.stringify(selector)}) ?? {}).some((k) => k.startsWith('__react'))`;

describe('partial hydration of doc and section pages', () => {
  it('keeps the article the server HTML: the same node, never rendered by React, while the islands come alive', async (ctx) => {
    const { server, tab } = await setUp(ctx, { init: MARK_ARTICLE });
    const { page } = tab;
    await page.goto(`${server.origin()}${P}/guide/long/`);
    await hydrated(page);
    // the first interaction brings the header island (React and the component library) to life
    await page.mouse.move(20, 20);
    await page.waitForSelector('.site.is-enhanced calcite-navigation.site-nav', WAIT);
    expect(await page.evaluate('document.querySelector(".article").__serverNode')).toBe(true);
    expect(await page.evaluate(reactOwns('.article'))).toBe(false);
    expect(await page.evaluate(reactOwns('.article-body'))).toBe(false);
    // the header is an island React hydrated in place; the table of contents marks the section being read
    expect(await page.evaluate(reactOwns('.menu-button'))).toBe(true);
    await page.evaluate(() => document.querySelector('.article h2:last-of-type')?.scrollIntoView());
    await expect.poll(() => page.locator('.toc a[aria-current="true"]').count(), WAIT).toBe(1);
    expect(tab.messages.filter((m) => m.type === 'error' && !/service worker/i.test(m.text))).toEqual([]);
  });

  it('navigates with the -rsc page data and the page\'s document alone, and shows the right article, head and announcement', async (ctx) => {
    const { server, tab } = await setUp(ctx);
    const { page } = tab;
    const start = server.log.length;
    await page.goto(`${server.origin()}${P}/guide/fifth/`);
    await hydrated(page);
    // the page shown is not fetched again for its server HTML: the runtime takes it from the page itself
    await expect.poll(() => server.log.slice(start).some((e) => e.url === `${P}/page-data/guide/fifth/page-data-rsc.json`), WAIT).toBe(true);
    expect(server.log.slice(start).filter((e) => e.url === `${P}/guide/fifth/`)).toHaveLength(1);
    const from = server.log.length;
    await page.click(`.sidebar a[href="${P}/guide/seventh/"]`);
    await expect.poll(() => page.textContent('h1'), WAIT).toBe('Seventh page');
    const requests = server.log.slice(from).map((e) => e.url);
    expect(requests.filter((u) => u === `${P}/page-data/guide/seventh/page-data-rsc.json`)).toHaveLength(1);
    expect(requests.filter((u) => u === `${P}/guide/seventh/`)).toHaveLength(1);
    expect(requests.filter((u) => /page-data\.json|component---|\.js$/.test(u))).toEqual([]);
    expect(page.url()).toBe(`${server.origin()}${P}/guide/seventh/`);
    expect(await page.title()).toMatch(/^Seventh page \| /);
    await expect.poll(() => page.textContent('#docsgen-announcer'), WAIT).toBe('Navigated to Seventh page');
    expect(await page.locator('.sidebar a[aria-current="page"]').textContent()).toBe('Seventh page');
    // back: the previous page's article again, from the loader's cache
    await page.goBack();
    await expect.poll(() => page.textContent('h1'), WAIT).toBe('Fifth page');
    expect(await page.evaluate(reactOwns('.article'))).toBe(false);
  });

  it('prefetches a hovered page as its -rsc page data and its document, and then navigates with no request', async (ctx) => {
    const { server, tab } = await setUp(ctx);
    const { page } = tab;
    await page.goto(`${server.origin()}${P}/guide/fifth/`);
    await hydrated(page);
    const from = server.log.length;
    await page.hover(`.sidebar a[href="${P}/guide/third/"]`);
    const third = () => server.log.slice(from).map((e) => e.url).filter((u) => u.startsWith(`${P}/page-data/guide/third/`) || u === `${P}/guide/third/`);
    await expect.poll(() => third().sort(), WAIT).toEqual([`${P}/guide/third/`, `${P}/page-data/guide/third/page-data-rsc.json`]);
    await page.click(`.sidebar a[href="${P}/guide/third/"]`);
    await expect.poll(() => page.textContent('h1'), WAIT).toBe('Third page');
    expect(third()).toHaveLength(2);
  });

  it('prefetches the pages of links in view as record and document, without app-data, which the click alone asks for', async (ctx) => {
    const { server, tab } = await setUp(ctx);
    const { page } = tab;
    await page.goto(`${server.origin()}${P}/guide/fifth/`);
    await hydrated(page);
    const urls = () => server.log.map((e) => e.url);
    const rsc = /^\/documentation\/page-data\/(.+)\/page-data-rsc\.json$/;
    // the first batch starts 3 s after the runtime mounted: the pages whose record and then document came
    const prefetched = () => {
      const all = urls();
      return all.flatMap((u) => rsc.exec(u)?.[1] ?? []).filter((p) => p !== 'guide/fifth' && all.includes(`${P}/${p}/`));
    };
    await expect.poll(() => prefetched().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    // app-data is the page load's (Gatsby's prefetch asks for none): none from the batch's first request on
    const batchStart = urls().findIndex((u) => rsc.test(u) && !u.includes('/guide/fifth/'));
    expect(urls().slice(batchStart).filter((u) => u.endsWith('/app-data.json'))).toEqual([]);
    const target = prefetched().find((p) => p.startsWith('guide/'))!;
    expect(target).toBeDefined();
    const title = (await page.textContent(`.sidebar a[href="${P}/${target}/"]`))!.trim();
    const from = server.log.length;
    await page.click(`.sidebar a[href="${P}/${target}/"]`);
    await expect.poll(() => page.textContent('h1'), WAIT).toBe(title);
    // the click loaded the page from what the prefetch kept: app-data is its one request
    const after = urls().slice(from);
    expect(after.filter((u) => u.includes(`/${target}/`))).toEqual([]);
    expect(after.filter((u) => u.endsWith('/app-data.json'))).toHaveLength(1);
  });

  it('loads at most 40 KB of gzipped JavaScript on a doc page before any interaction', async (ctx) => {
    const { server, tab } = await setUp(ctx);
    const { page } = tab;
    const scripts = new Map<string, number>();
    page.on('response', async (r) => {
      if (!/\.js(\?|$)/.test(r.url())) return;
      const body = await r.body().catch(() => Buffer.alloc(0));
      scripts.set(r.url(), gzipSync(body, { level: 9 }).length);
    });
    // no interaction: the pointer never moves, no key is pressed
    await page.goto(`${server.origin()}${P}/guide/fifth/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Boolean(window.___docsgenRuntime), null, WAIT);
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`doc page JavaScript before interaction: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(JS_BUDGET);
  });
});
