// A static server for a built site that logs every request and can misbehave on purpose: answer a chosen
// status, hold the answer, rewrite a body, a limited number of times. Listens on 127.0.0.1, port 0.
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { cacheControlFor } from '../../src/redirects/index.js';

/** One request the server saw. */
export interface LoggedRequest {
  method: string;
  /** pathname + search */
  url: string;
  host: string;
  status: number;
  at: number;
  /** `navigate` for documents, `empty` for fetch, `script` … (the Sec-Fetch-Dest header). */
  dest: string;
}

/** A misbehaviour: when a request matches, answer differently. */
export interface Rule {
  method?: string;
  /** Exact pathname (+search when it has a `?`), or a pattern tested on pathname + search. */
  path: string | RegExp;
  /** Answer this status (with `body`, default a short text) instead of the file. */
  status?: number;
  body?: string;
  /** Rewrite the file's text before sending it. */
  transform?: (text: string) => string;
  /** Answer only once this settles: the test decides when a response arrives, whatever the machine's load. */
  hold?: Promise<unknown>;
  /** Applies this many times, then the file is served normally. */
  times?: number;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The running server. */
export interface SiteServer {
  port: number;
  log: LoggedRequest[];
  rules: Rule[];
  /** `http://127.0.0.1:PORT` (or another host name mapped to it). */
  origin(host?: string): string;
  /** Requests whose url matches, optionally of one method. */
  requests(match: string | RegExp, method?: string): LoggedRequest[];
  close(): Promise<void>;
}

/**
 * Serves `webRoot` (dist/public): directories answer their index.html, missing pages the 404 page with 404.
 * Every answer is `no-store` (each request reaches the log), unless `cache: 'nginx'` sends the generated nginx
 * config's Cache-Control instead (for tests of what the browser's cache keeps).
 */
export async function startSiteServer(webRoot: string, prefix = '/documentation', options: { cache?: 'no-store' | 'nginx' } = {}): Promise<SiteServer> {
  const log: LoggedRequest[] = [];
  const rules: Rule[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    const full = url.pathname + url.search;
    const entry: LoggedRequest = { method, url: full, host: req.headers.host ?? '', status: 0, at: Date.now(), dest: String(req.headers['sec-fetch-dest'] ?? '') };
    log.push(entry);
    const rule = rules.find(
      (r) => (r.times ?? 1) > 0 && (!r.method || r.method === method) && (typeof r.path === 'string' ? r.path === (r.path.includes('?') ? full : url.pathname) : r.path.test(full)),
    );
    if (rule && rule.times !== undefined) rule.times--;
    if (rule?.hold) await rule.hold;
    const send = (status: number, type: string, body: string | Buffer) => {
      entry.status = status;
      const cache = options.cache === 'nginx' ? cacheControlFor(url.pathname, prefix) : 'no-store';
      res.writeHead(status, { 'content-type': type, ...(cache ? { 'cache-control': cache } : {}), 'content-length': Buffer.byteLength(body) });
      res.end(method === 'HEAD' ? undefined : body);
    };
    if (rule?.status !== undefined) return send(rule.status, 'text/plain', rule.body ?? `status ${rule.status}`);
    let file = path.join(webRoot, decodeURIComponent(url.pathname));
    if (!file.startsWith(webRoot)) return send(400, 'text/plain', 'bad path');
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) {
      const notFound = await readFile(path.join(webRoot, prefix, '404.html'), 'utf8').catch(() => 'not found');
      return send(404, TYPES['.html']!, notFound);
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const data = await readFile(file);
    if (rule?.transform) return send(200, type, rule.transform(data.toString('utf8')));
    send(200, type, data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    log,
    rules,
    origin: (host = '127.0.0.1') => `http://${host}:${port}`,
    requests: (match, method) =>
      log.filter((e) => (!method || e.method === method) && (typeof match === 'string' ? e.url === match : match.test(e.url))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
