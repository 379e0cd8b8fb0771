// The sample site as readers meet it, in Debian's headless Chromium: on home, section, doc and 404 pages at
// phone to wide-desktop widths, nothing overflows, nothing scrolls or takes focus on load, every header control
// is on top where it is drawn, the menu button opens the navigation, the color mode works by mouse and keyboard
// and is remembered, axe finds no serious or critical violation in light and dark mode, and every page reads
// without JavaScript. One build, one server, one browser; a context per width.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { runDocsgen } from '../helpers/cli.js';
import { inspect, loadPage } from './reader-checks.js';
import { startSiteServer, type SiteServer } from './site-server.js';

const PAGES = {
  home: '/documentation/',
  section: '/documentation/arcgis-pro-sdk/',
  doc: '/documentation/arcgis-pro-sdk/tutorials/query-features/',
  '404': '/documentation/no-such-page/',
} as const;
const WIDTHS = [320, 390, 600, 768, 1024, 1280, 1440, 1920];
/** Below this width the header collapses into the menu button (styles.css). */
const BREAKPOINT = 1024;
const SECTIONS = 10;
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let out: string;
let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'docsgen-readers-'));
  const r = await runDocsgen(['build', '--out', out, '--quiet', '--no-images', '--no-sw']);
  expect(r.exitCode, r.stderr).toBe(0);
  server = await startSiteServer(path.join(out, 'public'));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

/** A page in its own context, closed when the test ends; the test fails on any uncaught error in it. */
async function newPage(ctx: TestContext, width: number, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block', colorScheme: 'light', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  ctx.onTestFinished(async () => {
    await context.close();
    ctx.expect(errors).toEqual([]);
  });
  return page;
}

/** Loads a page of the built site and waits until it is hydrated and its header fitted. */
const load = (page: Page, url: string) => loadPage(page, server.origin() + url);

