// Every place a docsgen redirect export runs, behind one `ask(host, request)`: real nginx, Apache and Caddy started
// on 127.0.0.1 with the exported config, the html stubs served by a plain static nginx, Netlify's own `_redirects`
// parser and Vercel's own routing code (@vercel/routing-utils) each with the matching their docs describe,
// docsgen's browser matcher over the json export, and the real `docsgen serve` reading that export as a build's
// server/redirects.json. Requests are sent byte for byte as given (no URL normalisation on the way).
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseAllRedirects } from 'netlify-redirect-parser';
import { getTransformedRoutes } from '@vercel/routing-utils';
import { exportRedirects, formatNginxServer, matchBrowserRedirect, toBrowserRedirects, type RedirectJsonEntry, type RedirectRule } from '../../src/redirects/index.js';
import { vercelQuerySegment } from '../../src/redirects/host-limits.js';
import { startApache } from '../helpers/apache.js';
import { startCaddy } from '../helpers/caddy.js';
import { startNginx } from '../helpers/nginx.js';
import { serve } from '../../src/serve/index.js';
import type { ServerProcess } from '../helpers/server-process.js';

/** Where a request can be asked. */
export const HOSTS = ['nginx', 'apache', 'caddy', 'netlify', 'vercel', 'html', 'browser', 'serve'] as const;
/** One of HOSTS. */
export type HostId = (typeof HOSTS)[number];

/** A host's answer: a redirect's status and Location (origin removed), or `null` for no redirect. */
export type Answer = { status: number; location: string } | null;

