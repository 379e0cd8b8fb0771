// Issue 19, item 1, in Chromium: no link on a page made from hostile Markdown opens a dialog, before hydration,
// after it, or after client-side navigation renders the page from its page-data; nor does the runtime's
// navigate() load a script URL.
//
// Which page: docsgen refuses to publish the hostile Markdown (the first test: exit 1, DG2010 lines, no dist/), so
// no build ever writes it. The page under test is therefore the site built with a placeholder article, whose
// article, in the page's HTML and in its page-data (the render path puts compileMarkdown's HTML verbatim in both),
// is replaced by what compileMarkdown makes of the hostile Markdown, its 14 errors reported and asserted: the page
// the build would have published had it ignored its errors.
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../src/content/markdown.js';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { unpublishableUrls } from '../content/hostile-urls.js';
import { hydrated } from './harness.js';
import { startSiteServer, type SiteServer } from './site-server.js';

const P = '/documentation';
/** Links that must keep working, after the fixture's hostile ones. */
const ALLOWED = '[mail](mailto:a@b.test) [phone](tel:+1-555-0100) [section](#hostile-links) [query](?q=1) [setup](./guide/setup.md) [cdn](//cdn.docs.test/x)';
const PLACEHOLDER = 'PLACEHOLDER-ARTICLE';

let dir = '';
let server: SiteServer;
let browser: Browser;
let article = '';

beforeAll(async () => {
  dir = await copyFixture('build/good-site');
  const hostile = `${await readFile(path.join(repoRoot, 'fixtures/build/hostile-links/content/hostile.md'), 'utf8')}\n${ALLOWED}\n`;
  const file = path.join(dir, 'content/hostile.md');
  await writeFile(file, hostile);
  const refused = await runDocsgen(['build', '--root', dir, '--no-sw', '--no-images', '--links', 'off']);
  expect(refused.exitCode).toBe(1);
  expect(refused.stderr.split('\n').filter((l) => l.includes('  error  DG2010  '))).toHaveLength(14);
  await expect(stat(path.join(dir, 'dist'))).rejects.toThrow();

  const opts = { root: dir, contentDir: path.join(dir, 'content'), pathPrefix: P, variables: {}, imageMaxWidth: 995 };
  const compiled = await compileMarkdown(hostile, file, 'content/hostile.md', 'hostile.md', opts);
  expect(compiled.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual(Array(14).fill('DG2010 error'));
  article = compiled.html;

  const placeholderText = hostile.replace(/\n# Hostile links\n[\s\S]*$/, `\n# Hostile links\n\n${PLACEHOLDER}\n`);
  await writeFile(file, placeholderText);
  const placeholder = (await compileMarkdown(placeholderText, file, 'content/hostile.md', 'hostile.md', opts)).html;
  const built = await runDocsgen(['build', '--root', dir, '--no-sw', '--no-images', '--links', 'off']);
  expect(built.exitCode, built.stderr).toBe(0);
  const web = path.join(dir, 'dist/public');
  const swap = async (rel: string, from: string, to: string) => {
    const text = await readFile(path.join(web, rel), 'utf8');
    expect(text.split(from)).toHaveLength(2);
    await writeFile(path.join(web, rel), text.replace(from, () => to));
  };
  // the page's document is also what client navigation shows under partial hydration (its -rsc record beside it)
  await swap(`${P}/hostile/index.html`, placeholder, article);
  await swap(`${P}/page-data/hostile/page-data.json`, JSON.stringify(placeholder).slice(1, -1), JSON.stringify(article).slice(1, -1));
  server = await startSiteServer(web);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A tab that records dialogs and loads nothing from other hosts; with `scripts: false`, no JavaScript file loads (no hydration). */
async function tab(scripts = true): Promise<{ page: Page; dialogs: string[]; messages: string[]; close: () => Promise<void> }> {
  // no service worker (it registers on 127.0.0.1): requests it makes would pass by the routes below
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const origin = server.origin();
  await context.route(
    (url) => !url.href.startsWith(origin) || (!scripts && url.pathname.endsWith('.js')),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  const dialogs: string[] = [];
  const messages: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => messages.push(m.text()));
  return { page, dialogs, messages, close: () => context.close() };
}

/** For every link `selector` matches on the page `open` shows: open it again if a click left it, click the link. Returns the hrefs. */
async function clickEach(page: Page, openPage: () => Promise<void>, selector: string): Promise<string[]> {
  // a click's navigation to another host may still be under way and interrupt the next page load: load again
  const open = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await openPage();
      } catch (err) {
        if (attempt === 5 || !/interrupted by another navigation/.test(String(err))) throw err;
        // let the navigation that interrupted finish before loading again (a reload loop would still fail here)
        await page.waitForLoadState('load').catch(() => undefined);
        await page.waitForTimeout(250 * (attempt + 1));
      }
    }
  };
  await open();
  const hrefs = await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '(none)'));
  let here = page.url();
  for (let i = 0; i < hrefs.length; i++) {
    // a click may start a navigation that commits only later (on a loaded machine, after any fixed wait): the
    // link clicked is the one whose href is expected, else the page is opened again and the click retried
    for (let attempt = 0; ; attempt++) {
      if (page.url() !== here || attempt > 0) {
        await open();
        here = page.url();
      }
      // the DOM's click: hidden links (the skip link) count too, and a javascript: URL would run from it
      // (a locator, as for the hrefs: it reaches links inside shadow roots too)
      const clicked = await page
        .locator(selector)
        .nth(i)
        .evaluate(
          (a: HTMLElement) => {
            // clicked after this call returns, so a navigation cannot take the answer with it
            setTimeout(() => a.click(), 0);
            return a.getAttribute('href') ?? '(none)';
          },
          undefined,
          { timeout: 5000 },
        )
        .catch(() => null); // the document went away under the call
      if (clicked === hrefs[i]) break;
      if (attempt === 3) throw new Error(`could not click link ${i} (${hrefs[i]}) on ${here}`);
    }
    await page.waitForTimeout(150);
    await page.waitForLoadState('load').catch(() => undefined);
  }
  // the last click may still be navigating away: the caller inspects the page it opened
  await open();
  return hrefs;
}

