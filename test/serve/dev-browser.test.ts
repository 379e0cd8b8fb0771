// `docsgen dev` in headless Chromium: an edited Markdown page shows its new text without a manual reload, broken
// frontmatter shows the overlay (and the terminal the problem), fixing it clears the overlay; a broken link shows
// in a panel with its severity while the page updates; Ctrl-C stops cleanly.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { DevProcess } from './dev-process.js';
import { copyServeFixture } from './site.js';

const OVERLAY = '#docsgen-dev-overlay';
const PAGE_FILE = 'content/guide/install.md';

let dir: string;
let dev: DevProcess;
let url: string;
let browser: Browser;
let page: Page;
let original: string;

/**
 * Waits for the page to show `text`; when it does not, the error says what the page and the dev server said
 * (a bare timeout told nothing when this once failed under load).
 */
async function showsText(text: string): Promise<void> {
  try {
    await page.getByText(text).waitFor({ timeout: 45_000 });
  } catch (error) {
    const main = await page.textContent('main').catch(() => '(no main)');
    throw new Error(`the page did not show "${text}" (${(error as Error).message.split('\n')[0]})\npage at ${page.url()}: ${main}\ndocsgen dev said:\n${dev.output}`);
  }
}

beforeAll(async () => {
  dir = await copyServeFixture();
  original = await readFile(path.join(dir, PAGE_FILE), 'utf8');
  dev = await DevProcess.start(dir, ['--port', '0']);
  url = dev.url;
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// each test edits and waits for a rebuild: under a loaded CI machine a minute was once not enough
describe('docsgen dev in the browser', { timeout: 120_000 }, () => {
  it('shows an edited Markdown page without a manual reload', async () => {
    await page.goto(url + 'guide/install/');
    await expect.poll(() => page.textContent('main')).toContain('The original install text is here.');
    await page.evaluate(() => ((window as unknown as { beforeEdit: boolean }).beforeEdit = true));
    const from = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), original.replace('The original install text', 'The edited install text'));
    await showsText('The edited install text is here.');
    // a fresh document: the page reloaded itself
    expect(await page.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBeUndefined();
    // the persistent build cache: one edited page is the one page rendered again, the rest come from the cache.
    // Usually shown before its build (a preview, dev-preview.test.ts); a save the watcher saw half-written is not
    // previewed, and its build reloads the page (CI once had it so): either way the page updated by itself.
    await dev.waitForOutput(/changed: content\/guide\/install\.md; rebuilding…\n(?:shown before the build: \/documentation\/guide\/install\/\n)?built 4 pages in \d+ ms \(1 rendered, 5 from the cache\); (?:the pages showed it already|pages reloaded)/, from);
    // the fixture sets no siteUrl: the info line is said at the first build, not again at each rebuild
    expect(dev.output.match(/  info  DG1306  siteUrl is not set/g)).toHaveLength(1);
  });

  it('registers no service worker and logs no error: the page is served fresh from the dev server', async () => {
    // dev prints a 127.0.0.1 address, where the runtime may register; dev's sw.js only removes a worker left by
    // `docsgen serve`, so registering it logged an install that ends "redundant" (an error) on every load
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const tab = await context.newPage();
    const messages: string[] = [];
    tab.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    await tab.goto(url + 'guide/install/');
    await tab.waitForFunction(() => Boolean(window.___docsgenRuntime), null, { timeout: 15_000 });
    // long enough for a registration to install and turn redundant (it did within a second)
    await tab.waitForTimeout(3000);
    expect(await tab.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(messages.filter((m) => /^(error|warning):/.test(m) || /service worker|available offline|installingWorker/i.test(m))).toEqual([]);
    await context.close();
  });

  it('shows broken frontmatter in an overlay and in the terminal, and clears it when fixed', async () => {
    const from = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), original.replace('title: Install the fixture', 'title: [Install the fixture'));
    const overlay = page.locator(OVERLAY);
    await overlay.waitFor({ timeout: 60_000 });
    const problem = 'content/guide/install.md:3:1  error  DG2001  malformed frontmatter: Flow sequence in block collection must be sufficiently indented and end with a ]';
    await expect.poll(() => overlay.locator('pre').first().textContent()).toContain(problem);
    expect(await overlay.textContent()).toContain('the last change did not build (1 problem)');
    await dev.waitForOutput(/the build failed after \d+ ms; the browser keeps the last good build/, from);
    expect(dev.output.slice(from)).toContain(problem);
    // the last good build is still what the page shows under the overlay
    expect(await page.textContent('main')).toContain('The edited install text is here.');

    await writeFile(path.join(dir, PAGE_FILE), original.replace('The original install text', 'The fixed install text'));
    await showsText('The fixed install text is here.');
    await overlay.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('shows a broken link in a panel styled as the error `build` makes of it, the page updated, and clears it when fixed', async () => {
    const from = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), original.replace('The original install text', 'The linked install text').replace('[usage](/guide/usage/)', '[usage](/guide/usage-gone/)'));
    // the build worked: the page shows the edit, and the problem in a panel beside it, not over it
    await showsText('The linked install text is here.');
    const overlay = page.locator(OVERLAY);
    await overlay.waitFor({ timeout: 10_000 });
    expect(await overlay.getAttribute('data-failed')).toBe('false');
    expect(await overlay.getAttribute('role')).toBe('status');
    expect(await overlay.textContent()).toContain('docsgen: the last build has 1 error');
    const line = overlay.locator('pre');
    expect(await line.count()).toBe(1);
    expect(await line.getAttribute('data-severity')).toBe('error');
    expect(await line.textContent()).toMatch(/^content\/guide\/install\.md:13:\d+  error  DG5101  /);
    // the terminal keeps it a warning: dev does not fail on links
    await dev.waitForOutput(/built 4 pages in \d+ ms \([^)]*⚠ 1 warning\); the pages showed it already/, from);
    expect(dev.output.slice(from)).toMatch(/content\/guide\/install\.md:13:\d+  warning  DG5101  /);
    // the panel leaves the page usable: its heading is still in view above it
    const box = await overlay.boundingBox();
    expect(box!.y).toBeGreaterThan(0);

    const relinked = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), original.replace('The original install text', 'The relinked install text'));
    await showsText('The relinked install text is here.');
    // shown before its build: the panel closes when the build says the link is fixed
    await expect.poll(() => overlay.count(), { timeout: 60_000 }).toBe(0);
    // the page showed the save before its build: that build is over before the next test watches the output
    await dev.waitForOutput(/built 4 pages in \d+ ms \(1 rendered, 5 from the cache\); the pages showed it already/, relinked);
  });

  it('re-exports redirects when redirects/ changes, and ignores files outside the watched folders', async () => {
    const from = dev.output.length;
    await writeFile(path.join(dir, 'notes.md'), 'not content\n');
    await mkdir(path.join(dir, 'dist'), { recursive: true });
    await writeFile(path.join(dir, 'dist/stray.html'), '<p>stray</p>\n');
    await new Promise((r) => setTimeout(r, 600));
    expect(dev.output.slice(from)).not.toContain('changed:');
    const rules = await readFile(path.join(dir, 'redirects/moved.yaml'), 'utf8');
    const before = await fetch(url + 'Brand-New?src=x', { redirect: 'manual' });
    expect(before.status).toBe(404);
    await writeFile(path.join(dir, 'redirects/moved.yaml'), rules + '- from: /documentation/brand-new/\n  to: /documentation/guide/usage/\n');
    // redirects are re-exported; no page depends on them, so none is rendered again
    await dev.waitForOutput(/changed: redirects\/moved\.yaml; rebuilding…\nbuilt 4 pages in \d+ ms \(0 rendered, 6 from the cache\); pages reloaded/, from);
    const res = await fetch(url + 'Brand-New?src=x', { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([301, '/documentation/guide/usage/?src=x']);
  });

  it('stops cleanly on SIGTERM', async () => {
    const result = await dev.stop();
    expect(result.exitCode).toBe(0);
    expect(dev.output).toMatch(/stopped \(SIGTERM\)\n?$/);
  });
});
