import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { resolveProxyUrl } from '../redirects/index.js';
import { sendContinueIfExpected } from './request-head.js';
import { sendHtml, statusPage } from './responses.js';

/** How long the proxy waits for an upstream answer before a 504, as a finite stand-in for nginx's 60 s. */
export const PROXY_TIMEOUT_MS = 30_000;

// Never forwarded upstream: hop-by-hop headers, credentials (server.conf blanks Cookie and Authorization) and
// Host (fetch sets the upstream's own). Accept-Encoding is left to fetch, which decodes what it asked for.
const DROP_REQUEST = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'cookie', 'authorization', 'accept-encoding', 'content-length']);
// Never passed back: hop-by-hop headers, Set-Cookie (proxy_hide_header), and the encoding fetch has already undone.
const DROP_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'content-encoding', 'content-length']);

/** The first `url` argument of a raw query string, undecoded, as nginx's `$arg_url` (name case-insensitive). */
export function argUrl(query: string): string | null {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).toLowerCase() === 'url') return pair.slice(eq + 1);
  }
  return null;
}

/**
 * The third-party script proxy: only https URLs on `allowedHosts`, only GET and HEAD, no cookies either way;
 * anything else is a 403 (as server.conf). Upstream failures are 502, a timeout 504.
 */
export async function proxyThirdParty(
  req: IncomingMessage,
  res: ServerResponse,
  query: string,
  allowedHosts: readonly string[],
  fetchImpl: typeof fetch,
): Promise<void> {
  const target = resolveProxyUrl(argUrl(query), allowedHosts);
  if (!target || (req.method !== 'GET' && req.method !== 'HEAD')) return sendHtml(res, req.method, 403, statusPage(403));
  sendContinueIfExpected(req, res);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || DROP_REQUEST.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  let upstream: Response;
  try {
    upstream = await fetchImpl(target, { method: req.method, headers, redirect: 'manual', signal: AbortSignal.timeout(PROXY_TIMEOUT_MS) });
  } catch (err) {
    const status = (err as Error).name === 'TimeoutError' ? 504 : 502;
    return sendHtml(res, req.method, status, statusPage(status));
  }
  const out: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (!DROP_RESPONSE.has(name)) out[name] = value;
  });
  res.writeHead(upstream.status, out);
  if (req.method === 'HEAD' || !upstream.body) {
    res.end();
    return;
  }
  Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream).on('error', () => res.destroy()).pipe(res);
}
