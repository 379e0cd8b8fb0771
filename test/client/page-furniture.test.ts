// Page furniture (issue 22, item 3) and the service worker on loopback addresses (item 4), in Debian's headless
// Chromium against `docsgen serve` on 127.0.0.1 (and [::1]) serving a build of fixtures/build/page-furniture:
// copy buttons (the clipboard read back), code titles and marked lines, previous/next, the edit link and the
// date, the table of contents following the reader, and every page whole with JavaScript off.
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { bin, copyFixture, runDocsgen } from '../helpers/cli.js';
import { hydrated, OTHER_HOST } from './harness.js';

const P = '/documentation';
const WAIT = { timeout: 10_000 };
const PAGES = ['/', '/guide/', '/guide/first/', '/guide/second/', '/guide/deeper/', '/guide/deeper/leaf/', '/reference/', '/reference/api%20options/'];
const SW_REFUSED = 'Service workers can only be used over HTTPS, or on localhost for development';

let dir = '';
let browser: Browser;
const servers: Array<ResultPromise<{ reject: false; all: true }>> = [];

/** Starts `docsgen serve` on `host`; resolves with the origin it prints. */
async function serve(host: string): Promise<string> {
  const proc = execa(process.execPath, [bin, 'serve', path.join(dir, 'dist/public'), '--port', '0', '--host', host], { reject: false, all: true, env: { NO_COLOR: '1', CI: 'true' } });
  servers.push(proc);
  let output = '';
  return new Promise((resolve, reject) => {
    proc.all.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Serving \S+ at (http:\/\/\S+?)\/documentation\//.exec(output);
      if (m) resolve(m[1]!);
    });
    void proc.then(() => reject(new Error(`docsgen serve exited:\n${output}`)));
  });
}

