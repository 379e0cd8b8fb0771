import { writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { buildAndServe, type ServedSite } from './served-site.js';

// Offline search (issue 23): the service worker caches the index files as queries use them, so a search that ran
// online runs again offline in a new tab; a word whose part of the index was never fetched gets an honest note,
// not a crash or a spinner.
let browser: Browser;
let site: ServedSite;

// A page of 3,000 made-up words, so the index has more than one term file (neighbouring small shards share one):
// the last of them lives in a file the online search never reads.
const WORDS = Array.from({ length: 3000 }, (_, i) => `zq${[2, 1, 0].map((p) => String.fromCharCode(97 + (Math.floor(i / 26 ** p) % 26))).join('')}`);
const UNFETCHED = WORDS.at(-1)!;

beforeAll(async () => {
  site = await buildAndServe('search/relevance-site', '', async (root) => {
    await writeFile(`${root}/content/maps/word-list.md`, `---\ntitle: Word list\n---\n\n${WORDS.join(' ')}\n`);
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Opens the dialog with Ctrl-K, types `query`, and waits until results or a note show. */
async function search(page: Page, query: string): Promise<void> {
  await page.waitForFunction(() => typeof window.___docsgenRuntime?.['search'] === 'function');
  await page.keyboard.press('Control+k');
  await page.locator('.search-dialog[open] input').waitFor();
  await page.keyboard.type(query);
  await page.locator('.search-hit, .search-note').first().waitFor({ timeout: 15_000 });
}

describe('search offline', () => {
  it('finds what it found online once the worker is installed, and says so when a word was never fetched', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const online = await context.newPage();
    await online.goto(`${site.url}maps/popups/`);
    // the runtime registers the worker; clientsClaim makes it control this page without a reload
    await online.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    // read once through the worker, as a reader's next visit would: the page itself is then cached
    await online.reload();
    await search(online, 'spreadsheet');
    expect(await online.locator('.search-hit').first().textContent()).toContain('Geocoding addresses');
    const cached = await online.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls.filter((u) => u.includes('/search/'));
    });
    // the index is cached as it is used, never whole: the manifest and the files this query read
    expect(cached).toContain('/documentation/search/index.json');
    expect(cached.length).toBeGreaterThan(1);
    // the premise of the offline note below: the word's term file was never fetched
    const unfetchedFile = await online.evaluate(async (word) => {
      const m = (await (await fetch('/documentation/search/index.json')).json()) as { shards: Record<string, string> };
      for (let n = Math.min(word.length, 6); n >= 1; n--) if (m.shards[word.slice(0, n)]) return `/documentation/search/${m.shards[word.slice(0, n)]}`;
      return null;
    }, UNFETCHED);
    expect(unfetchedFile).not.toBeNull();
    expect(cached).not.toContain(unfetchedFile);
    await online.close();

    // Chromium's offline mode does not reach the worker's own fetches: the server stops too
    await context.setOffline(true);
    await site.stop();
    try {
      // a new tab: nothing in memory, every file from the worker's caches
      const offline = await context.newPage();
      await offline.goto(`${site.url}maps/popups/`);
      await search(offline, 'spreadsheet');
      const first = offline.locator('.search-hit').first();
      expect(await first.textContent()).toContain('Geocoding addresses');
      expect(await first.locator('a').getAttribute('href')).toMatch(/^\/documentation\/data\/geocoding\//);

      await offline.keyboard.press('Control+a');
      await offline.keyboard.type(UNFETCHED);
      const note = offline.locator('.search-note').first();
      await expect.poll(() => note.textContent(), { timeout: 15_000 }).toMatch(/not available.*offline/i);
      expect(await offline.locator('.search-hit').count()).toBe(0);
      // still usable: the word that worked offline works again
      await offline.keyboard.press('Control+a');
      await offline.keyboard.type('spreadsheet');
      await expect.poll(() => offline.locator('.search-hit').first().textContent(), { timeout: 15_000 }).toContain('Geocoding addresses');
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  }, 120_000);
});
