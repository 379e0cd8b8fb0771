import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExternalUrls, type ExternalOptions } from '../../src/links/external.js';
import { nonPublicReason } from '../../src/util/private-address.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

/** A server that answers every path and counts them; `routes` may answer some paths otherwise. */
async function startServer(host: string, routes: Record<string, (res: http.ServerResponse) => void> = {}) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '/');
    const route = routes[req.url ?? '/'];
    if (route) route(res);
    else res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

// Issue 19, item 8: --external sent requests to 127.0.0.1 and private addresses, however the host was spelled.
describe('check-links --external and addresses that are not public', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  let dir: string;
  beforeAll(async () => {
    srv = await startServer('127.0.0.1');
    dir = await copyFixture('links/external-private-hosts');
    const page = path.join(dir, 'public/index.html');
    await writeFile(page, (await readFile(page, 'utf8')).replaceAll('PORT', String(srv.port)));
  });
  afterAll(async () => {
    await srv.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends no request to a loopback host, however spelled, and warns with a hint naming --allow-private', async () => {
    const r = await runDocsgen(['check-links', 'public', '--external', '--cache-dir', 'cache'], { cwd: dir });
    expect(srv.hits).toEqual([]);
    expect(r.exitCode).toBe(0);
    const p = srv.port;
    const hint = '(link checks do not reach loopback, private or link-local addresses; pass --allow-private to check them)';
    expect(r.stderr.split('\n').slice(1)).toEqual([
      `public/index.html:4:4  warning  DG5110  external link \`http://127.0.0.1:${p}/ok\` was not checked: 127.0.0.1, a loopback address  ${hint}`,
      `public/index.html:5:4  warning  DG5110  external link \`http://localhost:${p}/name\` was not checked: localhost resolves to 127.0.0.1, a loopback address  ${hint}`,
      `public/index.html:6:4  warning  DG5110  external link \`http://2130706433:${p}/decimal\` was not checked: 127.0.0.1, a loopback address  ${hint}`,
      `public/index.html:7:4  warning  DG5110  external link \`http://0x7f.0.0.1:${p}/hex\` was not checked: 127.0.0.1, a loopback address  ${hint}`,
      '⚠ 4 warnings',
    ]);
  });

  it('checks them with --allow-private', async () => {
    const r = await runDocsgen(['check-links', 'public', '--external', '--allow-private', '--cache-dir', 'cache', '--json'], { cwd: dir });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, pages: 1, links: 4, problems: [], diagnostics: [] });
    expect([...new Set(srv.hits)].sort()).toEqual(['/decimal', '/hex', '/name', '/ok']);
    // a result from a private address is not trusted by a later run that does not allow them
    const again = await runDocsgen(['check-links', 'public', '--external', '--cache-dir', 'cache', '--json'], { cwd: dir });
    expect(JSON.parse(again.stdout).problems.map((x: { kind: string }) => x.kind)).toEqual(['external-private', 'external-private', 'external-private', 'external-private']);
  });
});

describe('checkExternalUrls: every hop is checked, and the connection goes to the address checked', () => {
  // 127.0.0.2 plays a public host (the classifier is told so); 127.0.0.1 stays the private one
  let pub: Awaited<ReturnType<typeof startServer>>;
  let priv: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    priv = await startServer('127.0.0.1');
    pub = await startServer('127.0.0.2', {
      '/to-private': (res) => res.writeHead(302, { location: `http://127.0.0.1:${priv.port}/secret` }).end(),
      '/to-name': (res) => res.writeHead(301, { location: `http://internal.test:${priv.port}/secret` }).end(),
      '/to-public': (res) => res.writeHead(307, { location: `http://public.test:${pub.port}/ok` }).end(),
    });
  });
  afterAll(async () => {
    await pub.close();
    await priv.close();
  });

  const lookups: string[] = [];
  const names: Record<string, string[]> = { 'public.test': ['127.0.0.2'], 'internal.test': ['10.0.0.7'], 'mixed.test': ['127.0.0.2', '192.168.0.9'] };
  const options = (over: Partial<ExternalOptions> = {}): ExternalOptions => ({
    timeoutMs: 2000,
    retries: 0,
    backoffMs: 1,
    concurrency: 4,
    perHost: 2,
    cacheFile: null,
    cacheMaxAgeMs: 0,
    allowPrivate: false,
    lookup: async (host) => {
      lookups.push(host);
      // a name that answers public once and private after (DNS rebinding): the connection must use the first
      if (host === 'rebind.test') return [{ address: lookups.filter((h) => h === host).length === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
      const list = names[host];
      if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return list.map((address) => ({ address, family: 4 }));
    },
    classify: (ip) => (ip === '127.0.0.2' ? null : nonPublicReason(ip)),
    ...over,
  });

  it('refuses a public URL that redirects to a private address, or to a name that resolves to one', async () => {
    const p = pub.port;
    const urls = [`http://public.test:${p}/ok`, `http://public.test:${p}/to-private`, `http://public.test:${p}/to-name`, `http://public.test:${p}/to-public`];
    const { results } = await checkExternalUrls(urls, options());
    expect(urls.map((u) => results.get(u))).toEqual([
      { ok: true, status: 200, attempts: 1 },
      { ok: false, refused: `it redirects to http://127.0.0.1:${priv.port}/secret, and 127.0.0.1, a loopback address`, attempts: 0 },
      { ok: false, refused: `it redirects to http://internal.test:${priv.port}/secret, and internal.test resolves to 10.0.0.7, a private address`, attempts: 0 },
      { ok: true, status: 200, attempts: 1 },
    ]);
    expect(priv.hits).toEqual([]);
  });

  it('refuses a name with any private address among its addresses, before any request', async () => {
    const before = pub.hits.length;
    const { results } = await checkExternalUrls([`http://mixed.test:${pub.port}/ok`], options());
    expect(results.get(`http://mixed.test:${pub.port}/ok`)).toEqual({ ok: false, refused: 'mixed.test resolves to 192.168.0.9, a private address', attempts: 0 });
    expect(pub.hits.length).toBe(before);
  });

  it('connects to the address it checked, not to a second answer of the resolver', async () => {
    const before = pub.hits.length;
    const { results } = await checkExternalUrls([`http://rebind.test:${pub.port}/ok`], options());
    expect(results.get(`http://rebind.test:${pub.port}/ok`)).toEqual({ ok: true, status: 200, attempts: 1 });
    expect(pub.hits.length).toBe(before + 1);
    expect(lookups.filter((h) => h === 'rebind.test')).toEqual(['rebind.test']);
    expect(priv.hits).toEqual([]);
  });

  it('counts a resolver that does not answer against the request timeout', async () => {
    const url = `http://silent.test:${pub.port}/ok`;
    const { results } = await checkExternalUrls([url], options({ timeoutMs: 300, lookup: () => new Promise(() => undefined) }));
    expect(results.get(url)).toEqual({ ok: false, error: 'timed out after 300 ms', attempts: 1 });
  });

  it('asks no resolver for an IP host, and reaches private addresses with allowPrivate', async () => {
    const url = `http://0177.0.0.1:${priv.port}/allowed`;
    const { results } = await checkExternalUrls([new URL(url).href], options({ allowPrivate: true, lookup: () => Promise.reject(new Error('no lookup for an IP')) }));
    expect(results.get(new URL(url).href)).toEqual({ ok: true, status: 200, attempts: 1, private: true });
    expect(priv.hits).toEqual(['/allowed']);
  });
});
