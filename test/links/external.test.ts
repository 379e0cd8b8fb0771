import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/index.js';
import { runDocsgen } from '../helpers/cli.js';

/** A local server with one route per behaviour an external host can show. */
function startServer() {
  const hits = new Map<string, Array<{ method: string; at: number }>>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const list = hits.get(url) ?? [];
    list.push({ method: req.method ?? 'GET', at: Date.now() });
    hits.set(url, list);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // a request ends when answered or when the client gives up (timeouts)
    res.on('close', () => inFlight--);
    const done = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : 'body');
    };
    if (url === '/ok') return done(200);
    if (url === '/missing') return done(404);
    if (url === '/rate-limited') return list.length === 1 ? done(429, { 'retry-after': '1' }) : done(200);
    if (url === '/always-limited') return done(429, { 'retry-after': '0' });
    if (url === '/moved') return done(301, { location: '/ok' });
    if (url === '/moved-to-missing') return done(302, { location: '/missing' });
    if (url === '/no-head') return req.method === 'HEAD' ? done(405) : done(200);
    if (url === '/flaky') return list.length < 3 ? done(503) : done(200);
    if (url === '/slow') {
      const t = setTimeout(() => done(200), 5000);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (url.startsWith('/busy/')) return void setTimeout(() => done(200), 60);
    done(404);
  });
  return new Promise<{ origin: string; hits: typeof hits; maxInFlight: () => number; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        hits,
        maxInFlight: () => maxInFlight,
        close: () => new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
      });
    });
  });
}

const routes = ['/ok', '/missing', '/rate-limited', '/always-limited', '/moved', '/moved-to-missing', '/no-head', '/flaky', '/slow'];

describe('--external against a local server', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  let dir: string;
  let site: string;
  beforeAll(async () => {
    srv = await startServer();
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-links-external-'));
    site = path.join(dir, 'site');
    await mkdir(site, { recursive: true });
    const links = routes.map((r) => `<a href="${srv.origin}${r}#frag">${r}</a>`).join('\n');
    const busy = Array.from({ length: 6 }, (_, i) => `<img src="${srv.origin}/busy/${i}">`).join('\n');
    await writeFile(path.join(site, 'index.html'), `<!DOCTYPE html>\n<title>x</title>\n${links}\n${busy}\n<a href="mailto:x@example.com">m</a>\n`);
  });
  afterAll(async () => {
    await srv.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reports 404s, timeouts and lasting 429s; follows redirects, retries 429 after Retry-After and 5xx with back-off', async () => {
    const started = Date.now();
    const result = await checkLinks({
      dir: site,
      cwd: dir,
      external: true,
      // the test server is on 127.0.0.1
      allowPrivate: true,
      timeoutMs: 1000,
      retries: 2,
      retryBackoffMs: 50,
      perHostConcurrency: 2,
      cacheDir: path.join(dir, 'cache'),
    });
    expect(result.outputs.problems.map((p) => [p.href.replace(srv.origin, ''), p.kind, p.detail])).toEqual([
      ['/missing#frag', 'external-broken', 'HTTP 404'],
      ['/always-limited#frag', 'external-broken', 'HTTP 429 (after 3 attempts)'],
      ['/moved-to-missing#frag', 'external-broken', 'HTTP 404'],
      ['/slow#frag', 'external-broken', 'timed out after 1000 ms (after 3 attempts)'],
    ]);
    expect(result.diagnostics[0]).toMatchObject({ code: 'DG5107', severity: 'error', location: { file: 'site/index.html', line: 4, column: 4 } });
    expect(result.outputs.links).toBe(15);
    // Retry-After: 1 was honoured: the second request came a second after the first
    const limited = srv.hits.get('/rate-limited')!;
    expect(limited).toHaveLength(2);
    expect(limited[1]!.at - limited[0]!.at).toBeGreaterThanOrEqual(950);
    expect(srv.hits.get('/flaky')).toHaveLength(3);
    expect(srv.hits.get('/no-head')!.map((h) => h.method)).toEqual(['HEAD', 'GET']);
    expect(srv.hits.get('/ok')!.length).toBeGreaterThanOrEqual(1);
    // never more than two requests at once to the one host
    expect(srv.maxInFlight()).toBeLessThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('trusts good results from the cache on the next run and checks failures again', async () => {
    const before = new Map([...srv.hits].map(([k, v]) => [k, v.length]));
    const result = await checkLinks({ dir: site, cwd: dir, external: true, allowPrivate: true, timeoutMs: 1000, retries: 0, cacheDir: path.join(dir, 'cache') });
    const cache = JSON.parse(await readFile(path.join(dir, 'cache/external.json'), 'utf8'));
    expect(Object.keys(cache.entries).map((u) => u.replace(srv.origin, '')).sort()).toEqual(
      ['/busy/0', '/busy/1', '/busy/2', '/busy/3', '/busy/4', '/busy/5', '/flaky', '/moved', '/no-head', '/ok', '/rate-limited'],
    );
    for (const good of ['/ok', '/moved', '/rate-limited', '/flaky', '/busy/3']) expect([good, srv.hits.get(good)!.length]).toEqual([good, before.get(good)]);
    // failures are asked again: /missing directly and once more through /moved-to-missing's redirect
    expect(srv.hits.get('/moved-to-missing')!.length).toBe(before.get('/moved-to-missing')! + 1);
    expect(srv.hits.get('/missing')!.length).toBe(before.get('/missing')! + 2);
    expect(result.outputs.problems.map((p) => p.href.replace(srv.origin, ''))).toEqual(['/missing#frag', '/always-limited#frag', '/moved-to-missing#frag', '/slow#frag']);
  });

  it('checks nothing over the network without --external, and the CLI passes --timeout and --retries', async () => {
    const before = srv.hits.get('/missing')!.length;
    const off = await checkLinks({ dir: site, cwd: dir });
    expect(off.outputs.problems).toEqual([]);
    expect(srv.hits.get('/missing')!.length).toBe(before);

    const r = await runDocsgen(['check-links', site, '--external', '--allow-private', '--timeout', '1500', '--retries', '0', '--json', '--cache-dir', path.join(dir, 'cli-cache')], { cwd: dir });
    expect(r.exitCode).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.problems.map((p: { href: string; kind: string }) => `${p.kind} ${p.href.replace(srv.origin, '')}`)).toEqual([
      'external-broken /missing#frag',
      'external-broken /always-limited#frag',
      'external-broken /moved-to-missing#frag',
      'external-broken /slow#frag',
    ]);
  });
});
