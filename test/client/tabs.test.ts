// `:::tabs` in Debian's headless Chromium against `docsgen serve` (issue 27, item 4), on a build of
// fixtures/content/footnotes-notes-and-tabs: the WAI-ARIA tabs pattern (roles, roving tabindex, arrows, Home/End),
// the choice shared by the groups with the same labels and remembered across a client-side navigation and a full
// load, no console error, axe clean in light and dark at 390 and 1280 px, and every panel readable without JavaScript.
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { bin, copyFixture, runDocsgen } from '../helpers/cli.js';
import { hydrated } from './harness.js';

const P = '/documentation';
const SEED = ['JavaScript', 'Python', '.NET', 'Java', 'Kotlin', 'Swift'];
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let dir = '';
let browser: Browser;
let server: ResultPromise<{ reject: false; all: true }> | undefined;
let origin = '';

beforeAll(async () => {
  dir = await copyFixture('content/footnotes-notes-and-tabs');
  const r = await runDocsgen(['build', '--root', dir]);
  if (r.exitCode !== 0) throw new Error(`fixture build failed:\n${r.stderr}`);
  server = execa(process.execPath, [bin, 'serve', path.join(dir, 'dist/public'), '--port', '0', '--host', '127.0.0.1'], { reject: false, all: true, env: { NO_COLOR: '1', CI: 'true' } });
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    server!.all.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Serving \S+ at (http:\/\/\S+?)\/documentation\//.exec(output);
      if (m) resolve(m[1]!);
    });
    void server!.then(() => reject(new Error(`docsgen serve exited:\n${output}`)));
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  await server;
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A fresh context (its own localStorage), console problems collected. */
async function open(url: string, options: { js?: boolean; width?: number; dark?: boolean } = {}): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, javaScriptEnabled: options.js !== false, serviceWorkers: 'block', colorScheme: options.dark ? 'dark' : 'light' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !/Service Worker registration blocked by Playwright|Error during service worker registration/.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(origin + P + url);
  if (options.js !== false) await hydrated(page);
  return { page, context, problems };
}

/** Each tab group of the page: its tabs' names, which is selected, which panels show, and what has focus. */
function groups(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.article-body .tabs')].map((g) => {
      const list = g.querySelector(':scope > [role="tablist"]');
      const tabs = [...(list?.querySelectorAll('[role="tab"]') ?? [])] as HTMLElement[];
      const panels = [...g.querySelectorAll(':scope > .tab-panel')] as HTMLElement[];
      return {
        tabs: tabs.map((t) => t.textContent),
        selected: tabs.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.textContent),
        tabbable: tabs.filter((t) => t.tabIndex === 0).map((t) => t.textContent),
        shown: panels.filter((p) => p.checkVisibility()).map((p) => p.dataset.tab),
        wired: tabs.every((t, i) => t.getAttribute('aria-controls') === panels[i]?.id && panels[i]?.getAttribute('role') === 'tabpanel' && panels[i]?.getAttribute('aria-labelledby') === t.id),
      };
    }),
  );
}

const focused = (page: Page) => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'tab' ? document.activeElement.textContent : document.activeElement?.className));

