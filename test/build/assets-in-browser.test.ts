// The sample site asks for no asset its build left out: every page, in light and dark, with the menus, dropdowns
// and drawer the templates use opened (their icons and translations load only then).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import type { Browser, Page } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, networkSettler } from '../helpers/browser.js';
import { runDocsgen } from '../helpers/cli.js';

/** Triggers of the templates' pop-ups, opened in turn where the layout shows them. */
const TRIGGERS = ['.color-mode-trigger', '.more-button', '.menu-button'];

describe('the sample site in Chromium', () => {
  let server: http.Server;
  let origin: string;
  let browser: Browser;
  let pub: string;
  let pages: string[];

  beforeAll(async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'docsgen-sample-assets-'));
    const r = await runDocsgen(['build', '--out', out, '--quiet', '--no-sw']);
    expect(r.exitCode, r.stderr).toBe(0);
    pub = path.join(out, 'public');
    pages = (await fg('documentation/**/index.html', { cwd: pub, ignore: ['documentation/calcite/**'] })).map((f) => `/${f.replace(/index\.html$/, '')}`).sort();
    pages.push('/documentation/404.html', '/documentation/500.html');
    const files = sirv(pub, { dev: true });
    server = http.createServer((req, res) => files(req, res, () => { res.statusCode = 404; res.end(); }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('is at most 6 MB and 1,000 files in dist/public', async () => {
    const files = await fg('**/*', { cwd: pub, dot: true });
    let bytes = 0;
    for (const f of files) bytes += (await stat(path.join(pub, f))).size;
    expect(files.length).toBeLessThanOrEqual(1000);
    expect(bytes).toBeLessThanOrEqual(6 * 1024 * 1024);
  });

  // Most of a page's time is spent waiting for the network to settle: both modes run at once, each on LANES pages
  // side by side, which brings this file from ~230 s to about a third of it on two cores.
  for (const [scheme, width] of [['light', 1280], ['dark', 390]] as const) {
    it.concurrent(`requests no missing asset on any page in ${scheme} mode at ${width} px, pop-ups opened`, async () => {
      const lanes = Array.from({ length: LANES }, (_, lane) => pages.filter((_, i) => i % LANES === lane));
      const missing = (await Promise.all(lanes.map((some) => visit(browser, origin, some, scheme, width)))).flat();
      expect(missing).toEqual([]);
    }, 400_000);
  }
});

const LANES = 2;

/** Opens each page in one browser context and returns every asset that failed to load, named by the page. */
async function visit(browser: Browser, origin: string, pages: string[], scheme: 'light' | 'dark', width: number): Promise<string[]> {
  const context = await browser.newContext({ serviceWorkers: 'block', colorScheme: scheme, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const missing: string[] = [];
  let current = '';
  page.on('response', (r) => {
    if (r.status() >= 400 && !/\/(404|500)\.html$/.test(r.url())) missing.push(`${current}: ${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => missing.push(`${current}: failed ${r.url()} ${r.failure()?.errorText}`));
  // Calcite says so when an icon or a translation did not load
  page.on('console', (m) => {
    if (/failed to load|not found or invalid|Translations for/.test(m.text())) missing.push(`${current}: ${m.text()}`);
  });
  // nothing in flight for 150 ms: the icons and translations a pop-up asks for have arrived
  const settle = networkSettler(page);
  for (const p of pages) {
    current = p;
    await page.goto(origin + p, { waitUntil: 'load' });
    // an islands page (partial hydration) brings its header to life at the reader's first interaction
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await page.waitForFunction(() => document.querySelector('calcite-navigation-logo')?.hasAttribute('calcite-hydrated'), undefined, { timeout: 15_000 });
    for (const selector of TRIGGERS) await open(page, selector, settle);
    await settle();
  }
  await context.close();
  return missing;
}

/** Clicks a trigger when the layout shows it, waits for what it loads, and closes what it opened. */
async function open(page: Page, selector: string, settle: () => Promise<void>): Promise<void> {
  const trigger = page.locator(selector).first();
  if (!(await trigger.isVisible().catch(() => false))) return;
  await settle();
  await trigger.click();
  await settle();
  await page.keyboard.press('Escape');
}
