import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { bin, copyFixture } from '../helpers/cli.js';
import { buildAndServe } from './served-site.js';

// Search where the site is not at the default place (issue 23): under another `pathPrefix`, and in `docsgen dev`.
// The reader's path is the same: Ctrl-K, a word on one page only, Enter, and that page opens at its heading.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** From `url` (a doc page): Ctrl-K, `spreadsheet`, Enter; the URL it lands on and the index files it read. */
async function findAndOpen(page: Page, url: string): Promise<{ landed: string; indexFiles: string[] }> {
  const indexFiles: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.includes('/search/')) indexFiles.push(p);
  });
  await page.goto(url);
  await page.waitForFunction(() => typeof window.___docsgenRuntime?.['search'] === 'function');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  await page.keyboard.press('Control+k');
  await page.locator('.search-dialog[open] input').waitFor();
  await page.keyboard.type('spreadsheet');
  await expect.poll(() => page.locator('.search-hit').first().textContent(), { timeout: 15_000 }).toContain('Geocoding addresses');
  // titles show first; the deep link to the matching heading comes with the excerpt
  await page.locator('.search-hit').first().locator('a[href$="#batch-geocoding"]').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await page.waitForURL(/#batch-geocoding$/);
  await expect.poll(() => page.locator('h1').first().textContent()).toContain('Geocoding addresses');
  // client-side: the window of the first page is still the one showing
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  return { landed: new URL(page.url()).pathname + new URL(page.url()).hash, indexFiles };
}

describe('search outside the default setup', () => {
  it('works under a non-default pathPrefix: index, result links and navigation all carry the prefix', async () => {
    const site = await buildAndServe('search/relevance-site', 'pathPrefix: /guides/v2');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    try {
      expect(site.url).toMatch(/\/guides\/v2\/$/);
      const page = await context.newPage();
      const seen = await findAndOpen(page, `${site.url}maps/popups/`);
      expect(seen.landed).toBe('/guides/v2/data/geocoding/#batch-geocoding');
      expect(seen.indexFiles).toContain('/guides/v2/search/index.json');
      expect(seen.indexFiles.filter((f) => !f.startsWith('/guides/v2/search/'))).toEqual([]);
    } finally {
      await context.close();
      await site.close();
    }
  }, 180_000);

  it('works in docsgen dev', async () => {
    const root = await copyFixture('search/relevance-site');
    const proc = execa(process.execPath, [bin, 'dev', '--port', '0'], { cwd: root, reject: false, env: { NO_COLOR: '1', CI: 'true' }, all: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const lines = createInterface({ input: proc.all! });
        lines.on('line', (l) => {
          const m = /Dev server at (http:\/\/\S+)/.exec(l);
          if (m) resolve(m[1]!);
        });
        void proc.then((r) => reject(new Error(`docsgen dev exited ${r.exitCode}: ${r.all}`)));
      });
      const page = await context.newPage();
      const seen = await findAndOpen(page, `${url}maps/popups/`);
      expect(seen.landed).toBe('/documentation/data/geocoding/#batch-geocoding');
      expect(seen.indexFiles).toContain('/documentation/search/index.json');
    } finally {
      await context.close();
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await proc;
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});
