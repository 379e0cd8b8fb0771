import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import compression from 'compression';
import { CACHE_REVALIDATE, SVG_CSP, SVG_PATH, type RedirectMatch } from '../redirects/index.js';
import { matchLocation } from './locations.js';
import { contentTypeFor } from './mime-types.js';
import { normalizeUri } from './normalize-uri.js';
import { proxyThirdParty } from './proxy.js';
import { normalizeRange } from './range.js';
import { sendHtml, sendRedirect, statusPage } from './responses.js';

/** What the handler serves; read on every request, so the dev server can swap redirects after a rebuild. */
export interface ServeSite {
  /** Absolute web root (dist/public). */
  dir: string;
  /** `/documentation` */
  pathPrefix: string;
  /** The redirect matcher (raw pathname, raw query) → target, as compileRedirectMatcher returns. */
  matchRedirect: (pathname: string, search?: string) => RedirectMatch | null;
  /** Hosts the third-party proxy may fetch from. */
  proxyAllowedHosts: readonly string[];
}

/** Options of createRequestHandler. */
export interface HandlerOptions {
  site: () => ServeSite;
  /** Upstream fetch of the third-party proxy (tests pass a fake). */
  fetch?: typeof fetch;
  /** Dev server only: rewrites every HTML page before it is sent (the live-reload client goes in here). */
  transformHtml?: (html: string) => string;
  /** Dev server only: Cache-Control for responses nginx sends none for (so edited images are refetched). */
  defaultCacheControl?: string;
  /** Called with unexpected errors; the request gets the 500 page. */
  onError?: (err: unknown) => void;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// how nginx's static module maps open() errors: these are 404, EACCES and ELOOP 403, anything else 500
const NOT_FOUND = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

/**
 * The request handler of `docsgen serve` and `docsgen dev`, step for step the generated nginx server.conf
 * (src/redirects/README.md): redirects on the raw path with the query kept, then the location, then files via
 * sirv (ranges, validators), error pages with their status; compression on top except for ranges.
 */
export function createRequestHandler(options: HandlerOptions): Handler {
  const fetchImpl = options.fetch ?? fetch;
  const sirvByDir = new Map<string, ReturnType<typeof sirv>>();
  const fileServer = (dir: string) => {
    let s = sirvByDir.get(dir);
    // dev mode: stat on every request (files change under a running server), ETag for 304s
    if (!s) sirvByDir.set(dir, (s = sirv(dir, { dev: true, etag: true, dotfiles: true, extensions: [] })));
    return s;
  };
  const compress = compression({ filter: (req, res) => !req.headers.range && compression.filter(req, res) });

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const site = options.site();
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const rawPath = q === -1 ? raw : raw.slice(0, q);
    const query = q === -1 ? '' : raw.slice(q + 1);
    const uri = normalizeUri(rawPath);
    if (uri === null) return sendHtml(res, req.method, 400, statusPage(400));
    const redirect = site.matchRedirect(rawPath, query);
    if (redirect) return sendRedirect(res, req.method, redirect.status, redirect.location);
    await serveUri(req, res, site, uri, query, 0);
  }

  /** One pass of location matching; index.html and error pages come back here as nginx's internal redirects. */
  async function serveUri(req: IncomingMessage, res: ServerResponse, site: ServeSite, uri: string, query: string, depth: number): Promise<void> {
    const method = req.method ?? 'GET';
    const loc = matchLocation(uri, site.pathPrefix);
    const file = path.join(site.dir, uri);
    if (loc.kind === 'redirects-file') return errorPage(req, res, site, 404);
    if (loc.kind === 'proxy') return proxyThirdParty(req, res, query, site.proxyAllowedHosts, fetchImpl);
    // nginx's index and static modules take only these; anything else is refused before a file is looked at
    if (loc.kind === 'static' && !['GET', 'HEAD', 'POST'].includes(method)) return sendHtml(res, method, 405, statusPage(405));
    if (uri.endsWith('/')) {
      // the index module: <dir>/index.html, else 403 for an existing folder, else 404
      const index = await statOrError(path.join(file, 'index.html'));
      if (isStats(index) && index.isFile() && depth < 2) return serveUri(req, res, site, uri + 'index.html', query, depth + 1);
      const dir = await statOrError(file);
      if (isStats(dir) && dir.isDirectory()) return sendHtml(res, method, 403, statusPage(403), loc.kind === 'files' && loc.cache ? { 'Cache-Control': loc.cache } : {});
      return errorPage(req, res, site, 404);
    }
    const st = await statOrError(file);
    if (loc.kind === 'files') {
      // try_files $uri =404: only a regular file answers, any failure is a 404
      if (!isStats(st) || !st.isFile()) return errorPage(req, res, site, 404);
      if (method !== 'GET' && method !== 'HEAD') return sendHtml(res, method, 405, statusPage(405), loc.cache ? { 'Cache-Control': loc.cache } : {});
      return sendFile(req, res, site, uri, st, 200, loc.cache);
    }
    // location / {}: nginx's static module
    if (!isStats(st)) {
      if (NOT_FOUND.has(st.code ?? '')) return errorPage(req, res, site, 404);
      if (st.code === 'EACCES' || st.code === 'ELOOP') return sendHtml(res, method, 403, statusPage(403));
      return errorPage(req, res, site, 500);
    }
    if (st.isDirectory()) {
      // nginx sends the decoded path's bytes; Node wants them as latin1 characters
      const location = Buffer.from(uri + '/', 'utf8').toString('latin1') + (query ? '?' + query : '');
      return sendRedirect(res, method, 301, location);
    }
    // open() of a socket fails (ENXIO, a 500 in nginx); FIFOs and devices open but are "not a regular file" (404)
    if (st.isSocket()) return errorPage(req, res, site, 500);
    if (!st.isFile()) return errorPage(req, res, site, 404);
    if (method === 'POST') return sendHtml(res, method, 405, statusPage(405));
    return sendFile(req, res, site, uri, st, 200, null);
  }