/** The running hosts for one rule list. */
export interface Hosts {
  ask(host: HostId, request: string): Promise<Answer>;
  stop(): Promise<void>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** A request line path with non-Latin-1 text as its UTF-8 bytes (Node writes the path as Latin-1). */
function wirePath(request: string): string {
  return request.replace(/[^\x00-\x7f]+/gu, (m) => Buffer.from(m, 'utf8').toString('latin1'));
}

/** GET `request` (path and query, sent as is) from `origin`: status, Location (raw bytes percent-encoded) and body. */
export function rawGet(origin: string, request: string): Promise<{ status: number; location: string | null; body: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: wirePath(request), method: 'GET', agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const raw = res.headers.location;
        // header values arrive as Latin-1: give raw bytes back as %XX, as a browser would send them on
        const location = raw === undefined ? null : raw.replace(/[\x80-\xff]/g, (ch) => '%' + ch.charCodeAt(0).toString(16).toUpperCase());
        resolve({ status: res.statusCode ?? 0, location: location?.startsWith(origin) ? location.slice(origin.length) : location, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function asAnswer(status: number, location: string | null): Answer {
  return [301, 302, 303, 307, 308].includes(status) && location !== null ? { status, location } : null;
}

/** `target` with the request's query kept before its fragment, as Netlify and Vercel document it ("passed through"). */
function passQuery(target: string, query: string): string {
  if (!query) return target;
  const hash = target.indexOf('#');
  const base = hash === -1 ? target : target.slice(0, hash);
  return base + (base.includes('?') ? '&' : '?') + query + (hash === -1 ? '' : target.slice(hash));
}

function split(request: string): [string, string] {
  const q = request.indexOf('?');
  return q === -1 ? [request, ''] : [request.slice(0, q), request.slice(q + 1)];
}

/**
 * Netlify's matching as its docs describe it, over the rules its parser read: first match wins, paths compared as
 * sent (case-sensitive, "special characters in paths must be url-encoded"), a trailing slash on either side
 * ignored, `:name` one segment, `/*` the rest (`:splat`), the query passed on.
 */
function netlifyMatch(rules: Array<{ from: string; to: string; status?: number }>, request: string): Answer {
  const [pathname, query] = split(request);
  const strip = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);
  for (const r of rules) {
    const names: string[] = [];
    let re = '^';
    const splat = r.from.endsWith('/*');
    const body = strip(splat ? r.from.slice(0, -2) : r.from);
    for (const part of body.split(/(\/:[A-Za-z_][A-Za-z0-9_]*)/)) {
      if (/^\/:/.test(part)) {
        names.push(part.slice(2));
        re += '/([^/]+)';
      } else re += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
    re += splat ? '(?:/(.*))?$' : '/?$';
    if (splat) names.push('splat');
    const m = new RegExp(re).exec(pathname);
    if (!m) continue;
    let to = r.to;
    // a function, so that `$$` or `$&` in a capture is not read as a replacement pattern
    names.forEach((n, i) => (to = to.replace(new RegExp(`:${n}(?![A-Za-z0-9_])`, 'g'), () => m[i + 1] ?? '')));
    return { status: r.status ?? 301, location: passQuery(to, query) };
  }
  return null;
}

/** Vercel's routes (from its routing code) applied as `vercel dev` does: the regex on the path as sent, `$1`… filled, case-sensitive as deployments are. */
function vercelMatch(routes: Array<{ src: string; headers: { Location: string }; status: number }>, request: string): Answer {
  const [pathname, query] = split(request);
  for (const r of routes) {
    const m = new RegExp(r.src).exec(pathname);
    if (!m) continue;
    const location = r.headers.Location.replace(/\$([1-9a-zA-Z]+)/g, (_, p: string) => m[parseInt(p, 10)] ?? '');
    return { status: r.status, location: passQuery(location, query) };
  }
  return null;
}

/** Parses `_redirects` text with netlify-redirect-parser (it reads files). */
export async function parseNetlify(text: string): Promise<{ redirects: Array<{ from: string; to: string; status?: number; force: boolean }>; errors: Error[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-netlify-'));
  try {
    await writeFile(path.join(dir, '_redirects'), text);
    return (await parseAllRedirects({ redirectsFiles: [path.join(dir, '_redirects')], minimal: true })) as never;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a stub page sends the browser to: its script's target with the request's query (and no request fragment). */
function stubTarget(html: string, query: string): string | null {
  const m = /\}\)\(("(?:[^"\\]|\\.)*"),("(?:[^"\\]|\\.)*"),("(?:[^"\\]|\\.)*"|null)\)<\/script>/.exec(html);
  if (!m) return null;
  const [p, q, f] = [JSON.parse(m[1]!) as string, JSON.parse(m[2]!) as string, JSON.parse(m[3]!) as string | null];
  // the stub's own script, run with location.search = `?query` and no location.hash
  return p + (q || query ? '?' : '') + q + (q && query ? '&' : '') + query + (f === null ? '' : '#' + f);
}

/** Exports `rules` to every format and starts what runs them; `only` limits the real servers started. */
export async function startHosts(rules: readonly RedirectRule[], opts: { only?: readonly HostId[]; pathPrefix?: string } = {}): Promise<Hosts> {
  const only = opts.only ?? HOSTS;
  const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-hosts-'));
  const web = path.join(root, 'empty');
  const stubs = path.join(root, 'stubs');
  await mkdir(web);
  await mkdir(stubs);
  for (const [file, html] of exportRedirects(rules, 'html')) {
    await mkdir(path.dirname(path.join(stubs, file)), { recursive: true });
    await writeFile(path.join(stubs, file), html);
  }
  await chmod(root, 0o755);
  await chmod(web, 0o755);
  const servers: Partial<Record<HostId, ServerProcess>> = {};
  const started: Array<Promise<void>> = [];
  const start = (id: HostId, fn: () => Promise<ServerProcess>) => {
    if (only.includes(id)) started.push(fn().then((s) => void (servers[id] = s)));
  };
  start('nginx', () => startNginx({ httpConf: exportRedirects(rules, 'nginx'), serverConf: formatNginxServer({ pathPrefix: opts.pathPrefix ?? '/documentation' }), root: web }));
  start('apache', () => startApache({ vhostConf: exportRedirects(rules, 'apache'), root: web }));
  start('caddy', () => startCaddy({ siteConf: exportRedirects(rules, 'caddy'), root: web }));
  // a plain static server: a request finds the stub file named by its decoded path, as on any static host
  start('html', () => startNginx({ httpConf: '', serverConf: 'absolute_redirect off;', root: stubs }));
  // `docsgen serve` on a built site whose server/redirects.json is the json export (what a build writes)
  const site = path.join(root, 'site');
  const exportedJson = exportRedirects(rules, 'json');
  if (only.includes('serve')) {
    await mkdir(path.join(site, 'dist/public'), { recursive: true });
    await mkdir(path.join(site, 'dist/server'), { recursive: true });
    await writeFile(path.join(site, 'dist/server/redirects.json'), exportedJson);
    await writeFile(path.join(site, 'docsgen.config.yaml'), `pathPrefix: ${JSON.stringify(opts.pathPrefix ?? '/documentation')}\n`);
    started.push(serve({ root: site, port: 0 }).then((s) => void (servers.serve = { port: s.port, origin: s.origin, errorLog: async () => '', stop: s.close })));
  }
  const results = await Promise.allSettled(started);
  const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
  if (failed) {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
    await rm(root, { recursive: true, force: true });
    throw failed.reason;
  }
  const netlify = await parseNetlify(exportRedirects(rules, 'netlify'));
  if (netlify.errors.length) throw new Error(`netlify-redirect-parser rejected lines: ${netlify.errors.map((e) => e.message).join('\n')}`);
  // the whole vercel.json through Vercel's own checks and route conversion (as at deploy time): an error fails the test
  // (without the rules whose target query Vercel refuses: validate-redirects reports those, DG4011)
  const forVercel = rules.filter((r) => !vercelQuerySegment(/^[^?#]*\?([^#]*)/.exec(r.to)?.[1] ?? ''));
  const transformed = getTransformedRoutes(JSON.parse(exportRedirects(forVercel, 'vercel')) as Parameters<typeof getTransformedRoutes>[0]);
  if (transformed.error) throw new Error(`@vercel/routing-utils rejected vercel.json: ${transformed.error.message}`);
  const vercel = (transformed.routes ?? []) as Array<{ src: string; headers: { Location: string }; status: number }>;
  // docsgen's own matcher (the browser runtime, `docsgen serve`) over the json export, as serve reads it back
  const entries = JSON.parse(exportedJson) as RedirectJsonEntry[];
  const fromJson = entries.map((e): RedirectRule => ({ from: e.fromPath, to: e.toPath, status: e.statusCode as RedirectRule['status'], fromPath: e.fromPath, toPath: e.toPath, isPermanent: e.isPermanent, ignoreCase: true, redirectInBrowser: true, location: { file: 'redirects.json', line: 1, column: 1 } }));
  const browser = JSON.parse(JSON.stringify(toBrowserRedirects(fromJson))) as ReturnType<typeof toBrowserRedirects>;

  return {
    async ask(host, request) {
      const [pathname, query] = split(request);
      if (host === 'netlify') return netlifyMatch(netlify.redirects, request);
      if (host === 'vercel') return vercelMatch(vercel, request);
      if (host === 'browser') {
        const m = matchBrowserRedirect(browser, pathname, query);
        return m && { status: m.status, location: m.location };
      }
      const server = servers[host];
      if (!server) throw new Error(`${host} was not started`);
      let res = await rawGet(server.origin, request);
      if (host !== 'html') return asAnswer(res.status, res.location);
      // a static host adds the slash to a folder first, then serves its index.html: the stub
      // the path's bytes, decoded: the static server's Location is its own spelling of the same path
      const bytes = (p: string) => wirePath(p).replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      if (res.status === 301 && res.location !== null && bytes(res.location.split('?')[0]!) === bytes(pathname) + '/') res = await rawGet(server.origin, res.location);
      if (res.status !== 200) return null;
      const to = stubTarget(res.body, query);
      return to === null ? null : { status: 200, location: to };
    },
    async stop() {
      await Promise.all(Object.values(servers).map((s) => s.stop()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