describe('a page made from hostile Markdown, in Chromium', () => {
  it('holds no script URL, and keeps the allowed links', () => {
    expect(unpublishableUrls(article)).toEqual([]);
    for (const href of ['mailto:a@b.test', 'tel:+1-555-0100', '#hostile-links', '?q=1', `${P}/guide/setup/`, '//cdn.docs.test/x']) expect(article).toContain(`href="${href}"`);
  });

  it('opens no dialog from any link before hydration', async () => {
    const t = await tab(false);
    try {
      const hrefs = await clickEach(t.page, () => t.page.goto(`${server.origin()}${P}/hostile/`).then(() => undefined), 'a');
      expect(hrefs).toContain('mailto:a@b.test');
      expect(await t.page.evaluate(() => Boolean(window.___docsgenRuntime))).toBe(false);
      expect(t.dialogs).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('opens no dialog from any link after hydration', async () => {
    const t = await tab();
    try {
      const open = async () => {
        await t.page.goto(`${server.origin()}${P}/hostile/`);
        await hydrated(t.page);
      };
      const hrefs = await clickEach(t.page, open, 'a');
      expect(hrefs).toContain('tel:+1-555-0100');
      expect(t.dialogs).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('opens no dialog from any link of the article rendered by client-side navigation', async () => {
    const t = await tab();
    try {
      let documents = 0;
      const open = async () => {
        await t.page.goto(`${server.origin()}${P}/`);
        await hydrated(t.page);
        const from = server.log.length;
        await t.page.locator(`a[href="${P}/hostile/"]`).first().click();
        await t.page.waitForURL(`**${P}/hostile/`);
        await t.page.waitForSelector('.article-body a[href="mailto:a@b.test"]');
        documents += server.log.slice(from).filter((e) => e.dest === 'document').length;
      };
      const hrefs = await clickEach(t.page, open, '.article-body a');
      expect(hrefs).toContain('?q=1');
      // the article came from page-data, not from the page's HTML
      expect(documents).toBe(0);
      expect(t.dialogs).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('does not let navigate() load a script URL', async () => {
    const t = await tab();
    try {
      await t.page.goto(`${server.origin()}${P}/hostile/`);
      await hydrated(t.page);
      for (const to of ['javascript:alert(1)', 'JAVASCRIPT:alert(2)', ' javascript:alert(3)', 'java\tscript:alert(4)', 'vbscript:msgbox(5)', 'data:text/html,<script>alert(6)</script>']) {
        await t.page.evaluate((to) => (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to), to);
        await t.page.waitForTimeout(150);
      }
      expect(t.dialogs).toEqual([]);
      expect(new URL(t.page.url()).pathname).toBe(`${P}/hostile/`);
      expect(t.messages.filter((m) => m.startsWith('docsgen: not navigating to a '))).toHaveLength(6);
      // and a page of the site still loads client-side
      await t.page.evaluate((to) => (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to), `${P}/guide/setup/`);
      expect(new URL(t.page.url()).pathname).toBe(`${P}/guide/setup/`);
    } finally {
      await t.close();
    }
  });
});