  /** `error_page 404|500 <prefix>/<status>.html`: that page with its status (nginx's bare page when missing). */
  async function errorPage(req: IncomingMessage, res: ServerResponse, site: ServeSite, status: 404 | 500): Promise<void> {
    const page = `${site.pathPrefix.replace(/\/+$/, '')}/${status}.html`;
    let html: Buffer;
    try {
      html = await readFile(path.join(site.dir, page));
    } catch {
      // nginx's own page; the dev server still adds its client, so an overlay shows even before a first build
      const bare = options.transformHtml ? options.transformHtml(statusPage(status)) : statusPage(status);
      return sendHtml(res, req.method, status, bare, { 'Cache-Control': CACHE_REVALIDATE });
    }
    const body = options.transformHtml ? options.transformHtml(html.toString('utf8')) : html;
    return sendHtml(res, req.method, status, body, { 'Cache-Control': CACHE_REVALIDATE });
  }

  /** Sends a found file: nginx's Content-Type and the location's Cache-Control; sirv does bytes, ranges and 304s. */
  async function sendFile(req: IncomingMessage, res: ServerResponse, site: ServeSite, uri: string, st: Stats, status: number, cache: string | null): Promise<void> {
    const type = contentTypeFor(uri);
    if (options.transformHtml && type === 'text/html') {
      // a rebuild may swap the output folder between the stat and this read: answer as nginx would then
      const html = await readFile(path.join(site.dir, uri), 'utf8').catch(() => null);
      if (html === null) return errorPage(req, res, site, 404);
      return sendHtml(res, req.method, status, options.transformHtml(html), cache ? { 'Cache-Control': cache } : {});
    }
    res.setHeader('Content-Type', type);
    // as nginx's SVG locations do (see SVG_CSP)
    if (SVG_PATH.test(uri)) res.setHeader('Content-Security-Policy', SVG_CSP);
    const cacheControl = cache ?? options.defaultCacheControl;
    if (cacheControl) res.setHeader('Cache-Control', cacheControl);
    else dropHeaderOnWrite(res, 'cache-control');
    const ifRange = req.headers['if-range'];
    const range = normalizeRange(req.headers.range, Array.isArray(ifRange) ? ifRange[0] : ifRange, st);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Range': `bytes */${st.size}`, 'Content-Type': 'text/html' });
      res.end();
      return;
    }
    if (range === null) delete req.headers.range;
    else req.headers.range = range;
    // hand sirv the exact file chosen above: it must not apply its own lookups (extensions, index files)
    const rel = uri;
    (req as IncomingMessage & { _parsedUrl?: unknown })._parsedUrl = { pathname: rel, search: '', query: undefined, hash: undefined, raw: (req.url = rel) };
    fileServer(site.dir)(req, res, () => errorPage(req, res, site, 404));
  }

  return (req, res) => {
    compress(req as never, res as never, () => {
      respond(req, res).catch((err: unknown) => {
        options.onError?.(err);
        if (res.headersSent) res.destroy();
        else void errorPage(req, res, options.site(), 500).catch(() => res.destroy());
      });
    });
  };
}

function isStats(v: Stats | NodeJS.ErrnoException): v is Stats {
  return typeof (v as Stats).isFile === 'function';
}

async function statOrError(file: string): Promise<Stats | NodeJS.ErrnoException> {
  try {
    return await stat(file);
  } catch (err) {
    return err as NodeJS.ErrnoException;
  }
}

/** sirv always sets Cache-Control in dev mode; nginx sends none outside the cached locations, so drop it. */
function dropHeaderOnWrite(res: ServerResponse, name: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const headers = args.find((a, i) => i > 0 && typeof a === 'object' && a !== null) as Record<string, unknown> | undefined;
    if (headers) for (const k of Object.keys(headers)) if (k.toLowerCase() === name) delete headers[k];
    res.removeHeader(name);
    res.writeHead = writeHead;
    return writeHead.apply(this, args as never);
  } as ServerResponse['writeHead'];
}
