import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { startSiteServer, type SiteServer } from '../client/site-server.js';

// The "done when": from a doc page, Ctrl-K, a word found on one page only, that page first, Enter, and
// the page opens by client-side navigation (a window marker survives) at the heading that matched.
let browser: Browser;
let server: SiteServer;

beforeAll(async () => {
  const site = await copyFixture('search/relevance-site');
  const built = await runDocsgen(['build', '--root', site]);
  expect(built.exitCode, built.stderr).toBe(0);
  server = await startSiteServer(path.join(site, 'dist/public'));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the search dialog', () => {
  it('finds a page with Ctrl-K and opens it at the matching heading without a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.origin()}/documentation/maps/popups/`);
    await page.waitForFunction(() => typeof window.___docsgenRuntime?.['search'] === 'function');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.keyboard.press('Control+k');
    await page.locator('.search-dialog[open] input').waitFor();
    // opening the dialog fetches the index's manifest before anything is typed
    await expect.poll(() => requested).toContain('/documentation/search/index.json');
    await page.keyboard.type('spreadsheet');
    const first = page.locator('.search-hit').first();
    await expect.poll(() => first.textContent(), { timeout: 10_000 }).toContain('Geocoding addresses');
    // the excerpt (and with it the deep link) follows the title: the hit is complete once it is in
    expect(await first.locator('mark').first().textContent()).toMatch(/spreadsheet/i);
    expect(await first.locator('a').getAttribute('href')).toBe('/documentation/data/geocoding/#batch-geocoding');
    expect(await first.locator('[role=option]').getAttribute('aria-selected')).toBe('true');
    await shot(page, 'search-1280-light');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/data\/geocoding\/#batch-geocoding$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Geocoding addresses');
    expect(await page.locator('.search-dialog').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('shows results from the index at once, and their excerpts when the pages arrive', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.origin()}/documentation/maps/popups/`);
    await page.waitForFunction(() => typeof window.___docsgenRuntime?.['search'] === 'function');
    // the matching page's data (its HTML, for the excerpt) is held until the test lets it go: page-data.json under
    // the React app, page-data-rsc.json under partial hydration
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.rules.push({ path: /\/page-data\/data\/geocoding\/page-data(?:-rsc)?\.json$/, hold: held });
    try {
      await page.keyboard.press('Control+k');
      await page.locator('.search-dialog[open] input').waitFor();
      await page.keyboard.type('spreadsheet');
      const first = page.locator('.search-hit').first();
      await expect.poll(() => first.textContent(), { timeout: 10_000 }).toContain('Geocoding addresses');
      expect(await first.locator('.search-hit-excerpt').count()).toBe(0);
      release();
      await expect.poll(() => first.locator('.search-hit-excerpt mark').first().textContent(), { timeout: 10_000 }).toMatch(/spreadsheet/i);
      expect(await first.locator('a').getAttribute('href')).toBe('/documentation/data/geocoding/#batch-geocoding');
    } finally {
      release();
      server.rules.length = 0;
      await context.close();
    }
  }, 60_000);

  it('says when nothing matches and suggests the closest terms; Escape closes it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.origin()}/documentation/data/`);
    await page.waitForFunction(() => typeof window.___docsgenRuntime?.['search'] === 'function');
    // the header (an island under partial hydration) comes alive at the reader's first interaction
    await page.mouse.move(1, 1);
    await page.locator('.search-button').click();
    await page.keyboard.type('geocodign xylophone');
    await expect.poll(() => page.locator('.search-note').first().textContent(), { timeout: 10_000 }).toContain('No results for');
    expect(await page.locator('.search-suggestion').allTextContents()).toContain('geocoding');
    await shot(page, 'search-390-dark');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.search-dialog[open]').count()).toBe(0);
    await context.close();
  }, 60_000);
});

/** Screenshots for a person to look at (in the temp folder, not compared). */
async function shot(page: import('playwright-core').Page, name: string): Promise<void> {
  const dir = path.join(tmpdir(), 'docsgen-search-shots');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
