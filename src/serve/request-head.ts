// What nginx 1.22 answers before it looks at any location, from ngx_http_request.c: a request line or header that
// does not fit its header buffers or too many headers (414/400), an unsupported version (505), a missing, bad or
// repeated Host or other single-valued header (400), an unknown Transfer-Encoding (501), TRACE (405).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from './request-target.js';

/** nginx's stock `client_header_buffer_size` (1k) and `large_client_header_buffers` (4 × 8k). */
export const NGINX_HEADER_BUFFERS = { first: 1024, large: 8192, count: 4 } as const;

/** The most a request head can hold for nginx to accept it: the first buffer plus every large one. */
export const NGINX_MAX_HEAD = NGINX_HEADER_BUFFERS.first + NGINX_HEADER_BUFFERS.large * NGINX_HEADER_BUFFERS.count;

/** Debian's nginx 1.22.1 backports `max_headers` (default 1000): one more valid header line is a 400. */
export const NGINX_MAX_HEADERS = 1000;

// headers nginx reads once and refuses twice (ngx_http_process_unique_header_line, ngx_http_process_host)
const SINGLE = new Set(['host', 'if-modified-since', 'if-unmodified-since', 'if-match', 'if-none-match', 'content-length', 'content-range', 'if-range', 'transfer-encoding', 'expect', 'authorization']);

/**
 * Where nginx runs out of header buffers reading these lines (each without its CRLF, the request line first), as
 * ngx_http_alloc_large_header_buffer does: a line that does not fit where it starts is moved to a fresh 8k buffer;
 * a line longer than 8k, or a fifth move, is refused. Returns 414 (request line), 400 (a header) or null.
 */
export function headerBufferOverflow(lines: readonly number[]): 414 | 400 | null {
  const { first, large, count } = NGINX_HEADER_BUFFERS;
  let size: number = first;
  let used = 0;
  let busy = 0;
  // every line ends in CRLF, and the head in one more (the empty line)
  const lengths = [...lines.map((n) => n + 2), 2];
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i]!;
    for (;;) {
      if (used + len <= size) {
        used += len;
        break;
      }
      // the parser stops at the buffer's end with `size - used` bytes of this line in hand
      const partial = size - used;
      if (partial >= large || busy === count) return i === 0 ? 414 : 400;
      busy++;
      size = large;
      // the partial line now starts the new buffer: one more pass tells whether the whole line fits
      used = 0;
    }
  }
  return null;
}

/** nginx's ngx_http_validate_host: false for a Host that is empty, holds `..`, a slash, a space or a control. */
export function isValidHost(host: string): boolean {
  let dot = -2;
  let hostLen = host.length;
  let state: 'usual' | 'literal' | 'rest' = 'usual';
  for (let i = 0; i < host.length; i++) {
    const ch = host.charCodeAt(i);
    if (ch === 0x2e) {
      if (dot === i - 1) return false;
      dot = i;
    } else if (ch === 0x3a) {
      if (state === 'usual') {
        hostLen = i;
        state = 'rest';
      }
    } else if (ch === 0x5b) {
      if (i === 0) state = 'literal';
    } else if (ch === 0x5d) {
      if (state === 'literal') {
        hostLen = i + 1;
        state = 'rest';
      }
    } else if (ch === 0x2f || ch <= 0x20 || ch === 0x7f) return false;
  }
  if (dot === hostLen - 1) hostLen--;
  return hostLen > 0;
}

/**
 * The status nginx answers a request head with before any location, or null when it goes on. `target` is the
 * parsed request-target, null when nginx refuses it (see parseRequestTarget).
 */
export function checkRequestHead(req: IncomingMessage, target: RequestTarget | null): number | null {
  const raw = req.rawHeaders;
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`.length];
  for (let i = 0; i < raw.length; i += 2) lines.push(raw[i]!.length + 2 + raw[i + 1]!.length);
  const overflow = headerBufferOverflow(lines);
  if (overflow === 414) return 414;
  if (req.httpVersionMajor > 1) return 505;
  if (target === null || (target.host !== null && !isValidHost(target.host))) return 400;
  if (overflow === 400) return 400;
  const seen = new Map<string, string>();
  let counted = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    // nginx ignores (and does not count) a name outside letters, digits and `-` (ignore_invalid_headers)
    if (!/^[a-z0-9-]+$/.test(name)) continue;
    if (++counted > NGINX_MAX_HEADERS) return 400;
    if (!SINGLE.has(name)) continue;
    if (seen.has(name)) return 400;
    seen.set(name, raw[i + 1]!);
    if (name === 'host' && !isValidHost(raw[i + 1]!)) return 400;
  }
  if (!seen.has('host') && req.httpVersionMajor * 1000 + req.httpVersionMinor > 1000) return 400;
  const te = seen.get('transfer-encoding');
  if (te !== undefined) {
    if (req.httpVersionMajor * 1000 + req.httpVersionMinor < 1001) return 400;
    if (te.toLowerCase() !== 'chunked') return 501;
    if (seen.has('content-length')) return 400;
  }
  if (req.method === 'TRACE') return 405;
  return null;
}

/** The first value of a header as sent (nginx reads the first of repeated headers; Node joins some of them). */
export function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

/**
 * nginx's ngx_http_test_expect: an HTTP/1.1 request whose first Expect is `100-continue` gets an interim
 * `100 Continue` where nginx would read or discard a body: before a `return` redirect, a file, a proxied answer.
 */
export function sendContinueIfExpected(req: IncomingMessage, res: ServerResponse): void {
  if (req.httpVersion !== '1.1' || firstHeader(req, 'expect')?.toLowerCase() !== '100-continue') return;
  res.writeContinue();
}
