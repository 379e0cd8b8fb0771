// Real nginx on 127.0.0.1 with the generated http.conf + server.conf over a fake web root: every sample redirect
// in several casings and with a query string, trailing slashes, 404/500 pages, cache headers and the proxy.
import dgram from 'node:dgram';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRedirectMatcher, exportRedirects, formatNginxServer, type RedirectRule } from '../../src/redirects/index.js';
import { startNginx, type NginxServer } from '../helpers/nginx.js';
import { samplePatternTable } from './sample-patterns.js';
import { casings, loadSampleRules, makeFakeSite } from './sample.js';

let rules: RedirectRule[];
let nginx: NginxServer;
let siteRoot: string;
let dns: dgram.Socket;
const resolved: string[] = [];

/** A DNS server that answers NXDOMAIN to everything and records the names asked: proxied hosts never leave 127.0.0.1. */
async function startFakeDns(): Promise<number> {
  dns = dgram.createSocket('udp4');
  dns.on('message', (msg, rinfo) => {
    const labels: string[] = [];
    for (let i = 12; i < msg.length && msg[i]! > 0; i += msg[i]! + 1) labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString('latin1'));
    resolved.push(labels.join('.'));
    const reply = Buffer.from(msg);
    reply[2] = 0x81; // response, recursion desired
    reply[3] = 0x83; // recursion available, NXDOMAIN
    dns.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', () => resolve()));
  return dns.address().port;
}

async function get(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return fetch(nginx.origin + pathAndQuery, { redirect: 'manual', ...init });
}

/** Runs `fn` over `items` with at most `n` at a time. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (i < items.length) await fn(items[i++]!); }));
}

beforeAll(async () => {
  rules = await loadSampleRules();
  const site = await makeFakeSite(rules);
  siteRoot = site.root;
  const dnsPort = await startFakeDns();
  nginx = await startNginx({
    httpConf: exportRedirects(rules, 'nginx', { proxyAllowedHosts: ['js.arcgis.com', 'www.googletagmanager.com'] }),
    serverConf: formatNginxServer({ pathPrefix: '/documentation', resolver: `127.0.0.1:${dnsPort} ipv6=off` }),
    root: siteRoot,
    extraServer: 'location = /__test/500 { return 500; }',
  });
});

afterAll(async () => {
  await nginx?.stop();
  dns?.close();
  if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
});

describe('nginx: the sample redirects', () => {
  it('redirects every exact source in three casings, with the slash toggled and with a query, to its target', async () => {
    const match = compileRedirectMatcher(rules);
    const checks: Array<{ url: string; status: number; location: string }> = [];
    for (const rule of rules.filter((r) => !/\/[:*]/.test(r.from))) {
      // as written; upper case with the slash toggled and a query; mixed case with a query
      casings(rule.from).forEach((p, i) => {
        const variant = i === 1 ? (p.endsWith('/') ? p.slice(0, -1) : p + '/') : p;
        const query = i === 0 ? '' : '?utm_source=old&x=%20y';
        checks.push({ url: variant + query, status: rule.status, location: rule.to + query });
      });
    }
    expect(checks.length).toBeGreaterThanOrEqual((rules.length - 4) * 3);
    const failures: string[] = [];
    await pool(checks, 16, async (c) => {
      const res = await get(c.url);
      await res.arrayBuffer();
      const location = res.headers.get('location');
      if (res.status !== c.status || location !== c.location) failures.push(`${c.url}: ${res.status} ${location} (expected ${c.status} ${c.location})`);
      // docsgen serve and the browser runtime use the matcher: it must agree with nginx
      const mirrored = match(c.url.split('?')[0]!, c.url.includes('?') ? c.url.slice(c.url.indexOf('?')) : '');
      if (mirrored?.location !== location) failures.push(`${c.url}: matcher says ${mirrored?.location}, nginx ${location}`);
    });
    expect(failures).toEqual([]);
  });

  it('answers the pattern sources as the hand-written table says, keeping the request case of captured text', async () => {
    const failures: string[] = [];
    for (const row of samplePatternTable) {
      const res = await get(row.request);
      await res.arrayBuffer();
      const got = res.headers.get('location') === null ? null : `${res.status} ${res.headers.get('location')}`;
      if (got !== (row.location === null ? null : `301 ${row.location}`)) failures.push(`${row.request} (${row.why}): got ${got ?? `${res.status}, no redirect`}, want ${row.location ?? 'no redirect'}`);
    }
    expect(failures).toEqual([]);
  });

  it('serves pages that are not redirect sources', async () => {
    const res = await get('/documentation/terms-of-use/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('page /documentation/terms-of-use/');
  });
});

describe('nginx: trailing slashes, error pages, cache headers', () => {
  it('redirects a directory without its slash to the slash, keeping the query', async () => {
    const res = await get('/documentation/glossary?q=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/documentation/glossary/?q=1');
    expect((await get('/documentation')).headers.get('location')).toBe('/documentation/');
  });

  it('never adds a slash to paths ending in .html .json .js .map .txt .xml .pdf', async () => {
    const folder = await get('/documentation/data.json');
    expect(folder.status).toBe(404);
    expect(folder.headers.get('location')).toBeNull();
    const pdf = await get('/documentation/guide.pdf');
    expect(pdf.status).toBe(200);
  });

  it('answers a missing page with status 404 and the 404 page', async () => {
    const res = await get('/documentation/no/such/page/');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('NOT-FOUND-PAGE');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers a server error with status 500 and the 500 page', async () => {
    const res = await get('/__test/500');
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('SERVER-ERROR-PAGE');
  });

  it('marks content-hashed assets immutable and HTML, page-data, app-data and sw.js revalidated', async () => {
    const header = async (p: string) => {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      return res.headers.get('cache-control');
    };
    expect(await header('/documentation/app-3f9a1c2b7d.js')).toBe('public, max-age=31536000, immutable');
    expect(await header('/documentation/component---doc-9c41e0d2aa.css')).toBe('public, max-age=31536000, immutable');
    for (const p of ['/documentation/', '/documentation/glossary/', '/documentation/page-data/app-data.json', '/documentation/page-data/index/page-data.json', '/documentation/sw.js']) {
      expect(await header(p), p).toBe('public, max-age=0, must-revalidate');
    }
    expect(await header('/documentation/images/photo.png')).toBeNull();
  });

  it('does not serve the _redirects file', async () => {
    expect((await get('/_redirects')).status).toBe(404);
  });
});

describe('nginx: third-party script proxy', () => {
  const proxy = '/documentation/__third-party-proxy';
  it.each([
    ['no url', ''],
    ['another host', '?url=' + encodeURIComponent('https://evil.example/x.js')],
    ['an allowed host as a prefix', '?url=' + encodeURIComponent('https://js.arcgis.com.evil.example/x.js')],
    ['credentials before an allowed host', '?url=' + encodeURIComponent('https://js.arcgis.com@evil.example/x.js')],
    ['a port', '?url=' + encodeURIComponent('https://js.arcgis.com:8443/x.js')],
    ['plain http', '?url=' + encodeURIComponent('http://js.arcgis.com/x.js')],
    ['raw, another host', '?url=https://evil.example/x.js'],
  ])('refuses %s with 403', async (_name, query) => {
    const res = await get(proxy + query);
    expect(res.status).toBe(403);
  });

  it('passes an allowed host on and looks up only that host (fake DNS says NXDOMAIN: 502)', async () => {
    resolved.length = 0;
    for (const q of ['?url=' + encodeURIComponent('https://js.arcgis.com/4.33/init.js'), '?url=https://JS.arcgis.com/4.33/init.js', '?url=' + encodeURIComponent('https://www.googletagmanager.com/gtag/js?id=G-1')]) {
      const res = await get(proxy + q);
      expect(res.status, q).toBe(502);
    }
    expect([...new Set(resolved)].sort()).toEqual(['js.arcgis.com', 'www.googletagmanager.com']);
  });

  it('refuses other methods', async () => {
    const res = await get(proxy + '?url=' + encodeURIComponent('https://js.arcgis.com/4.33/init.js'), { method: 'POST', body: 'x' });
    expect(res.status).toBe(403);
  });
});

describe('nginx: large lists', () => {
  it('loads 50,000 exact redirects and still finds them in any case', async () => {
    const big: RedirectRule[] = Array.from({ length: 50_000 }, (_, i) => ({
      from: `/documentation/archive/area-${i % 97}/old-page-number-${i}/`,
      to: `/documentation/new/page-${i}/`,
      status: 301, fromPath: '', toPath: '', isPermanent: true, ignoreCase: true, redirectInBrowser: true,
      location: { file: 'redirects/big.yaml', line: i + 1, column: 3 },
    }));
    const server = await startNginx({ httpConf: exportRedirects(big, 'nginx'), serverConf: formatNginxServer({ pathPrefix: '/documentation' }), root: siteRoot });
    try {
      for (const i of [0, 12_345, 49_999]) {
        const res = await fetch(`${server.origin}/documentation/ARCHIVE/Area-${i % 97}/old-page-number-${i}?z=1`, { redirect: 'manual' });
        expect(res.status).toBe(301);
        expect(res.headers.get('location')).toBe(`/documentation/new/page-${i}/?z=1`);
      }
    } finally {
      await server.stop();
    }
  });
});
