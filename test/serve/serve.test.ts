// `docsgen serve` over one built fixture, what only serve can show (nginx-parity.test.ts compares it with nginx):
// the proxy with a fake upstream, compression, the 500 page, where the redirects come from, the CLI.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestHandler, serve, ServeRefusedError, type ServeResult } from '../../src/serve/index.js';
import { bin, copyFixture, runDocsgen } from '../helpers/cli.js';
import { buildServeFixture, closeFixtureSockets, copyServeFixture, request } from './site.js';

let dir: string;
let server: ServeResult;

/** A fetch that fails as an unresolvable host does. */
const unresolvable: typeof fetch = async (input) => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${new URL(String(input)).hostname}`), { code: 'ENOTFOUND' }) });
};

beforeAll(async () => {
  dir = await copyServeFixture();
  await buildServeFixture(dir);
  server = await serve({ root: dir, port: 0, fetch: unresolvable });
});

afterAll(async () => {
  await server?.close();
  await closeFixtureSockets();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('serve: the build it serves', () => {
  it('serves from the build with its redirects.json', () => {
    expect(server.redirects.source).toBe(path.join(dir, 'dist/server/redirects.json'));
    expect(server.redirects.count).toBe(5);
    expect(server.diagnostics).toEqual([]);
  });
});

describe('serve: the third-party proxy with a fake upstream', () => {
  const PROXY = '/documentation/__third-party-proxy';
  let proxied: ServeResult;
  const calls: Array<{ url: string; method: string; headers: Headers }> = [];
  const upstream: typeof fetch = async (input, init) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    if (url.endsWith('/missing.js')) return new Response('gone', { status: 404, headers: { 'content-type': 'text/plain' } });
    return new Response('console.log("third party");', {
      status: 200,
      headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'public, max-age=600', 'set-cookie': 'tracker=1' },
    });
  };

  beforeAll(async () => {
    proxied = await serve({ root: dir, port: 0, fetch: upstream });
  });
  afterAll(() => proxied?.close());

  it('fetches an allowed URL without the visitor\'s cookies and passes the answer back without Set-Cookie', async () => {
    const res = await request(proxied.origin, 'GET', `${PROXY}?url=https%3A%2F%2Fjs.arcgis.com%2F4.30%2Finit.js%3Fv%3D1`, { Cookie: 'session=secret', Authorization: 'Bearer x', 'Accept-Language': 'de' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('console.log("third party");');
    expect(res.contentType).toBe('application/javascript; charset=utf-8');
    expect(res.cache).toBe('public, max-age=600');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(calls.map((c) => [c.method, c.url])).toEqual([['GET', 'https://js.arcgis.com/4.30/init.js?v=1']]);
    expect(calls[0]!.headers.get('cookie')).toBeNull();
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    expect(calls[0]!.headers.get('accept-language')).toBe('de');
  });

  it('passes the upstream status through and answers HEAD without a body', async () => {
    const missing = await request(proxied.origin, 'GET', `${PROXY}?url=https://cdn.example.com/missing.js`);
    expect([missing.status, missing.body.toString()]).toEqual([404, 'gone']);
    const head = await request(proxied.origin, 'HEAD', `${PROXY}?url=https%3A%2F%2Fjs.arcgis.com%2Fa.js`);
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });

  it('never calls the upstream for a host that is not listed', async () => {
    const before = calls.length;
    expect((await request(proxied.origin, 'GET', `${PROXY}?url=https%3A%2F%2Fevil.example%2Fa.js`)).status).toBe(403);
    expect(calls.length).toBe(before);
  });
});

