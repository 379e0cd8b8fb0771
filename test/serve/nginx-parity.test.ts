// `docsgen serve` and real nginx (Debian's 1.22, with the http.conf and server.conf the build generates) over one
// built site: every row of the request table goes to both as raw bytes, and both must answer alike (statuses,
// Location, Content-Type, Cache-Control, Content-Range), as the row says. Rows with `differs` are requests Node's
// HTTP parser refuses before serve sees them; they are asserted both ways, with the reason.
import { cp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeResult } from '../../src/serve/index.js';
import { repoRoot } from '../helpers/cli.js';
import { startNginx, type NginxServer } from '../helpers/nginx.js';
import { startNxdomainDns } from './fake-dns.js';
import { requestBytes, sendRaw, type RawAnswer } from './raw-http.js';
import { baseRows, type RequestRow, type TableContext } from './request-table.js';
import { headRows } from './request-table-heads.js';
import { urlRows } from './request-table-urls.js';
import { buildServeFixture, closeFixtureSockets, copyServeFixture } from './site.js';
import { assertReaching } from '../helpers/reach.js';

// every row, in table order
const requestTable: RequestRow[] = [...baseRows, ...urlRows, ...headRows];

let dir: string;
let ctx: TableContext;
let nginx: NginxServer;
let server: ServeResult;
let dns: { port: number; close(): void };

