// matchPath (seed section 3): a page whose frontmatter declares `matchPath` answers for every path its pattern
// matches, after the exact pages and before the 404 page, on nginx (the generated config), `docsgen serve`,
// Netlify's `_redirects` and in the browser's loader. fixtures/client/match-path-site: `/reference/*` and
// `/users/:id`, with an exact page under the first pattern.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeResult } from '../../src/serve/index.js';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { startNginx, type NginxServer } from '../helpers/nginx.js';
import { hydrated, openTab } from './harness.js';
import { launchBrowser } from '../helpers/browser.js';
import type { Browser } from 'playwright-core';

const P = '/documentation';
let dir: string;
let nginx: NginxServer;
let served: ServeResult;
let browser: Browser;

beforeAll(async () => {
  dir = await copyFixture('client/match-path-site');
  await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
  const r = await runDocsgen(['build', '--root', dir, '--links', 'warn', '--no-images']);
  expect(r.exitCode, r.stdout + r.stderr).toBe(0);
  const conf = (f: string) => readFile(path.join(dir, 'dist/server/nginx', f), 'utf8');
  nginx = await startNginx({ httpConf: await conf('http.conf'), serverConf: await conf('server.conf'), root: path.join(dir, 'dist/public') });
  served = await serve({ root: dir, port: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await nginx?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Status, Location, Cache-Control and the first heading of a GET (redirects not followed). */
async function get(origin: string, p: string): Promise<[number, string | null, string | null, string | null]> {
  const res = await fetch(origin + p, { redirect: 'manual' });
  const text = await res.text();
  return [res.status, res.headers.get('location'), res.headers.get('cache-control'), /<h1[^>]*>([^<]*)/.exec(text)?.[1] ?? null];
}

const REVALIDATE = 'public, max-age=0, must-revalidate';
/** What every server answers: [path, status, location, cache, heading]. */
const TABLE: Array<[string, number, string | null, string | null, string | null]> = [
  [`${P}/reference/`, 200, null, REVALIDATE, 'Reference explorer'],
  [`${P}/reference/Map/`, 200, null, REVALIDATE, 'Reference explorer'],
  [`${P}/reference/Map/constructors/deep`, 200, null, REVALIDATE, 'Reference explorer'],
  // an exact page under the pattern is itself, and a directory keeps its slash redirect
  [`${P}/reference/exact/`, 200, null, REVALIDATE, 'Exact reference page'],
  [`${P}/reference/exact`, 301, `${P}/reference/exact/`, null, '301 Moved Permanently'],
  [`${P}/reference`, 301, `${P}/reference/`, null, '301 Moved Permanently'],
  // one segment only for `:id`
  [`${P}/users/42`, 200, null, REVALIDATE, 'User profile'],
  [`${P}/users/42/`, 200, null, REVALIDATE, 'User profile'],
  [`${P}/users/42/posts/`, 404, null, REVALIDATE, 'Page not found'],
  // nothing matches: the 404 page; a file-like path is a file (locations of its own)
  [`${P}/nope/`, 404, null, REVALIDATE, 'Page not found'],
  [`${P}/reference/data.json`, 404, null, REVALIDATE, 'Page not found'],
];

describe('matchPath pages', () => {
  it('carry matchPath in their page-data; other pages do not', async () => {
    const data = async (p: string) => JSON.parse(await readFile(path.join(dir, 'dist/public/documentation/page-data', p, 'page-data.json'), 'utf8'));
    expect((await data('reference')).matchPath).toBe('/reference/*');
    expect((await data('users')).matchPath).toBe('/users/:id');
    expect('matchPath' in (await data('reference/exact'))).toBe(false);
    expect('matchPath' in (await data('index'))).toBe(false);
  });

  it('are Netlify 200 rewrites after every redirect, most specific first', async () => {
    const lines = (await readFile(path.join(dir, 'dist/public/_redirects'), 'utf8')).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines).toEqual([`${P}/users/:id  ${P}/users/  200`, `${P}/reference/*  ${P}/reference/  200`]);
  });

  it.each(TABLE)('nginx answers %s with %i', async (p, status, location, cache, heading) => {
    const [s, l, c, h] = await get(nginx.origin, p);
    expect({ s, l, h }).toEqual({ s: status, l: location, h: heading });
    if (cache) expect(c).toBe(cache);
  });

  it.each(TABLE)('docsgen serve answers %s with %i', async (p, status, location, cache, heading) => {
    const [s, l, c, h] = await get(served.origin, p);
    expect({ s, l, h }).toEqual({ s: status, l: location, h: heading });
    if (cache) expect(c).toBe(cache);
  });

  it('render in the browser at their own address, on arrival and by client navigation', async () => {
    const t = await openTab(browser);
    try {
      await t.page.goto(`${served.origin}${P}/reference/Map/constructors/`);
      await hydrated(t.page);
      expect(await t.page.textContent('main h1')).toBe('Reference explorer');
      // the address is the reader's: no correction to the page's own path
      expect(new URL(t.page.url()).pathname).toBe(`${P}/reference/Map/constructors/`);
      await t.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      const nav = (to: string) => t.page.evaluate((to) => (window.___docsgenRuntime!.navigate as (to: string) => Promise<void>)(to), to);
      await nav(`${P}/reference/exact/`);
      expect(await t.page.textContent('main h1')).toBe('Exact reference page');
      await nav(`${P}/users/7/`);
      expect(await t.page.textContent('main h1')).toBe('User profile');
      expect(new URL(t.page.url()).pathname).toBe(`${P}/users/7/`);
      await nav(`${P}/reference/Graphic/`);
      expect(await t.page.textContent('main h1')).toBe('Reference explorer');
      await nav(`${P}/users/7/posts/`);
      expect(await t.page.textContent('main h1')).toBe('Page not found');
      // every one of those rendered in place
      expect(await t.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    } finally {
      await t.close();
    }
  });
});