describe('tabs in the browser', () => {
  it('follows the WAI-ARIA tabs pattern: roles, roving tabindex, arrows, Home and End', async () => {
    const { page, context, problems } = await open('/guide/tabs/');
    const [first, second] = await groups(page);
    expect(first).toEqual({ tabs: SEED, selected: ['JavaScript'], tabbable: ['JavaScript'], shown: ['JavaScript'], wired: true });
    expect(second).toMatchObject({ tabs: SEED, selected: ['JavaScript'], shown: ['JavaScript'], wired: true });
    expect(await page.locator('.tabs').nth(1).locator('[role="tablist"]').getAttribute('aria-labelledby')).toBe(await page.locator('.tabs-label').getAttribute('id'));
    // Tab from the page's top reaches the selected tab only (one stop per group)
    let presses = 0;
    while ((await focused(page)) !== 'JavaScript' && presses++ < 80) await page.keyboard.press('Tab');
    const steps: Array<[string, string]> = [
      ['ArrowRight', 'Python'],
      ['ArrowRight', '.NET'],
      ['End', 'Swift'],
      ['ArrowRight', 'JavaScript'],
      ['ArrowLeft', 'Swift'],
      ['Home', 'JavaScript'],
      ['ArrowLeft', 'Swift'],
      ['ArrowLeft', 'Kotlin'],
    ];
    for (const [key, label] of steps) {
      await page.keyboard.press(key);
      expect(await focused(page), key).toBe(label);
      const [g] = await groups(page);
      expect(g, key).toMatchObject({ selected: [label], tabbable: [label], shown: [label] });
    }
    // the next Tab leaves the tablist for the shown panel
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.tab)).toBe('Kotlin');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the choice in every group with the same labels, after a client-side navigation and a full load', async () => {
    const { page, context, problems } = await open('/guide/tabs/');
    await page.locator('.tabs').first().getByRole('tab', { name: 'Python' }).click();
    expect((await groups(page)).map((g) => g.shown)).toEqual([['Python'], ['Python']]);
    // a client-side navigation (the window survives), to a page whose group has the same labels
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('nav a[href$="/guide/more-tabs/"]').first().click();
    await page.waitForURL(/\/guide\/more-tabs\/$/);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('More tabs');
    await expect.poll(async () => (await groups(page)).map((g) => g.shown)).toEqual([['Python']]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // chosen here, then back: the first page's groups follow
    await page.getByRole('tab', { name: 'Swift' }).click();
    await page.goBack();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Tabs');
    await expect.poll(async () => (await groups(page)).map((g) => g.shown)).toEqual([['Swift'], ['Swift']]);
    // a full load in the same browser profile
    await page.goto(origin + P + '/guide/more-tabs/');
    await hydrated(page);
    await expect.poll(async () => (await groups(page)).map((g) => g.selected)).toEqual([['Swift']]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.for([
    [390, false],
    [390, true],
    [1280, false],
    [1280, true],
  ] as const)('axe finds no violation at %i px (dark: %s) in tabs (a later one chosen), notes and footnotes', async ([width, dark]) => {
    const found: string[] = [];
    for (const url of ['/guide/tabs/', '/guide/notes/', '/guide/footnotes/']) {
      const { page, context } = await open(url, { width, dark });
      if (url === '/guide/tabs/') await page.locator('.tabs').first().getByRole('tab', { name: 'Kotlin' }).click();
      await page.addScriptTag({ content: await axeSource });
      const violations = await page.evaluate(async () => {
        type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
        type Axe = { run: (ctx: Element, options: object) => Promise<Result> };
        const result = await (window as unknown as { axe: Axe }).axe.run(document.querySelector('main')!, { resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      found.push(...violations.map((v) => `${url}: ${v}`));
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it('shows every panel under its label without JavaScript', async () => {
    const { page, context } = await open('/guide/tabs/', { js: false });
    const seen = await page.evaluate(() =>
      [...document.querySelectorAll('.tabs')].map((g) => ({
        tablists: g.querySelectorAll('[role="tablist"]').length,
        labels: [...g.querySelectorAll<HTMLElement>('.tab-panel > .tab-label')].filter((l) => l.checkVisibility()).map((l) => l.textContent),
        code: [...g.querySelectorAll<HTMLElement>('.tab-panel pre')].filter((p) => p.checkVisibility()).length,
      })),
    );
    expect(seen).toEqual([
      { tablists: 0, labels: ['JavaScript', 'Python', '.NET', 'Java', 'Kotlin', 'Swift'], code: 6 },
      { tablists: 0, labels: ['JavaScript', 'Python', '.NET', 'Java', 'Kotlin', 'Swift'], code: 6 },
    ]);
    await context.close();
  });
});