/** A fetch that fails as an unresolvable host does (the fake DNS makes nginx see the same). */
const unresolvable: typeof fetch = async (input) => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${new URL(String(input)).hostname}`), { code: 'ENOTFOUND' }) });
};

beforeAll(async () => {
  dir = await copyServeFixture();
  await cp(path.join(repoRoot, 'fixtures/serve/more-redirects'), dir, { recursive: true });
  const names = await buildServeFixture(dir);
  const st = await stat(path.join(dir, 'dist/public/documentation/notes.txt'));
  const mtime = Math.floor(st.mtimeMs / 1000);
  ctx = { names, notes: { lastModified: new Date(mtime * 1000).toUTCString(), etag: `"${mtime.toString(16)}-${st.size.toString(16)}"` } };
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
}, 120_000);

afterAll(async () => {
  await server?.close();
  await nginx?.stop();
  dns?.close();
  await closeFixtureSockets();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The request a row describes. */
function bytesOf(row: RequestRow): Buffer {
  if (row.raw) return Buffer.from(row.raw(ctx), 'latin1');
  const headers = typeof row.headers === 'function' ? row.headers(ctx) : (row.headers ?? []);
  const host = row.host === undefined ? 'localhost' : row.host;
  return requestBytes({
    method: row.method ?? 'GET',
    target: typeof row.path === 'function' ? row.path(ctx) : row.path,
    ...(row.version ? { version: row.version } : {}),
    headers: [...(host === null ? [] : [['Host', host] as [string, string]]), ...headers],
    ...(row.body !== undefined ? { body: row.body } : {}),
  });
}

/** What the table compares: a multipart boundary is a per-answer number, so it is left out. */
function compared(a: RawAnswer) {
  return {
    statuses: a.statuses,
    location: a.headers['location'] ?? null,
    contentType: a.headers['content-type']?.replace(/boundary=\d+$/, 'boundary=N') ?? null,
    cache: a.headers['cache-control'] ?? null,
    contentRange: a.headers['content-range'] ?? null,
  };
}

/** The fields a row states about nginx's answer. */
function stated(row: RequestRow) {
  const out: Record<string, unknown> = {};
  if (row.status !== undefined) out['statuses'] = row.continued ? [100, row.status] : [row.status];
  if (row.status !== undefined) out['location'] = row.location ?? null;
  for (const key of ['contentType', 'cache', 'contentRange'] as const) if (row[key] !== undefined) out[key] = row[key];
  return out;
}

describe('serve and nginx answer the request table alike', () => {
  it('has at least 150 requests, each named once', () => {
    expect(requestTable.length).toBeGreaterThanOrEqual(150);
    expect(new Set(requestTable.map((r) => r.name)).size).toBe(requestTable.length);
  });

  it('serves the build with its redirects.json', () => {
    expect(server.redirects).toEqual({ source: path.join(dir, 'dist/server/redirects.json'), count: 12 });
  });

  it.each(requestTable.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const bytes = bytesOf(row);
    const [fromServe, fromNginx] = await Promise.all([sendRaw(server.port, bytes), sendRaw(nginx.port, bytes)]);
    expect(compared(fromNginx), 'nginx').toMatchObject(stated(row));
    if (row.differs) {
      expect(row.differs.why).not.toBe('');
      expect(fromServe.statuses, `serve (${row.differs.why})`).toEqual([row.differs.status]);
    } else expect(compared(fromServe), 'serve').toEqual(compared(fromNginx));
  });

  it('sends the same bytes for pages, ranges, several ranges and the 404 page', async () => {
    const rows: Array<[string, Array<[string, string]>]> = [
      ['/documentation/guide/install/', []],
      ['/documentation/notes.txt', [['Range', 'bytes=3-12']]],
      ['/documentation/nope/', []],
    ];
    for (const [target, headers] of rows) {
      const bytes = requestBytes({ method: 'GET', target, headers: [['Host', 'localhost'], ...headers] });
      const [a, b] = await Promise.all([sendRaw(server.port, bytes), sendRaw(nginx.port, bytes)]);
      expect(a.body.equals(b.body), target).toBe(true);
    }
    // multipart/byteranges: the same parts, each with its own boundary
    const bytes = requestBytes({ method: 'GET', target: '/documentation/notes.txt', headers: [['Host', 'localhost'], ['Range', 'bytes=0-1,5-6']] });
    const [a, b] = await Promise.all([sendRaw(server.port, bytes), sendRaw(nginx.port, bytes)]);
    const unbounded = (x: RawAnswer) => x.body.toString('latin1').replace(/--\d{20}/g, '--N');
    expect(unbounded(a)).toBe(unbounded(b));
    expect([a.headers['content-length'], a.headers['etag'], a.headers['last-modified']]).toEqual([b.headers['content-length'], b.headers['etag'], b.headers['last-modified']]);
  });
});

describe('serve and nginx answer generated requests alike (fast-check)', () => {
  /** Sends one request to both servers and returns what the table compares, plus the bodies. */
  async function both(target: string, headers: Array<[string, string]> = []) {
    const bytes = requestBytes({ method: 'GET', target, headers: [['Host', 'localhost'], ...headers] });
    const [a, b] = await Promise.all([sendRaw(server.port, bytes), sendRaw(nginx.port, bytes)]);
    return { serve: compared(a), nginx: compared(b), bodies: [a.body, b.body] as const };
  }
  const PIECES = ['/', '//', '.', '..', '/./', '/../', '%2e', '%2E', '%2f', '%2F', '%25', '%', '%0', '%00', '%zz', '%41', '%C3%A9', '%FF', '%0D%0A', '%20', '%3F', '%23', '?', '#', '&', '=', '+', ';', '~', "'", '"', '\\', 'x', 'guide', 'install', 'old-guide', 'OLD-GUIDE', 'archive', 'api', 'v4', 'reference', 'documentation', 'Documentation', 'downloads', 'page-data', 'index.html', 'notes.txt', 'app-data.json', 'odd', 'a%20b', '100%25'];

  it('request-targets made of slashes, dots, escapes, queries, fragments and names of the site', async () => {
    await assertReaching(
      fc.asyncProperty(fc.boolean(), fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), async (underPrefix, parts) => {
        const target = (underPrefix ? '/documentation/' : '/') + parts.join('');
        const { serve: a, nginx: b } = await both(target);
        expect(a, target).toEqual(b);
      }),
      { numRuns: 400 },
    );
  });

  it('Range headers of numbers, dashes, commas and spaces, with and without If-Range', async () => {
    const part = fc.oneof(fc.constantFrom('-', ',', ' ', '=', 'x', '9223372036854775807', '9223372036854775808', '99999999999999999999'), fc.integer({ min: 0, max: 70 }).map(String));
    await assertReaching(
      fc.asyncProperty(fc.constantFrom('bytes=', 'BYTES=', 'bytes', ''), fc.array(part, { maxLength: 10 }), fc.constantFrom(null, 'etag', 'date', '"x"'), async (unit, parts, ifRange) => {
        const headers: Array<[string, string]> = [['Range', unit + parts.join('')]];
        if (ifRange) headers.push(['If-Range', ifRange === 'etag' ? ctx.notes.etag : ifRange === 'date' ? ctx.notes.lastModified : ifRange]);
        const { serve: a, nginx: b, bodies } = await both('/documentation/notes.txt', headers);
        expect(a, headers[0]![1]).toEqual(b);
        // the bytes of a file's parts (error pages differ in their signature line only)
        const unbounded = (x: Buffer) => x.toString('latin1').replace(/--\d{20}/g, '--N');
        if (b.statuses[0] === 206 || b.statuses[0] === 200) expect(unbounded(bodies[0])).toBe(unbounded(bodies[1]));
      }),
      { numRuns: 300 },
    );
  });

  it('directories whose names hold any byte but NUL and /: the same slash redirect and Location', async () => {
    const gen = path.join(dir, 'dist/public/documentation/gen');
    const names = new Set<string>();
    await assertReaching(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 6 }), fc.constantFrom('', '?a=1&b=%20c'), async (bytes, query) => {
        const name = Buffer.from(bytes.map((b) => (b === 0 || b === 0x2f ? 0x5f : b)));
        if (name.equals(Buffer.from('.')) || name.equals(Buffer.from('..'))) return;
        const key = name.toString('hex');
        if (!names.has(key)) {
          names.add(key);
          await mkdir(Buffer.concat([Buffer.from(gen + '/'), name]), { recursive: true });
        }
        const target = '/documentation/gen/' + [...name].map((b) => '%' + b.toString(16).padStart(2, '0')).join('') + query;
        const { serve: a, nginx: b } = await both(target);
        expect(a, target).toEqual(b);
        expect(b.statuses).toEqual([301]);
      }),
      { numRuns: 200 },
    );
  });

  it('request heads of every size around the header buffers: 200, 414 or 400 alike', async () => {
    const header = fc.tuple(fc.constantFrom('X-A', 'Cookie', 'X_Under', 'Accept'), fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 900, max: 1100 }), fc.integer({ min: 6000, max: 8300 })));
    await assertReaching(
      fc.asyncProperty(fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 900, max: 1100 }), fc.integer({ min: 8000, max: 8300 }), fc.integer({ min: 30_000, max: 70_000 })), fc.array(header, { maxLength: 8 }), async (query, hs) => {
        const headers = hs.map(([n, len], i): [string, string] => [`${n}${i}`, 'v'.repeat(len)]);
        const { serve: a, nginx: b } = await both('/documentation/guide/?' + 'q'.repeat(query), headers);
        expect(a, `query ${query}, headers ${hs.map((h) => h[1]).join(',')}`).toEqual(b);
      }),
      { numRuns: 150 },
    );
  });
});
