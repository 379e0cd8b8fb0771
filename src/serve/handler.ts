import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import { CACHE_REVALIDATE, SVG_CSP, SVG_PATH, type RedirectMatch } from '../redirects/index.js';
import { escapeUri } from './escape-uri.js';
import { matchLocation } from './locations.js';
import { contentTypeFor } from './mime-types.js';
import { proxyThirdParty } from './proxy.js';
import { checkRequestHead, sendContinueIfExpected } from './request-head.js';
import { parseRequestTarget, type RequestTarget } from './request-target.js';
import { sendHtml, sendRedirect, statusPage } from './responses.js';
import { sendStaticFile } from './static-file.js';

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
  /** The build's matchPath pages: a decoded uri → the matching page's HTML file (server/match-paths.json). */
  matchPage?: ((uri: string) => string | null) | null;
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
  /**
   * Dev server only: bytes to answer for a file of the web root instead of the file's own (by uri, its bytes one
   * char each): a saved page shown before the build that writes it is done. Only for files that exist.
   */
  overlay?: (uri: string) => { bytes: Buffer; mtimeMs: number } | null;
  /** Called with unexpected errors; the request gets the 500 page. */
  onError?: (err: unknown) => void;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// how nginx's static module maps open() errors: these are 404, EACCES, EMLINK and ELOOP 403, anything else 500
const NOT_FOUND = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);
const FORBIDDEN = new Set(['EACCES', 'EMLINK', 'ELOOP']);
// nginx allows 10 internal redirects (index.html, error pages) per request
const MAX_URI_CHANGES = 10;

/**
 * The request handler of `docsgen serve` and `docsgen dev`, step for step nginx 1.22 with the generated
 * server.conf (src/redirects/README.md): the request head checks, redirects on the raw path with the query kept,
 * then the location, then the index, static and try_files handlers, error pages with their status; compression
 * on top except for ranges.
 */
export function createRequestHandler(options: HandlerOptions): Handler {
  const ctx: Context = { options, fetch: options.fetch ?? fetch };
  const compress = compression({ filter: (req, res) => !req.headers.range && compression.filter(req, res) });
  return (req, res) => {
    compress(req as never, res as never, () => {
      respond(ctx, req, res).catch((err: unknown) => {
        options.onError?.(err);
        if (res.headersSent) res.destroy();
        else void errorPage(ctx, req, res, options.site(), 500).catch(() => res.destroy());
      });
    });
  };
}

/** The handler's options, and the fetch the proxy uses. */
interface Context {
  options: HandlerOptions;
  fetch: typeof fetch;
}

/** 1. The request head, then redirects on the raw request URI, then the locations. */
async function respond(ctx: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const site = ctx.options.site();
  const target = parseRequestTarget(req.url ?? '/');
  const refused = checkRequestHead(req, target);
  if (refused !== null || target === null) return sendHtml(res, req.method, refused ?? 400, statusPage(refused ?? 400));
  // the map reads `$request_uri` up to its `?`: still encoded, a `#fragment` included
  const q = target.requestUri.indexOf('?');
  const redirect = site.matchRedirect(q === -1 ? target.requestUri : target.requestUri.slice(0, q), target.args);
  if (redirect) {
    sendContinueIfExpected(req, res);
    return sendRedirect(res, req.method, redirect.status, redirect.location);
  }
  await serveUri(ctx, req, res, site, target, target.uri, 0);
}

/** 2. One pass of location matching; index.html and error pages come back here as nginx's internal redirects. */
async function serveUri(ctx: Context, req: IncomingMessage, res: ServerResponse, site: ServeSite, target: RequestTarget, uri: string, depth: number): Promise<void> {
  const method = req.method ?? 'GET';
  if (depth > MAX_URI_CHANGES) return errorPage(ctx, req, res, site, 500);
  const loc = matchLocation(uri, latin1(site.pathPrefix));
  // the uri holds bytes (one per char): the file name is those bytes, UTF-8 or not
  const file = Buffer.concat([Buffer.from(site.dir), Buffer.from(uri, 'latin1')]);
  if (loc.kind === 'redirects-file') return errorPage(ctx, req, res, site, 404);
  if (loc.kind === 'proxy') return proxyThirdParty(req, res, target.args, site.proxyAllowedHosts, ctx.fetch);
  const cache: Record<string, string> = loc.kind === 'files' && loc.cache ? { 'Cache-Control': loc.cache } : {};
  if (loc.kind === 'files') {
    // try_files $uri =404: anything but an existing non-directory is the 404 page
    const st = await statOrError(file);
    if (!isStats(st) || st.isDirectory()) return errorPage(ctx, req, res, site, 404);
  } else if (uri.endsWith('/')) {
    return serveIndex(ctx, req, res, site, target, uri, file, depth);
  }
  // the static module
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return sendHtml(res, method, 405, statusPage(405), cache);
  const st = await statOrError(file);
  if (!isStats(st)) {
    if (NOT_FOUND.has(st.code ?? '')) return notFoundInRoot(ctx, req, res, site, uri);
    if (FORBIDDEN.has(st.code ?? '')) return sendHtml(res, method, 403, statusPage(403), cache);
    return errorPage(ctx, req, res, site, 500);
  }
  if (st.isDirectory()) {
    // nginx escapes the decoded path (a name with %, a space, UTF-8, CR or LF stays one valid header value)
    return sendRedirect(res, method, 301, escapeUri(uri) + '/' + (target.args ? '?' + target.args : ''));
  }
  // open() of a socket fails (ENXIO, a 500 in nginx); FIFOs and devices open but are "not a regular file" (404)
  if (st.isSocket()) return errorPage(ctx, req, res, site, 500);
  if (!st.isFile()) return errorPage(ctx, req, res, site, 404);
  if (method === 'POST') return sendHtml(res, method, 405, statusPage(405), cache);
  return sendFile(ctx, req, res, site, uri, file, st, loc.kind === 'files' ? loc.cache : null);
}

