// Shared set-up of the browser-runtime tests: build the fixture once, serve it with the misbehaving server,
// one Chromium for the file, a fresh context per test, console messages collected.
import { appendFile, cp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

/** Host name mapped to 127.0.0.1 in Chromium: neither HTTPS nor localhost. */
export const OTHER_HOST = 'docs.test';

/** A built fixture site and the browser. */
export interface Harness {
  dir: string;
  /** dist/public of the build: what each test's server serves. */
  webRoot: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Builds fixtures/client/site with the repository's templates (a project carries its own templates/) and launches
 * Chromium; `hydration: 'full'` builds it with every page hydrated by React. `DOCSGEN_CLIENT_SITE` (partial) and
 * `DOCSGEN_CLIENT_SITE_FULL` may name an already built copy (faster local runs); it is never deleted.
 */
export async function startHarness(options: { hydration?: 'full' | 'partial' } = {}): Promise<Harness> {
  let dir = (options.hydration === 'full' ? process.env.DOCSGEN_CLIENT_SITE_FULL : process.env.DOCSGEN_CLIENT_SITE) ?? '';
  const owned = !dir;
  if (!dir) {
    dir = await copyFixture('client/site');
    await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
    // every page hydrated by React (the app runtime) instead of the default partial hydration
    if (options.hydration === 'full') await appendFile(path.join(dir, 'docsgen.config.yaml'), '\nhydration: full\n');
    const result = await runDocsgen(['build', '--root', dir, '--links', 'warn', '--no-images']);
    if (result.exitCode !== 0) throw new Error(`fixture build failed:\n${result.stdout}\n${result.stderr}`);
  }
  const browser = await launchBrowser([`--host-resolver-rules=MAP ${OTHER_HOST} 127.0.0.1`]);
  return {
    dir,
    webRoot: path.join(dir, 'dist/public'),
    browser,
    async close() {
      await browser.close();
      if (owned) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One browser tab with its console log. */
export interface Tab {
  context: BrowserContext;
  page: Page;
  messages: Array<{ type: string; text: string }>;
  close(): Promise<void>;
}

/**
 * A fresh context (own storage) and page. Service workers are blocked unless a test allows them: the runtime
 * registers its worker on 127.0.0.1 too, and the worker's precaching would mix with the requests a test counts.
 */
export async function openTab(browser: Browser, options: BrowserContextOptions & { init?: string } = {}): Promise<Tab> {
  const { init, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...contextOptions });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const messages: Tab['messages'] = [];
  page.on('console', (m) => messages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => messages.push({ type: 'pageerror', text: e.message }));
  return { context, page, messages, close: () => context.close() };
}

/**
 * Waits until the runtime has hydrated the page (its public face exists) and its header is live: an islands page
 * hydrates its header at the reader's first interaction, so the pointer moves (off any link) first.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(window.___docsgenRuntime), null, { timeout: 15_000 });
  if (await page.evaluate(() => document.querySelector('.site:not(.is-enhanced) [data-island="site-header"]') !== null)) {
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await page.waitForSelector('.site.is-enhanced', { timeout: 15_000 });
  }
}
