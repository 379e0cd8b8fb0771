import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import type { Browser } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, networkSettler } from '../helpers/browser.js';
import { repoRoot, runDocsgen } from '../helpers/cli.js';

// The sample site, built from the repository's own content/, templates/ and redirects/: every page must
// hydrate in a real Chromium without a single console error.
describe('the sample site hydrates in Chromium', () => {
  let server: http.Server;
  let origin: string;
  let browser: Browser;
  let pages: string[];

  beforeAll(async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'docsgen-sample-'));
    const r = await runDocsgen(['build', '--out', out, '--quiet']);
    expect(r.exitCode, r.stderr).toBe(0);
    const pub = path.join(out, 'public');
    pages = (await fg('documentation/**/index.html', { cwd: pub, ignore: ['documentation/calcite/**'] })).map((f) => `/${f.replace(/index\.html$/, '')}`).sort();
    pages.push('/documentation/404.html', '/documentation/500.html');
    const files = sirv(pub, { dev: true });
    server = http.createServer((req, res) => files(req, res, () => { res.statusCode = 404; res.end(); }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // opened as localhost: the runtime registers its service worker only over HTTPS or on localhost
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('has at least 82 pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(82);
  });

  it('hydrates every page with no console error, failed request or React warning', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems: string[] = [];
    let current = '';
    page.on('console', (m) => {
      // The service worker is blocked here (its own tests cover it): the block itself is not a page problem.
      if (/Service Worker registration blocked by Playwright|Error during service worker registration/.test(m.text())) return;
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${current}: console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${current}: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`${current}: request failed ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400 && !/\/(404|500)\.html$/.test(r.url())) problems.push(`${current}: ${r.status()} ${r.url()}`);
    });
    // Leaving a page while Calcite still fetches an icon aborts that request (and Calcite logs it): wait until
    // nothing is in flight before moving on, so only real problems are recorded.
    const settled = networkSettler(page);
    for (const p of pages) {
      current = p;
      await page.goto(origin + p, { waitUntil: 'load' });
      // an islands page (partial hydration) hydrates its header at the reader's first interaction
      await page.mouse.move(1, 1);
      await page.mouse.move(2, 2);
      // React marks the container it hydrated (the page's root, or the header alone on an islands page); the
      // header's Calcite element is defined once its script ran.
      await page.waitForFunction(() => {
        const hydratedByReact = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith('__reactContainer'));
        if (!hydratedByReact(document.getElementById('___docsgen')) && !hydratedByReact(document.querySelector('.site-header'))) return false;
        // the header's Calcite logo has rendered its heading: the component library is defined and hydrated
        const logo = document.querySelector('calcite-navigation-logo');
        return !!logo?.hasAttribute('calcite-hydrated') && !!logo.shadowRoot?.textContent?.includes('Documentation');
      }, undefined, { timeout: 15_000 });
      await settled();
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 300_000);
});