/** 3. The index module for a uri ending in `/` (GET, HEAD and POST only; other methods fall to the static module's 405). */
async function serveIndex(ctx: Context, req: IncomingMessage, res: ServerResponse, site: ServeSite, target: RequestTarget, uri: string, file: Buffer, depth: number): Promise<void> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return sendHtml(res, method, 405, statusPage(405));
  const index = await statOrError(Buffer.concat([file, Buffer.from('index.html')]));
  if (isStats(index)) return serveUri(ctx, req, res, site, target, uri + 'index.html', depth + 1);
  if (index.code === 'ELOOP' || index.code === 'EMLINK' || index.code === 'EACCES') return sendHtml(res, method, 403, statusPage(403));
  if (index.code === 'ENOTDIR' || index.code === 'ENAMETOOLONG') return notFoundInRoot(ctx, req, res, site, uri);
  const dir = await statOrError(file);
  if (!isStats(dir)) {
    if (dir.code === 'ENOENT') return notFoundInRoot(ctx, req, res, site, uri);
    if (dir.code === 'ELOOP' || dir.code === 'EMLINK') return sendHtml(res, method, 403, statusPage(403));
    if (dir.code !== 'EACCES') return errorPage(ctx, req, res, site, 500);
  } else if (!dir.isDirectory()) return errorPage(ctx, req, res, site, 500);
  // "directory index is forbidden"
  if (index.code === 'ENOENT') return sendHtml(res, method, 403, statusPage(403));
  return errorPage(ctx, req, res, site, 500);
}

/**
 * A 404 inside `location /`: `error_page 404 = @docsgen_match_path` when a matchPath page's pattern matches the
 * uri (that page's HTML, 200, revalidated), else the 404 page.
 */
async function notFoundInRoot(ctx: Context, req: IncomingMessage, res: ServerResponse, site: ServeSite, uri: string): Promise<void> {
  const page = site.matchPage?.(uri);
  if (!page) return errorPage(ctx, req, res, site, 404);
  const file = Buffer.concat([Buffer.from(site.dir), Buffer.from(page, 'latin1')]);
  const st = await statOrError(file);
  if (!isStats(st) || !st.isFile()) return errorPage(ctx, req, res, site, 404);
  return sendFile(ctx, req, res, site, page, file, st, CACHE_REVALIDATE);
}

/** `error_page 404|500 <prefix>/<status>.html`: that page with its status (nginx's bare page when missing). */
async function errorPage(ctx: Context, req: IncomingMessage, res: ServerResponse, site: ServeSite, status: 404 | 500): Promise<void> {
  const { transformHtml } = ctx.options;
  const page = `${site.pathPrefix.replace(/\/+$/, '')}/${status}.html`;
  let html: Buffer;
  try {
    html = await readFile(path.join(site.dir, page));
  } catch {
    // nginx's own page; the dev server still adds its client, so an overlay shows even before a first build
    const bare = transformHtml ? transformHtml(statusPage(status)) : statusPage(status);
    return sendHtml(res, req.method, status, bare, { 'Cache-Control': CACHE_REVALIDATE });
  }
  const body = transformHtml ? transformHtml(html.toString('utf8')) : html;
  return sendHtml(res, req.method, status, body, { 'Cache-Control': CACHE_REVALIDATE });
}

/** Sends a found file with nginx's Content-Type and the location's Cache-Control. */
async function sendFile(ctx: Context, req: IncomingMessage, res: ServerResponse, site: ServeSite, uri: string, file: Buffer, st: Stats, cache: string | null): Promise<void> {
  const { transformHtml, defaultCacheControl } = ctx.options;
  const type = contentTypeFor(uri);
  const over = ctx.options.overlay?.(uri) ?? null;
  sendContinueIfExpected(req, res);
  if (transformHtml && type === 'text/html') {
    // a rebuild may swap the output folder between the stat and this read: answer as nginx would then
    const html = over ? over.bytes.toString('utf8') : await readFile(file, 'utf8').catch(() => null);
    if (html === null) return errorPage(ctx, req, res, site, 404);
    return sendHtml(res, req.method, 200, transformHtml(html), cache ? { 'Cache-Control': cache } : {});
  }
  // as nginx's SVG locations do (see SVG_CSP)
  if (SVG_PATH.test(uri)) res.setHeader('Content-Security-Policy', SVG_CSP);
  const served = over ? { st: { mtimeMs: over.mtimeMs, size: over.bytes.length } as Stats, bytes: over.bytes } : { st };
  return sendStaticFile(req, res, { file, ...served, contentType: type, cacheControl: cache ?? defaultCacheControl ?? null });
}

/** A string's UTF-8 bytes, one per char, to compare with a request's `$uri`. */
function latin1(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}

function isStats(v: Stats | NodeJS.ErrnoException): v is Stats {
  return typeof (v as Stats).isFile === 'function';
}

async function statOrError(file: Buffer): Promise<Stats | NodeJS.ErrnoException> {
  try {
    return await stat(file);
  } catch (err) {
    return err as NodeJS.ErrnoException;
  }
}