describe.concurrent('readers on every screen: the sample site in Chromium', () => {
  it.for(WIDTHS)('at %i px nothing overflows, scrolls or takes focus on load, and every header control is on top', async (width, ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, width);
    for (const [kind, url] of Object.entries(PAGES)) {
      await load(page, url);
      const seen = await inspect(page);
      expect.soft(seen.overflow, `${kind}: horizontal overflow`).toBeLessThanOrEqual(0);
      expect.soft(seen.scroll, `${kind}: scrolled on load`).toEqual([0, 0]);
      expect.soft(seen.active, `${kind}: focus moved on load`).toBe('body');
      expect.soft(seen.misses, `${kind}: header controls covered or outside the window`).toEqual([]);
      expect.soft(seen.sectionsInHeader, `${kind}: every section is in the header`).toBe(SECTIONS);
      if (width < BREAKPOINT) {
        expect.soft(seen.controls, `${kind}: collapsed header`).toEqual(['menu-button', 'calcite-navigation-logo', 'search-button', 'color-mode-trigger']);
      } else {
        expect.soft(seen.controls, `${kind}: no menu button`).not.toContain('menu-button');
        expect.soft(seen.controls.filter((c) => c === 'calcite-menu-item').length, `${kind}: sections in the row`).toBeGreaterThan(0);
      }
    }
  });

  it('fits the header again when the window is resized', async (ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, 390);
    await load(page, PAGES.doc);
    for (const width of [1280, 1024, 600, 1920, 320]) {
      await page.setViewportSize({ width, height: 900 });
      // the header fits again once resizing pauses (the component library's 150 ms resize debounce), drawn a frame later
      await expect
        .poll(async () => {
          const seen = await inspect(page);
          return [seen.overflow <= 0, seen.misses, seen.sectionsInHeader, seen.controls.includes('menu-button')];
        }, { message: `${width} px`, timeout: 5000 })
        .toEqual([true, [], SECTIONS, width < BREAKPOINT]);
    }
  });

  it('collapses and expands sidebar groups, closed ones rendering their pages when opened', async (ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, 1280);
    const geocoding = '.sidebar li:has(> a[href$="/geocoding/"])';
    const pages = () => page.locator(`${geocoding} a[href$="/address-search/"]`).count();
    await load(page, '/documentation/mapping-and-location-services/get-started/');
    expect(await pages()).toBe(0);
    await page.click(`${geocoding} > details > summary`);
    await expect.poll(pages).toBe(1);
    await page.keyboard.press('Enter'); // the summary has focus: closed again by the keyboard
    await expect.poll(pages).toBe(0);
    // the section itself, on the way to the page, starts open and closes
    const section = '.sidebar .is-current-section > details';
    await page.click(`${section} > summary`);
    expect(await page.locator(`${section}[open]`).count()).toBe(0);
  });

  it('gives the first Tab to the skip link, inside the banner landmark, and the skip link moves focus to the article', async (ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, 1280);
    await load(page, PAGES.doc);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement;
      const r = a.getBoundingClientRect();
      return { text: a.textContent, banner: a.closest('header')?.parentElement?.closest('main, article, aside, nav, section') === null, onScreen: r.top >= 0 && r.left >= 0 };
    });
    expect(skip).toEqual({ text: 'Skip to content', banner: true, onScreen: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it.for([
    [390, 'light'],
    [1280, 'dark'],
  ] as const)('at %i px in %s mode, Tab goes to the skip link, then to every header control in order, each with a focus ring', async ([width, scheme], ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, width);
    await page.emulateMedia({ colorScheme: scheme });
    for (const [kind, url] of Object.entries(PAGES)) {
      await load(page, url);
      const drawn = (await inspect(page)).controls;
      const stops: string[] = [];
      for (let i = 0; i <= drawn.length; i++) {
        await page.keyboard.press('Tab');
        stops.push(
          await page.evaluate(() => {
            const host = document.activeElement!;
            let inner: Element = host;
            while (inner.shadowRoot?.activeElement) inner = inner.shadowRoot.activeElement;
            const s = getComputedStyle(inner);
            const r = inner.getBoundingClientRect();
            const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.outlineColor !== 'rgba(0, 0, 0, 0)';
            const seen = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.right <= innerWidth;
            const name = host.localName === 'button' ? host.className.replace('icon-button ', '') : host.className === 'skip-link' ? 'skip-link' : host.localName;
            return `${name}${host.closest('header') ? '' : ' (outside the header)'}${ring ? '' : ' (no focus ring)'}${seen ? '' : ' (not in view)'}`;
          }),
        );
      }
      expect.soft(stops, kind).toEqual(['skip-link', ...drawn]);
    }
  });

  it.for([320, 390])('keeps inline code in table cells whole at %i px: the table scrolls sideways instead', async (width, ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, width);
    await load(page, PAGES.doc);
    const seen = await page.evaluate(() => {
      const code = [...document.querySelectorAll('.article td code')];
      const tables = [...document.querySelectorAll<HTMLElement>('.article table')];
      return {
        broken: code.filter((c) => c.getClientRects().length > 1).map((c) => c.textContent),
        cells: code.length,
        // a table wider than the column scrolls in its own box, which a keyboard can reach
        scrolling: tables.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.tabIndex),
        overflow: document.documentElement.scrollWidth - innerWidth,
      };
    });
    expect({ ...seen, cells: seen.cells > 0, overflow: seen.overflow <= 0 }).toEqual({ broken: [], cells: true, scrolling: [0], overflow: true });
  });

  it('opens More with the keyboard and the mouse at 1280 px, and its sections navigate', async (ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, 1280);
    await load(page, PAGES.doc);
    await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1));
    const items = () => page.locator('.more-menu calcite-dropdown-item').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    const overflow = await items();
    expect(overflow.length).toBeGreaterThan(0);
    const open = () => page.evaluate(() => (document.querySelector('.more-menu') as HTMLElement & { open: boolean }).open);
    await page.focus('.more-button');
    await page.keyboard.press('Enter');
    await expect.poll(open).toBe(true);
    await expect.poll(() => page.getAttribute('.more-button', 'aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.localName)).toBe('calcite-dropdown-item');
    await page.keyboard.press('Escape');
    await expect.poll(open).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('more-button');
    // the last section in More, by the keyboard
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.localName)).toBe('calcite-dropdown-item');
    // the button says expanded once calcite's open transition has ended (calciteDropdownOpen), and with it the
    // focus calcite gives an item then: an End before that could be undone between the check below and the Enter
    await expect.poll(() => page.getAttribute('.more-button', 'aria-expanded')).toBe('true');
    // when its open transition ends, calcite focuses the current section's item (or the first), by an async
    // setFocus that can land after the event: an End pressed before it is undone, so wait for that focus first
    await expect
      .poll(() =>
        page.evaluate(() => {
          const all = [...document.querySelectorAll('.more-menu calcite-dropdown-item')] as (HTMLElement & { selected: boolean })[];
          return document.activeElement === (all.find((i) => i.selected) ?? all[0]);
        }),
      )
      .toBe(true);
    // then press End until the last item holds focus (End is idempotent)
    const focusedHref = () => page.evaluate(() => document.activeElement?.getAttribute('href'));
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        return focusedHref();
      })
      .toBe(overflow.at(-1));
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(overflow.at(-1));
    // the first, by the mouse; both client-side
    await page.click('.more-button');
    await expect.poll(open).toBe(true);
    await page.click(`.more-menu calcite-dropdown-item[href="${overflow[0]}"]`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(overflow[0]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it.for([390, 768])('opens the navigation from the menu button at %i px, by mouse and by keyboard', async (width, ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, width);
    await load(page, PAGES.doc);
    await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1)); // gone after a full load
    const drawer = () =>
      page.evaluate(() => {
        const d = document.querySelector<HTMLDialogElement>('dialog.nav-drawer');
        return d && { open: d.open, focusInside: d.contains(document.activeElement), links: [...d.querySelectorAll('a')].map((a) => a.getAttribute('href')) };
      });
    await page.click('.menu-button');
    const opened = await drawer();
    expect(opened?.open && opened.focusInside).toBe(true);
    // every section, and the pages of the current one down to the current page
    expect(opened!.links).toHaveLength(SECTIONS + 9);
    expect(opened!.links).toContain(PAGES.doc);
    await page.keyboard.press('Escape');
    await expect.poll(drawer).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-button'))).toBe(true);
    await page.keyboard.press('Enter');
    expect((await drawer())?.open).toBe(true);
    await page.mouse.click(width - 10, 400); // on the backdrop
    await expect.poll(drawer).toBeNull();
    expect((await inspect(page)).overflow).toBeLessThanOrEqual(0);
    // a link in the drawer navigates client-side; the new page has no drawer open
    await page.click('.menu-button');
    await page.click('dialog.nav-drawer a[href="/documentation/arcgis-pro-sdk/concepts/"]');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/documentation/arcgis-pro-sdk/concepts/');
    await expect.poll(drawer).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('opens a closed group of pages in the drawer, as in the sidebar', async (ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, 390);
    await load(page, '/documentation/mapping-and-location-services/');
    await page.click('.menu-button');
    const group = page.locator('dialog.nav-drawer li.nav-group', { has: page.locator('> a', { hasText: /^Geocoding$/ }) });
    expect(await group.locator('details a').count()).toBe(0);
    await group.locator('summary').click();
    // its pages, fetched from the navigation data: links into the group's own folder
    await expect.poll(() => group.locator('details a').count()).toBeGreaterThan(0);
    const hrefs = await group.locator('details a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const own = (await group.locator('> a').getAttribute('href'))!;
    for (const href of hrefs) expect(href!.startsWith(own)).toBe(true);
    await group.locator('summary').click();
    await expect.poll(() => group.locator('details a').count()).toBe(0);
  });

  it('keeps the header drawn and fitted across client-side navigation', async (ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, 1280);
    await load(page, PAGES.doc);
    const header = await page.evaluate(async (to) => {
      await (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to);
      // measured as the new page is rendered, before any effect or frame could fix it up
      return {
        enhanced: !!document.querySelector('.site.is-enhanced'),
        fitted: !!document.querySelector('.section-menu.is-fitted'),
        heading: document.querySelector('main h1')?.textContent,
      };
    }, PAGES.section);
    expect(header).toEqual({ enhanced: true, fitted: true, heading: 'ArcGIS Pro SDK' });
  });

  it.for([390, 1280])('switches the color mode by click and by keyboard at %i px, and remembers it', async (width, ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, width);
    await load(page, PAGES.doc);
    const mode = () => page.evaluate(() => [document.body.className, localStorage.getItem('docsgen:color-mode')]);
    await page.click('.color-mode-trigger');
    await page.click('calcite-dropdown-item[data-mode="dark"]');
    await expect.poll(mode).toEqual(['calcite-mode-dark', 'dark']);
    await load(page, PAGES.section);
    expect(await mode()).toEqual(['calcite-mode-dark', 'dark']);
    // keyboard: Enter on the trigger opens the list (Auto, Light, Dark) on the current mode
    await page.focus('.color-mode-trigger');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-mode'))).toBe('dark');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(mode).toEqual(['calcite-mode-light', 'light']);
    await page.reload();
    await load(page, PAGES.home);
    expect(await mode()).toEqual(['calcite-mode-light', 'light']);
    expect((await inspect(page)).scroll).toEqual([0, 0]);
  });

  // each case runs axe on four pages beside the other tests: more than the default minute on a loaded machine
  it.for([
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
    // dark chosen in the header on a light system: the tokens of .calcite-mode-dark, not of the media query
    [390, 'chosen dark'],
  ] as const)('axe finds no serious or critical violation at %i px in %s mode', { timeout: 150_000 }, async ([width, scheme], ctx) => {
    const page = await newPage(ctx, width);
    await page.emulateMedia({ colorScheme: scheme === 'chosen dark' ? 'light' : scheme });
    if (scheme === 'chosen dark') await page.addInitScript(() => localStorage.setItem('docsgen:color-mode', 'dark'));
    const found: string[] = [];
    for (const [kind, url] of Object.entries(PAGES)) {
      await load(page, url);
      if (scheme === 'chosen dark') ctx.expect(await page.evaluate(() => document.body.className)).toBe('calcite-mode-dark');
      await page.addScriptTag({ content: await axeSource });
      const violations = await page.evaluate(async () => {
        type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
        type Axe = { run: (ctx: Document, options: object) => Promise<Result> };
        const result = await (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      found.push(...violations.map((v) => `${kind}: ${v}`));
    }
    ctx.expect(found).toEqual([]);
  });

  it.for([390, 1280])('reads completely without JavaScript at %i px: article, navigation and header links', async (width, ctx) => {
    const { expect } = ctx;
    const page = await newPage(ctx, width, { javaScriptEnabled: false });
    for (const [kind, url] of Object.entries(PAGES)) {
      await page.goto(server.origin() + url);
      const seen = await page.evaluate(() => {
        const shown = (sel: string) => [...document.querySelectorAll<HTMLElement>(sel)].filter((e) => e.checkVisibility()).length;
        return {
          fits: document.documentElement.scrollWidth <= innerWidth,
          title: shown('main h1'),
          sections: shown('nav.sidebar .nav-tree > li > a'),
          plainHeader: shown('.plain-header .site-title'),
          menuLink: shown('.plain-menu-link[href="#navigation"]'),
          // a group's toggle only where its pages are in the HTML
          toggles: shown('.sidebar summary') === document.querySelectorAll('.sidebar details[open]').length,
          calcite: shown('.site-nav'),
        };
      });
      expect.soft(seen, kind).toEqual({ fits: true, title: 1, sections: SECTIONS, plainHeader: 1, menuLink: width < BREAKPOINT ? 1 : 0, toggles: true, calcite: 0 });
    }
  });

  it('reads every page of the site without JavaScript at 390 px: its heading, text and navigation, nothing wider than the window', async (ctx) => {
    const { expect } = ctx;
    const web = path.join(out, 'public');
    const files = (await readdir(path.join(web, 'documentation'), { recursive: true })).filter((f) => f === 'index.html' || f.endsWith('/index.html'));
    const pages: string[] = [];
    for (const f of files) {
      // html redirects (a refresh to the new address) are no page to read
      if (!/http-equiv="refresh"/.test(await readFile(path.join(web, 'documentation', f), 'utf8'))) pages.push(`/documentation/${f.slice(0, -'index.html'.length)}`);
    }
    expect(pages.length).toBeGreaterThan(80);
    const page = await newPage(ctx, 390, { javaScriptEnabled: false });
    const problems: string[] = [];
    for (const url of pages) {
      await page.goto(server.origin() + url);
      const seen = await page.evaluate(() => {
        const shown = (sel: string) => [...document.querySelectorAll<HTMLElement>(sel)].filter((e) => e.checkVisibility());
        const main = document.querySelector<HTMLElement>('main');
        return {
          fits: document.documentElement.scrollWidth <= innerWidth,
          title: shown('main h1').length === 1,
          // the article's text is all there and shown (innerText skips what is hidden)
          text: !!main && main.innerText.trim().length > 0 && main.innerText.length >= main.textContent!.replace(/\s+/g, ' ').trim().length * 0.9,
          sections: shown('nav.sidebar .nav-tree > li > a').length,
          menuLink: shown('.plain-menu-link[href="#navigation"]').length,
          deadButtons: shown('button').length,
        };
      });
      const expected = { fits: true, title: true, text: true, sections: SECTIONS, menuLink: 1, deadButtons: 0 };
      if (JSON.stringify(seen) !== JSON.stringify(expected)) problems.push(`${url} ${JSON.stringify(seen)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