let origin = '';
beforeAll(async () => {
  dir = await copyFixture('build/page-furniture');
  const r = await runDocsgen(['build', '--root', dir, '--no-images']);
  if (r.exitCode !== 0) throw new Error(`fixture build failed:\n${r.stderr}`);
  origin = await serve('127.0.0.1');
  browser = await launchBrowser([`--host-resolver-rules=MAP ${OTHER_HOST} 127.0.0.1`]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers);
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A fresh context on `origin`, clipboard allowed, console problems collected; closed at the end of the test. */
async function open(path: string, options: { js?: boolean; at?: string; serviceWorkers?: 'allow' | 'block'; width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<{ page: Page; context: BrowserContext; problems: string[]; messages: string[] }> {
  const at = options.at ?? origin;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    javaScriptEnabled: options.js !== false,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // granted where it can be (a secure context): on another plain-HTTP host the page copies without permission
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: at.includes(OTHER_HOST) ? origin : at });
  const page = await context.newPage();
  const problems: string[] = [];
  const messages: string[] = [];
  page.on('console', (m) => {
    messages.push(m.text());
    if ((m.type() === 'error' || m.type() === 'warning') && !/Service Worker registration blocked by Playwright|Error during service worker registration/.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(at + P + path);
  if (options.js !== false) await hydrated(page);
  return { page, context, problems, messages };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('page furniture in the browser', () => {
  it('hydrates every page of the site without a console error or warning (server and client render agree)', async () => {
    for (const p of PAGES) {
      const t = await open(p);
      expect(t.problems, p).toEqual([]);
      await t.context.close();
    }
  }, 60_000);

  it('copies a code block with the keyboard, without line numbers, and says "Copied" in a live region', async () => {
    const { page, context } = await open('/guide/first/');
    const buttons = page.locator('.article-body .copy-button');
    expect(await buttons.count()).toBe(4);
    // Tab from the top of the page reaches the first copy button
    let tabs = 0;
    while (!(await page.evaluate(() => document.activeElement?.classList.contains('copy-button'))) && tabs++ < 80) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('figure')?.querySelector('figcaption')?.textContent)).toBe('app.js');
    await page.keyboard.press('Enter');
    await expect.poll(() => clipboard(page), WAIT).toBe('const map = new Map();\n/* a comment\n   over two lines */\nconst view = { map, zoom: 4 };\nconsole.log(view);');
    const live = page.locator('.article [role="status"][aria-live="polite"]');
    await expect.poll(() => live.textContent(), WAIT).toBe('Copied');
    expect(await buttons.first().textContent()).toBe('Copied');
    // the numbered block: Space works too, and the numbers are not part of the text
    await buttons.nth(1).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => clipboard(page), WAIT).toBe('def area(r):\n    return 3.14159 * r * r');
    // a block without meta (wrapped for its button) copies its text, characters unescaped
    await buttons.nth(2).click();
    await expect.poll(() => clipboard(page), WAIT).toBe('npm install & <run> "it"');
    await expect.poll(() => buttons.first().textContent(), WAIT).toBe('Copy');
    await context.close();
  });

  it('enhances the islands (copy buttons, table of contents) again on every page client navigation renders, once', async () => {
    const { page, context } = await open('/guide/second/');
    const count = () => page.locator('.article-body .copy-button').count();
    const islands = () => page.evaluate(() => [...document.querySelectorAll('[data-island]')].map((e) => e.getAttribute('data-island')));
    expect(await islands()).toEqual(['site-header', 'nav-tree', 'code-copy', 'toc']);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const go = (to: string) => page.evaluate((to) => (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to), to);
    for (let round = 0; round < 2; round++) {
      await go(`${P}/guide/first/`);
      expect(await page.textContent('main h1')).not.toBeNull();
      await expect.poll(count, WAIT).toBe(4);
      await go(`${P}/guide/second/`);
      await expect.poll(() => page.evaluate(() => document.querySelectorAll('.article-body pre').length - document.querySelectorAll('.article-body .copy-button').length), WAIT).toBe(0);
    }
    // the table of contents of a page rendered client-side follows the reader too (scrolled again on each poll: the
    // navigation's own scroll to the top can land after the first scroll, while the new page settles)
    await expect
      .poll(async () => {
        await page.evaluate(() => document.getElementById('section-3')!.scrollIntoView());
        return page.locator('.toc a[aria-current="true"]').allTextContents();
      }, WAIT)
      .toEqual(['Section 3']);
    await go(`${P}/guide/first/`);
    await page.locator('.copy-button').nth(2).click();
    await expect.poll(() => page.locator('.article [role="status"]').textContent(), WAIT).toBe('Copied');
    // all rendered in place
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await context.close();
  });

  it('copies on a plain-HTTP host too, where the page has no async clipboard', async () => {
    const at = origin.replace('127.0.0.1', OTHER_HOST);
    const { page, context } = await open('/guide/first/', { at });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await page.locator('.copy-button').nth(1).click();
    await expect.poll(() => page.locator('.article [role="status"]').textContent(), WAIT).toBe('Copied');
    // read back from a page of the same browser where the clipboard can be read
    const reader = await context.newPage();
    await reader.goto(`${origin}${P}/`);
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe('def area(r):\n    return 3.14159 * r * r');
    await context.close();
  });

  it('shows the code title above the code and marks the marked lines, numbered from the given number', async () => {
    const { page, context } = await open('/guide/first/');
    const figure = page.locator('figure.code-block').first();
    const caption = await figure.locator('figcaption').boundingBox();
    const code = await figure.locator('pre').boundingBox();
    expect(await figure.locator('figcaption').textContent()).toBe('app.js');
    expect(caption!.y + caption!.height).toBeLessThanOrEqual(code!.y + 1);
    const background = (line: number) => figure.locator(`.line[data-line="${line}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = await background(1);
    const marked = await background(2);
    expect(marked).not.toBe(plain);
    // each line is one row; the marked line's background runs the width of the code
    const rows = await figure.locator('.line').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
    expect(new Set(rows).size).toBe(1);
    const numbers = await page.locator('pre.line-numbers .line').evaluateAll((els) => els.map((e) => getComputedStyle(e, '::before').content));
    expect(numbers).toEqual(['"10"', '"11"']);
    await context.close();
  });

  it('goes to the next and previous pages in navigation order, client-side', async () => {
    const { page, context, problems } = await open('/guide/first/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click('.pagination a[rel="next"]');
    await page.waitForURL(`${origin}${P}/guide/second/`);
    await expect.poll(() => page.textContent('h1'), WAIT).toBe('Second page');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.locator('.pagination a[rel="prev"] .pagination-title').textContent()).toBe('First steps');
    expect(await page.locator('.edit-link').getAttribute('href')).toBe('https://github.com/example/docs/edit/main/content/guide/second.md');
    // a page rendered client-side gets its copy buttons too
    await page.click('.pagination a[rel="prev"]');
    await expect.poll(() => page.locator('.copy-button').count(), WAIT).toBe(4);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marks the section being read in the table of contents as the reader scrolls', async () => {
    const { page, context } = await open('/guide/second/');
    const current = () => page.locator('.toc a[aria-current="true"]').allTextContents();
    expect(await current()).toEqual([]);
    await page.evaluate(() => document.getElementById('section-3')!.scrollIntoView());
    await expect.poll(current, WAIT).toEqual(['Section 3']);
    await page.evaluate(() => document.getElementById('a-subsection')!.scrollIntoView());
    await expect.poll(current, WAIT).toEqual(['A subsection']);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(current, WAIT).toEqual(['Section 6']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(current, WAIT).toEqual([]);
    await context.close();
  });

  it('shows an image wider than 650 px at 650 px on a wide screen, and within the column on a phone (README)', async () => {
    // diagram.png is 1200 × 600: the page keeps its aspect ratio and never draws it wider than 650 CSS px
    const t = await open('/');
    const box = () => t.page.evaluate(() => {
      const img = document.querySelector('main img') as HTMLImageElement;
      const r = img.getBoundingClientRect();
      return { width: Math.round(r.width), height: Math.round(r.height), natural: img.naturalWidth, column: Math.round(img.parentElement!.getBoundingClientRect().width) };
    });
    await t.page.waitForFunction(() => (document.querySelector('main img') as HTMLImageElement | null)?.complete === true);
    // wide: the column has room for more, the image stops at 650; narrow: it fits the column
    for (const width of [1920, 1280, 390]) {
      await t.page.setViewportSize({ width, height: 900 });
      const b = await box();
      expect(b.natural).toBe(1200);
      expect(b.width, `at ${width} px`).toBe(Math.min(650, b.column));
      expect(b.height, `at ${width} px`).toBe(Math.round(b.width / 2));
      if (width === 1920) expect(b.column).toBeGreaterThan(650);
    }
    await t.context.close();
  });

  it.for([
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const)('axe finds no serious or critical violation in the furniture at %i px in %s mode', async ([width, scheme]) => {
    const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const found: string[] = [];
    for (const p of ['/', '/guide/first/', '/guide/second/', '/reference/api%20options/']) {
      // the page opens in its size and mode, as a reader's does: no switch, so no colors in transition
      const { page, context } = await open(p, { width, colorScheme: scheme });
      // the header drawn by Calcite and any transition over: axe measures the colors a reader ends up with
      await page.waitForFunction(() => {
        const calcite = [...document.querySelectorAll('.site-header :is(calcite-navigation-logo, calcite-menu-item)')];
        return calcite.every((e) => e.hasAttribute('calcite-hydrated') && e.shadowRoot) && document.getAnimations().every((a) => a.playState !== 'running');
      }, undefined, WAIT);
      // every state a reader meets: a copy button shown and one saying "Copied", the table of contents marking a section
      if (p === '/guide/first/') {
        await page.locator('.copy-button').nth(1).click();
        await expect.poll(() => page.locator('.copy-button').nth(1).textContent(), WAIT).toBe('Copied');
        await page.locator('.copy-button').first().focus();
      }
      if (p === '/guide/second/') {
        await page.evaluate(() => document.getElementById('section-3')!.scrollIntoView());
        await expect.poll(() => page.locator('.toc a[aria-current="true"]').count(), WAIT).toBe(1);
      }
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate(async () => {
        type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
        const result = await (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Result> } }).axe.run(document, { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      found.push(...violations.map((v) => `${p}: ${v}`));
      await context.close();
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('draws every highlight.js token color at 4.5:1 or more on plain and marked lines, in light and dark mode', async () => {
    const { page, context } = await open('/guide/first/');
    const low = await page.evaluate(() => {
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      // any CSS color (rgb(), color(srgb …) from color-mix) to sRGB bytes, drawn on white as a browser paints it
      const rgb = (css: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = '#fff';
        canvas.fillRect(0, 0, 1, 1);
        canvas.fillStyle = css;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (c: number[]) =>
        c.map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
      // the nearest painted background: the marked line's tint, else the block's
      const background = (e: Element | null): string => {
        for (; e; e = e.parentElement) {
          const b = getComputedStyle(e).backgroundColor;
          if (b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') return b;
        }
        return 'white';
      };
      const tokens = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .flatMap((rule) => (rule instanceof CSSStyleRule && /\.hljs-/.test(rule.selectorText) && rule.style.color ? rule.selectorText.split(',') : []))
        .map((sel) => sel.trim().split(/\s+/).map((part) => part.split('.').filter(Boolean)));
      const plain = document.querySelector('pre.code-lines .line:not(.highlighted)')!;
      const marked = document.querySelector('pre.code-lines .line.highlighted')!;
      const found: string[] = [];
      for (const mode of ['calcite-mode-light', 'calcite-mode-dark']) {
        document.body.className = mode;
        for (const line of [plain, marked]) {
          for (const chain of tokens) {
            // nested selectors (.hljs-meta .hljs-string) become nested spans
            let at: Element = line;
            for (const classes of chain) {
              const span = document.createElement('span');
              span.className = classes.join(' ');
              span.textContent = 'x';
              at.append(span);
              at = span;
            }
            const ratio = (() => {
              const [a, b] = [luminance(rgb(getComputedStyle(at).color)), luminance(rgb(background(line)))];
              return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
            })();
            if (ratio < 4.5) found.push(`${mode} ${line === marked ? 'marked' : 'plain'} ${chain.map((c) => '.' + c.join('.')).join(' ')}: ${ratio.toFixed(2)}`);
            let top = at;
            while (top.parentElement !== line) top = top.parentElement!;
            top.remove();
          }
        }
      }
      return { found, tokens: tokens.length };
    });
    expect(low.tokens).toBeGreaterThan(30);
    expect(low.found).toEqual([]);
    await context.close();
  });

  it("loads the start page's first image at once, with high priority, and it is the page's largest paint", async () => {
    const { page, context } = await open('/');
    const first = await page.evaluate(async () => {
      const img = document.querySelector<HTMLImageElement>('main img')!;
      const lcp = await new Promise<Element | null>((resolve) =>
        new PerformanceObserver((list) => resolve((list.getEntries().at(-1) as PerformanceEntry & { element: Element | null }).element)).observe({ type: 'largest-contentful-paint', buffered: true }),
      );
      return { loading: img.loading, priority: img.fetchPriority, complete: img.complete, largest: lcp === img, src: img.getAttribute('src') };
    });
    expect(first).toMatchObject({ loading: 'eager', priority: 'high', complete: true, largest: true });
    // the page's other image waits until the reader scrolls to it
    expect(await page.locator('main img').nth(1).evaluate((img: HTMLImageElement) => img.loading)).toBe('lazy');
    await context.close();
  });

  it('reads completely with JavaScript off: article, code titles, date, edit link, previous/next; no dead button', async () => {
    for (const p of PAGES) {
      const { page, context } = await open(p, { js: false });
      // (the header's buttons are in the DOM but not shown until the page is hydrated)
      expect(await page.locator('button:visible').count(), p).toBe(0);
      expect(await page.locator('main h1').isVisible(), p).toBe(true);
      await context.close();
    }
    const { page, context } = await open('/guide/first/', { js: false });
    expect(await page.locator('figure.code-block figcaption').first().isVisible()).toBe(true);
    expect(await page.locator('.article-body').innerText()).toContain('console.log(view);');
    expect(await page.locator('.page-footer time').getAttribute('datetime')).toBe('2024-03-15');
    expect(await page.locator('.page-footer').innerText()).toMatch(/^Edit this page\s+Last updated: March 15, 2024\s+Previous\s+Guide\s+Next\s+Second page$/);
    expect(await page.locator('.pagination a[rel="next"]').isVisible()).toBe(true);
    await context.close();
  });
});

describe('the service worker on loopback addresses', () => {
  for (const host of ['127.0.0.1', '::1']) {
    it(`registers on http://${host.includes(':') ? `[${host}]` : host}, as browsers trust it as they trust localhost`, async () => {
      const at = host === '127.0.0.1' ? origin : await serve(host);
      expect(at).toMatch(host === '127.0.0.1' ? /^http:\/\/127\.0\.0\.1:\d+$/ : /^http:\/\/\[::1\]:\d+$/);
      const { page, context, messages } = await open('/guide/', { at, serviceWorkers: 'allow' });
      await expect.poll(() => messages, { timeout: 15_000 }).toContain('Content is now available offline!');
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
      expect(messages).not.toContain(SW_REFUSED);
      await context.close();
    }, 40_000);
  }
});