describe('serve: compression, the 500 page, the redirect source', () => {
  it('gzips a page for a client that accepts it, and never a range', async () => {
    const plain = await request(server.origin, 'GET', '/documentation/guide/install/');
    const gz = await request(server.origin, 'GET', '/documentation/guide/install/', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const range = await request(server.origin, 'GET', '/documentation/guide/install/', { 'Accept-Encoding': 'gzip', Range: 'bytes=0-99' });
    expect([range.status, range.headers['content-encoding'], range.body.length]).toEqual([206, undefined, 100]);
  });

  it('answers an unexpected failure with the 500 page and status 500', async () => {
    const handler = createRequestHandler({
      site: () => ({ dir: path.join(dir, 'dist/public'), pathPrefix: '/documentation', proxyAllowedHosts: [], matchRedirect: () => { throw new Error('boom'); } }),
      onError: () => {},
    });
    const http = createServer(handler);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const res = await request(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, 'GET', '/documentation/');
      expect([res.status, res.contentType, res.cache]).toEqual([500, 'text/html', 'public, max-age=0, must-revalidate']);
      expect(res.body.equals(await readFile(path.join(dir, 'dist/public/documentation/500.html')))).toBe(true);
    } finally {
      http.close();
    }
  });

  it('uses the project\'s redirects/ folder when the served folder has no server/redirects.json beside it', async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'docsgen-serve-'));
    await symlink(path.join(dir, 'dist/public'), path.join(elsewhere, 'public'));
    const other = await serve({ root: dir, dir: path.join(elsewhere, 'public'), port: 0 });
    try {
      expect(other.redirects).toEqual({ source: path.join(dir, 'redirects'), count: 5 });
      const res = await request(other.origin, 'GET', '/documentation/Setup?x=1');
      expect([res.status, res.location]).toEqual([301, '/documentation/guide/install/?x=1']);
    } finally {
      await other.close();
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('serve: the redirects/ folder when no build made the served folder (issue 21)', () => {
  const REFUSED = '-  error  DG8010  not serving: redirects/ fails validation (1 error), and serve applies no redirect the build would refuse  (fix the redirects (`docsgen validate-redirects` checks them), or run `docsgen build`: serve then uses the build\'s server/redirects.json)';

  it('refuses to start on redirects/ with an open redirect: exit 1, every problem printed', async () => {
    const site = await copyFixture('serve/unbuilt-site-open-redirect');
    try {
      const result = await runDocsgen(['serve', 'public', '--port', '0'], { cwd: site });
      expect(result.exitCode).toBe(1);
      const lines = result.stderr.split('\n');
      expect(lines[0]).toBe(REFUSED);
      expect(lines[1]).toMatch(/^redirects\/moved\.yaml:5:7 {2}error {2}DG4010 {2}open redirect: host `login\.evil\.example`/);
      expect(lines.slice(2)).toEqual(['✖ 2 errors']);
      expect(result.stdout).toBe('');
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('never starts a server for them, and reports them to the library caller', async () => {
    const site = await copyFixture('serve/unbuilt-site-open-redirect');
    try {
      const refused = await serve({ root: site, dir: path.join(site, 'public'), port: 0 }).then(() => null, (err: unknown) => err);
      expect(refused).toBeInstanceOf(ServeRefusedError);
      expect((refused as ServeRefusedError).exitCode).toBe(1);
      expect((refused as ServeRefusedError).diagnostics.map((d) => `${d.code} ${d.location?.file ?? '-'}:${d.location?.line ?? 0}`)).toEqual(['DG4010 redirects/moved.yaml:5', 'DG8010 -:0']);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('serves redirects/ once it validates: the allowed rule applies, the removed one is gone', async () => {
    const site = await copyFixture('serve/unbuilt-site-open-redirect');
    await writeFile(path.join(site, 'redirects/moved.yaml'), '- from: /documentation/old-guide/\n  to: /documentation/guide/\n');
    const other = await serve({ root: site, dir: path.join(site, 'public'), port: 0 });
    try {
      expect([other.redirects, other.diagnostics]).toEqual([{ source: path.join(site, 'redirects'), count: 1 }, []]);
      const moved = await request(other.origin, 'GET', '/documentation/OLD-guide?x=1');
      expect([moved.status, moved.location]).toEqual([301, '/documentation/guide/?x=1']);
      expect((await request(other.origin, 'GET', '/documentation/login/')).status).toBe(404);
    } finally {
      await other.close();
      await rm(site, { recursive: true, force: true });
    }
  });
});

describe('docsgen serve (the binary)', () => {
  it('prints the URL, serves until SIGINT, then exits 0', async () => {
    const proc = execa(process.execPath, [bin, 'serve', '--port', '0'], { cwd: dir, reject: false, env: { NO_COLOR: '1', CI: 'true' } });
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const started = Date.now();
    while (!/at (http:\S+)/.test(out) && Date.now() - started < 20_000 && proc.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    const url = /Serving (\S+) at (http:\/\/127\.0\.0\.1:\d+\/documentation\/)\n/.exec(out);
    expect(url?.[1]).toBe(path.join(dir, 'dist/public'));
    const page = await request(url![2]!, 'GET', '/documentation/guide/');
    expect(page.status).toBe(200);
    proc.kill('SIGINT');
    const result = await proc;
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe(`5 redirects from ${path.join(dir, 'dist/server/redirects.json')}; press Ctrl-C to stop\nstopped (SIGINT)`);
  });

  it('exits 2 with DG8001 when there is nothing to serve', async () => {
    const result = await runDocsgen(['serve', 'no-such-dir', '--port', '0'], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error  DG8001  nothing to serve: no-such-dir is not a folder  (run `docsgen build` first, or pass the folder to serve: `docsgen serve DIR`)');
  });

  it('exits 2 with DG8002 when the port is taken, and for a port that is not a number', async () => {
    const result = await runDocsgen(['serve', '--port', String(server.port)], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error  DG8002  cannot listen on 127.0.0.1:${server.port}: EADDRINUSE`);
    const bad = await runDocsgen(['serve', '--port', 'eighty'], { cwd: dir });
    expect([bad.exitCode, bad.stderr.trim()]).toEqual([2, '--port must be a whole number from 0 to 65535 (got "eighty")']);
  });
});
