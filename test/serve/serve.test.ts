// The shared request table against `serve` and real nginx over one built fixture: identical status, Location,
// Content-Type, Cache-Control (and Content-Range) for every row, and both equal to the table.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeResult } from '../../src/serve/index.js';
import { startNginx, type NginxServer } from '../helpers/nginx.js';
import { startNxdomainDns } from './fake-dns.js';
import { requestTable, type BuiltNames, type RequestRow } from './request-table.js';
import { buildServeFixture, closeFixtureSockets, copyServeFixture, request, type Answer } from './site.js';

let dir: string;
let names: BuiltNames;
let nginx: NginxServer;
let server: ServeResult;
let dns: { port: number; close(): void };

/** A fetch that fails as an unresolvable host does (the fake DNS makes nginx see the same). */
const unresolvable: typeof fetch = async (input) => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${new URL(String(input)).hostname}`), { code: 'ENOTFOUND' }) });
};

beforeAll(async () => {
  dir = await copyServeFixture();
  names = await buildServeFixture(dir);
  dns = await startNxdomainDns();
  const conf = path.join(dir, 'dist/server/nginx');
  const serverConf = (await readFile(path.join(conf, 'server.conf'), 'utf8')).replace(/resolver [^;]*;/, `resolver 127.0.0.1:${dns.port} ipv6=off;`);
  nginx = await startNginx({
    httpConf: await readFile(path.join(conf, 'http.conf'), 'utf8'),
    serverConf,
    root: path.join(dir, 'dist/public'),
    // production's nginx.conf includes the stock mime.types in http {}; a server-level types block replaces the helper's short list
    extraServer: 'include /etc/nginx/mime.types;',
  });
  server = await serve({ root: dir, port: 0, fetch: unresolvable });
});

afterAll(async () => {
  await server?.close();
  await nginx?.stop();
  dns?.close();
  await closeFixtureSockets();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function expected(row: RequestRow): Answer {
  return {
    status: row.status,
    location: row.location ?? null,
    contentType: row.contentType,
    cache: row.cache,
    ...(row.contentRange !== undefined ? { contentRange: row.contentRange } : {}),
  };
}

async function answer(origin: string, row: RequestRow): Promise<Answer> {
  const rawPath = typeof row.path === 'function' ? row.path(names) : row.path;
  const res = await request(origin, row.method ?? 'GET', rawPath, row.headers);
  return {
    status: res.status,
    location: res.location,
    contentType: res.contentType,
    cache: res.cache,
    ...(row.contentRange !== undefined ? { contentRange: res.contentRange } : {}),
  };
}

describe('serve and nginx answer the request table identically', () => {
  it('serves from the build with its redirects.json', () => {
    expect(server.redirects.source).toBe(path.join(dir, 'dist/server/redirects.json'));
    expect(server.redirects.count).toBe(5);
    expect(server.diagnostics).toEqual([]);
  });

  it.each(requestTable.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const [fromServe, fromNginx] = await Promise.all([answer(server.origin, row), answer(nginx.origin, row)]);
    expect({ serve: fromServe, nginx: fromNginx }).toEqual({ serve: expected(row), nginx: expected(row) });
  });

  it('sends the same bytes for pages, ranges and the 404 page', async () => {
    for (const [p, headers] of [['/documentation/guide/install/', {}], ['/documentation/notes.txt', { Range: 'bytes=3-12' }], ['/documentation/nope/', {}]] as const) {
      const [a, b] = await Promise.all([request(server.origin, 'GET', p, headers), request(nginx.origin, 'GET', p, headers)]);
      expect(a.body.equals(b.body), p).toBe(true);
    }
  });
});
