import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitServiceWorker } from '../../src/sw/index.js';
import { clearWorkerCodeMemory } from '../../src/sw/worker-code.js';
import { launchBrowser } from '../helpers/browser.js';
import { writeStaticSite } from './static-site.js';

let publicDir: string;
let cacheDir: string;
let server: http.Server;
let origin: string;
let down = false;
const sockets = new Set<Socket>();
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  publicDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-sw-'));
  cacheDir = `${publicDir}-cache`;
  const { buildHash } = await writeStaticSite(publicDir, 1);
  // the first worker's code is freshly generated; the rebuilt site's comes from this cache (see the last test)
  clearWorkerCodeMemory();
  const result = await emitServiceWorker({ publicDir, pathPrefix: '/documentation', buildHash, cacheDir, builtInCode: false });
  expect(result.diagnostics).toEqual([]);
  expect(result.stats.codeGenerated).toBe(1);
  // dev: re-read the folder on each request, since the test rebuilds the site under the running server
  const serve = sirv(publicDir, { dev: true, etag: true });
  server = http.createServer((req, res) => {
    // "the network is gone": the connection drops without an answer
    if (down) return req.socket.destroy();
    serve(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  // the runtime registers a worker only over HTTPS or on localhost (seed section 8)
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server?.close(resolve));
  await rm(publicDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

const pageData = (p: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as { path: string; result: { pageContext: { v: number } } } };
  }, `${origin}/documentation/page-data/${p}/page-data.json`);

const rscData = (p: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as { path: string } };
  }, `${origin}/documentation/page-data/${p}/page-data-rsc.json`);

/** A page's document as the islands runtime fetches it for client navigation: status and text. */
const documentOf = (p: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Accept: 'text/html' } });
    return [res.status, await res.text()] as const;
  }, `${origin}/documentation/${p}/`);

describe('service worker in Chromium', () => {
  it('precaches only same-origin files and loads no script from anywhere else', async () => {
    const sw = await readFile(path.join(publicDir, 'documentation/sw.js'), 'utf8');
    expect(sw).not.toContain('importScripts');
    const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]).sort();
    expect(urls).toEqual(['/documentation/404.html', '/documentation/app-11111111.js', '/documentation/styles-11111111.css']);
  });

  it('installs and activates, then serves two pages read online and their page-data offline', async () => {
    await page.goto(`${origin}/documentation/`);
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.register('/documentation/sw.js', { scope: '/documentation/' });
      const ready = await navigator.serviceWorker.ready;
      const worker = ready.active!;
      if (worker.state !== 'activated') await new Promise((r) => worker.addEventListener('statechange', () => worker.state === 'activated' && r(null)));
      // clientsClaim: the page that registered the worker is controlled without a reload
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      return { active: reg.active?.state, scope: reg.scope, caches: await caches.keys() };
    });
    expect(state.active).toBe('activated');
    expect(state.scope).toBe(`${origin}/documentation/`);
    expect(state.caches.some((c) => c.startsWith('docsgen-precache'))).toBe(true);

    for (const p of ['a', 'b']) {
      await page.goto(`${origin}/documentation/${p}/`);
      expect(await page.textContent('h1')).toBe(`Page ${p} v1`);
      expect((await pageData(p)).body.path).toBe(`/${p}/`);
    }
    // an islands page's -rsc page data is cached as page-data is, and the document the islands runtime fetches
    // beside it (asking for HTML, as client navigation does) as a page is
    expect((await rscData('a')).body.path).toBe('/a/');
    expect(await documentOf('d')).toEqual([200, expect.stringContaining('<h1>Page d v1</h1>')]);

    // another origin (127.0.0.1 is not localhost) is never answered or cached by the worker
    const otherOrigin = origin.replace('localhost', '127.0.0.1');
    const cached = await page.evaluate(async (other) => {
      await fetch(`${other}/documentation/page-data/a/page-data.json`, { mode: 'no-cors' });
      await fetch(`${other}/documentation/app-11111111.js`, { mode: 'no-cors' });
      await new Promise((r) => setTimeout(r, 200));
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      return urls;
    }, otherOrigin);
    expect(cached).toEqual(expect.arrayContaining([`${origin}/documentation/a/`, `${origin}/documentation/page-data/b/page-data.json`]));
    expect(cached.filter((u) => !u.startsWith(`${origin}/`))).toEqual([]);

    down = true;
    await context.setOffline(true);
    try {
      for (const p of ['a', 'b']) {
        await page.goto(`${origin}/documentation/${p}/`);
        expect(await page.textContent('h1')).toBe(`Page ${p} v1`);
        // the app bundle and styles come from the precache
        expect(await page.evaluate(() => (window as unknown as { appVersion: number }).appVersion)).toBe(1);
        const data = await pageData(p);
        expect([data.status, data.body.path]).toEqual([200, `/${p}/`]);
      }
      const rsc = await rscData('a');
      expect([rsc.status, rsc.body.path]).toEqual([200, '/a/']);
      // the document fetched for client navigation reads offline, and so opens as a page
      expect(await documentOf('d')).toEqual([200, expect.stringContaining('<h1>Page d v1</h1>')]);
      await page.goto(`${origin}/documentation/d/`);
      expect(await page.textContent('h1')).toBe('Page d v1');
      // a page never read is not there: the test really is offline
      await expect(page.goto(`${origin}/documentation/c/`)).rejects.toThrow(/ERR_/);
    } finally {
      down = false;
      await context.setOffline(false);
    }
  });

  it('installs a new worker for a rebuilt site and leaves it waiting (the runtime makes the next navigation a full load)', async () => {
    await page.goto(`${origin}/documentation/a/`);
    const { buildHash } = await writeStaticSite(publicDir, 2);
    // as in a new `docsgen build` process: the worker's code is read from the disk cache, not generated
    clearWorkerCodeMemory();
    const result = await emitServiceWorker({ publicDir, pathPrefix: '/documentation', buildHash, cacheDir, builtInCode: false });
    expect(result.diagnostics).toEqual([]);
    expect(result.stats.codeGenerated).toBe(0);
    const states = await page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.getRegistration('/documentation/'))!;
      const seen: string[] = [];
      const installed = new Promise<void>((resolve) => {
        reg.addEventListener('updatefound', () => {
          const worker = reg.installing!;
          seen.push(worker.state);
          worker.addEventListener('statechange', () => {
            seen.push(worker.state);
            if (worker.state === 'installed') resolve();
          });
        });
      });
      await reg.update();
      await installed;
      return { seen, waiting: reg.waiting?.state, active: reg.active?.state, controlled: Boolean(navigator.serviceWorker.controller) };
    });
    expect(states).toEqual({ seen: ['installing', 'installed'], waiting: 'installed', active: 'activated', controlled: true });
    // online, pages and page-data come fresh from the network even before the new worker takes over
    await page.goto(`${origin}/documentation/a/`);
    expect(await page.textContent('h1')).toBe('Page a v2');
    expect((await pageData('a')).body.result.pageContext.v).toBe(2);
  });
});
