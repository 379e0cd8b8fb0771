// Rows of the request table about the rest of the request: ranges, conditional requests, Host and other
// headers, oversized request lines and headers, versions, methods, absolute-form targets, Expect and bodies.
import { CACHE_REVALIDATE } from '../../src/redirects/index.js';
import type { RequestRow } from './request-table.js';

const HTML = 'text/html';
const D = '/documentation';
const NOTES = `${D}/notes.txt`;
const TEXT = 'text/plain';

/** A Range request for notes.txt (64 bytes). */
const range = (name: string, value: string, status: number, contentRange: string | null, contentType = status === 416 ? HTML : TEXT): RequestRow => ({
  name: `range: ${name}`,
  path: NOTES,
  headers: [['Range', value]],
  status,
  contentType,
  cache: null,
  contentRange,
});
/** A request for notes.txt with these headers. */
const notes = (name: string, headers: RequestRow['headers'], status: number, more: Partial<RequestRow> = {}): RequestRow => ({ name, path: NOTES, headers, status, cache: null, ...more });
/** Parts of multipart/byteranges. */
const MULTI = 'multipart/byteranges; boundary=N';
/** Why some requests never reach serve. */
const NODE_PARSER = "Node's HTTP parser (llhttp, strict) refuses this request line or header with 400 before serve sees it; browsers never send it, curl can";

export const headRows: RequestRow[] = [
  // ranges (issue 21: bytes=abc, overlong numbers, several ranges)
  range('syntax error', 'bytes=abc', 416, 'bytes */64'),
  range('no number at all', 'bytes=-', 416, 'bytes */64'),
  range('empty spec', 'bytes=', 200, null),
  range('one byte', 'bytes=0-0', 206, 'bytes 0-0/64'),
  range('the last byte', 'bytes=63-63', 206, 'bytes 63-63/64'),
  range('one past the end', 'bytes=64-64', 416, 'bytes */64'),
  range('an empty suffix', 'bytes=-0', 416, 'bytes */64'),
  range('a suffix as long as the file', 'bytes=-64', 206, 'bytes 0-63/64'),
  range('a suffix longer than the file', 'bytes=-100', 206, 'bytes 0-63/64'),
  range('an end past 2^63-1', 'bytes=0-99999999999999999999999', 416, 'bytes */64'),
  range('an end of 2^63-1', 'bytes=0-9223372036854775807', 206, 'bytes 0-63/64'),
  range('a start of 2^63-1', 'bytes=9223372036854775807-', 416, 'bytes */64'),
  range('two ranges: multipart', 'bytes=0-1,5-6', 206, null, MULTI),
  range('three ranges with spaces', 'bytes=0-1, 5-6, 10-', 206, null, MULTI),
  range('overlapping ranges larger than the file: whole file', 'bytes=0-40,30-63', 200, null),
  range('one satisfiable part of two', 'bytes=0-1,100-200', 206, 'bytes 0-1/64'),
  range('no satisfiable part', 'bytes=100-200,300-', 416, 'bytes */64'),
  range('an empty part in a list', 'bytes=0-1,,5-6', 416, 'bytes */64'),
  range('a trailing comma', 'bytes=0-1,', 416, 'bytes */64'),
  range('spaces around numbers', 'bytes= 0 - 9', 206, 'bytes 0-9/64'),
  range('unit in capitals', 'BYTES=0-9', 206, 'bytes 0-9/64'),
  range('another unit', 'items=0-9', 200, null),
  range('a space before =', 'bytes =0-9', 200, null),
  { name: 'range: two Range headers, the first counts', path: NOTES, headers: [['Range', 'bytes=0-9'], ['Range', 'bytes=10-19']], status: 206, contentType: TEXT, cache: null, contentRange: 'bytes 0-9/64' },
  { name: 'range: an empty file', path: `${D}/empty.txt`, headers: [['Range', 'bytes=0-']], status: 200, contentType: TEXT, cache: null, contentRange: null },
  { name: 'range: HEAD gets the range headers', method: 'HEAD', path: NOTES, headers: [['Range', 'bytes=0-9']], status: 206, contentType: TEXT, cache: null, contentRange: 'bytes 0-9/64' },
  { name: 'range: not on the 404 page', path: `${D}/no-such-page/`, headers: [['Range', 'bytes=0-9']], status: 404, contentType: HTML, cache: CACHE_REVALIDATE },
  notes('range: If-Range with the ETag', (c) => [['Range', 'bytes=0-9'], ['If-Range', c.notes.etag]], 206, { contentType: TEXT, contentRange: 'bytes 0-9/64' }),
  notes('range: If-Range with another ETag', [['Range', 'bytes=0-9'], ['If-Range', '"other"']], 200, { contentType: TEXT, contentRange: null }),
  notes('range: If-Range with the date', (c) => [['Range', 'bytes=0-9'], ['If-Range', c.notes.lastModified]], 206, { contentType: TEXT, contentRange: 'bytes 0-9/64' }),
  notes('range: If-Range with an older date', [['Range', 'bytes=0-9'], ['If-Range', 'Mon, 01 Jan 2001 00:00:00 GMT']], 200, { contentType: TEXT, contentRange: null }),
  notes('range: If-Range with a weak ETag', (c) => [['Range', 'bytes=0-9'], ['If-Range', 'W/' + c.notes.etag]], 200, { contentType: TEXT, contentRange: null }),

  // conditional requests
  notes('conditional: If-None-Match with the ETag', (c) => [['If-None-Match', c.notes.etag]], 304),
  notes('conditional: If-None-Match with the weak ETag', (c) => [['If-None-Match', 'W/' + c.notes.etag]], 304),
  notes('conditional: If-None-Match with a list', (c) => [['If-None-Match', `"a", ${c.notes.etag}`]], 304),
  notes('conditional: If-None-Match *', [['If-None-Match', '*']], 304),
  notes('conditional: If-None-Match with another ETag', [['If-None-Match', '"other"']], 200, { contentType: TEXT }),
  notes('conditional: If-Modified-Since the very date', (c) => [['If-Modified-Since', c.notes.lastModified]], 304),
  notes('conditional: If-Modified-Since a later date (nginx compares exactly)', [['If-Modified-Since', 'Mon, 01 Jan 2091 00:00:00 GMT']], 200, { contentType: TEXT }),
  notes('conditional: If-Modified-Since that is no date', [['If-Modified-Since', 'yesterday']], 200, { contentType: TEXT }),
  notes('conditional: If-Modified-Since matches but If-None-Match does not', (c) => [['If-Modified-Since', c.notes.lastModified], ['If-None-Match', '"other"']], 200, { contentType: TEXT }),
  notes('conditional: If-Unmodified-Since an older date', [['If-Unmodified-Since', 'Mon, 01 Jan 2001 00:00:00 GMT']], 412, { contentType: HTML }),
  notes('conditional: If-Unmodified-Since the very date', (c) => [['If-Unmodified-Since', c.notes.lastModified]], 200, { contentType: TEXT }),
  notes('conditional: If-Match with another ETag', [['If-Match', '"other"']], 412, { contentType: HTML }),
  notes('conditional: If-Match *', [['If-Match', '*']], 200, { contentType: TEXT }),
  notes('conditional: If-Match wins over Range', [['If-Match', '"other"'], ['Range', 'bytes=0-1']], 412, { contentType: HTML, contentRange: null }),
  notes('conditional: 304 wins over Range', (c) => [['If-None-Match', c.notes.etag], ['Range', 'bytes=0-1']], 304, { contentRange: null }),
  { name: 'conditional: If-None-Match * on a page', path: `${D}/guide/install/`, headers: [['If-None-Match', '*']], status: 304, cache: CACHE_REVALIDATE },
  { name: 'conditional: never on the 404 page', path: `${D}/no-such-page/`, headers: [['If-None-Match', '*']], status: 404, contentType: HTML, cache: CACHE_REVALIDATE },

  // Host and other single headers
  { name: 'host: none in HTTP/1.1', path: `${D}/guide/`, host: null, status: 400 },
  { name: 'host: none in HTTP/1.0', path: `${D}/guide/`, version: 'HTTP/1.0', host: null, status: 200, contentType: HTML },
  { name: 'host: twice', path: `${D}/guide/`, headers: [['Host', 'localhost']], status: 400 },
  { name: 'host: empty', path: `${D}/guide/`, host: '', status: 400 },
  { name: 'host: with a slash', path: `${D}/guide/`, host: 'a/b', status: 400 },
  { name: 'host: with two dots in a row', path: `${D}/guide/`, host: 'a..b', status: 400 },
  { name: 'host: a lone dot', path: `${D}/guide/`, host: '.', status: 400 },
  { name: 'host: trailing dot, capitals and a port', path: `${D}/guide/`, host: 'Docs.Example.com.:8080', status: 200, contentType: HTML },
  { name: 'host: an IPv6 literal', path: `${D}/guide/`, host: '[::1]:80', status: 200, contentType: HTML },
  { name: 'headers: If-Range twice', path: NOTES, headers: [['If-Range', '"a"'], ['If-Range', '"a"']], status: 400 },
  { name: 'headers: Authorization twice', path: NOTES, headers: [['Authorization', 'a'], ['Authorization', 'b']], status: 400 },
  { name: 'headers: If-None-Match twice', path: NOTES, headers: [['If-None-Match', '"a"'], ['If-None-Match', '"b"']], status: 400 },
  { name: 'headers: Content-Length twice', path: NOTES, headers: [['Content-Length', '0'], ['Content-Length', '0']], status: 400 },
  { name: 'headers: an underscore in a name is ignored', path: NOTES, headers: [['X_Forwarded', '1']], status: 200, contentType: TEXT },
  { name: 'headers: a byte above 0x7F in a value', path: NOTES, headers: [['X-Name', 'r\xc3\xa9sum\xc3\xa9']], status: 200, contentType: TEXT },
  { name: 'headers: NUL in a value', path: NOTES, headers: [['X-Name', 'a\0b']], status: 400 },
  { name: 'headers: a folded line', path: NOTES, headers: [['X-Name', 'a\r\n b']], status: 400 },
  { name: 'headers: Transfer-Encoding gzip', path: NOTES, headers: [['Transfer-Encoding', 'gzip']], status: 501 },
  { name: 'headers: Transfer-Encoding with HTTP/1.0', path: NOTES, version: 'HTTP/1.0', headers: [['Transfer-Encoding', 'chunked']], body: '0\r\n\r\n', status: 400 },
  { name: 'headers: a chunked empty body', path: NOTES, headers: [['Transfer-Encoding', 'chunked']], body: '0\r\n\r\n', status: 200, contentType: TEXT },
  { name: 'headers: Content-Length and Transfer-Encoding', path: NOTES, headers: [['Content-Length', '5'], ['Transfer-Encoding', 'chunked']], body: '0\r\n\r\n', status: 400 },
  { name: 'headers: Upgrade is ignored', path: NOTES, headers: [['Upgrade', 'websocket'], ['Connection', 'Upgrade']], status: 200, contentType: TEXT },

  // Expect: nginx sends 100 Continue where it reads or discards a body
  notes('expect: 100-continue on a file', [['Expect', '100-continue']], 200, { continued: true, contentType: TEXT }),
  notes('expect: in capitals', [['Expect', '100-CONTINUE']], 200, { continued: true, contentType: TEXT }),
  notes('expect: something else is ignored', [['Expect', 'something']], 200, { contentType: TEXT }),
  { name: 'expect: on a redirect', path: `${D}/old-guide/`, headers: [['Expect', '100-continue']], status: 301, continued: true, location: `${D}/guide/` },
  { name: 'expect: not on the 404 page', path: `${D}/no-such-page/`, headers: [['Expect', '100-continue']], status: 404, contentType: HTML, cache: CACHE_REVALIDATE },
  { name: 'expect: not on a directory redirect', path: `${D}/downloads`, headers: [['Expect', '100-continue']], status: 301, location: `${D}/downloads/` },
  { name: 'expect: on a 304', path: NOTES, headers: [['Expect', '100-continue'], ['If-None-Match', '*']], status: 304, continued: true },
  { name: 'expect: not in HTTP/1.0', path: NOTES, version: 'HTTP/1.0', headers: [['Expect', '100-continue']], status: 200, contentType: TEXT },

  // sizes: nginx's 1k + 4 × 8k header buffers (issue 21: serve said 200 or 431)
  { name: 'size: an 8,100-byte query fits', path: `${D}/guide/?${'a'.repeat(8100)}`, status: 200, contentType: HTML },
  { name: 'size: a request line of 8,193 bytes is too long', path: `${D}/guide/?${'a'.repeat(8193 - 2 - `GET ${D}/guide/? HTTP/1.1`.length)}`, status: 414 },
  { name: 'size: a 20,000-byte path', path: `${D}/${'a'.repeat(20000)}`, status: 414 },
  { name: 'size: a 100,000-byte query (past Node\'s limit too)', path: `${D}/guide/?${'a'.repeat(100_000)}`, status: 414 },
  { name: 'size: an 8,192-byte header line fits', path: NOTES, headers: [['X-Big', 'b'.repeat(8192 - 2 - 'X-Big: '.length)]], status: 200, contentType: TEXT },
  { name: 'size: an 8,193-byte header line', path: NOTES, headers: [['X-Big', 'b'.repeat(8193 - 2 - 'X-Big: '.length)]], status: 400 },
  { name: 'size: a 100,000-byte cookie (past Node\'s limit too)', path: NOTES, headers: [['Cookie', 'c='.padEnd(100_000, 'x')]], status: 400 },
  { name: 'size: four 8,000-byte headers fit', path: NOTES, headers: Array.from({ length: 4 }, (_, i): [string, string] => [`X-H${i}`, 'h'.repeat(8000)]), status: 200, contentType: TEXT },
  { name: 'size: five 7,000-byte headers do not', path: NOTES, headers: Array.from({ length: 5 }, (_, i): [string, string] => [`X-H${i}`, 'h'.repeat(7000)]), status: 400 },
  { name: 'size: 1,000 headers (Debian backports max_headers 1000)', path: NOTES, headers: Array.from({ length: 998 }, (_, i): [string, string] => [`X-${i}`, 'v']), status: 200, contentType: TEXT },
  { name: 'size: 1,001 headers', path: NOTES, headers: Array.from({ length: 999 }, (_, i): [string, string] => [`X-${i}`, 'v']), status: 400 },
  { name: 'size: invalid header names are not counted', path: NOTES, headers: Array.from({ length: 1200 }, (_, i): [string, string] => [`X_${i}`, 'v']), status: 200, contentType: TEXT },
  { name: 'size: 3,000 small headers', path: NOTES, headers: Array.from({ length: 3000 }, (_, i): [string, string] => [`X-${i}`, 'v']), status: 400 },
  { name: 'size: a long redirect query is kept', path: `${D}/old-guide/?${'q'.repeat(8000)}`, status: 301, location: `${D}/guide/?${'q'.repeat(8000)}` },

  // versions and methods
  { name: 'version: HTTP/1.0', path: NOTES, version: 'HTTP/1.0', status: 200, contentType: TEXT },
  { name: 'version: HTTP/2.0 on this port', path: NOTES, version: 'HTTP/2.0', status: 505 },
  { name: 'method: OPTIONS on a page', method: 'OPTIONS', path: `${D}/guide/`, status: 405 },
  { name: 'method: PATCH on a file', method: 'PATCH', path: NOTES, status: 405 },
  { name: 'method: PROPFIND on a folder', method: 'PROPFIND', path: `${D}/downloads/`, status: 405 },
  { name: 'method: PURGE, which nginx does not know either', method: 'PURGE', path: `${D}/guide/`, status: 405 },
  { name: 'method: CONNECT to a path', method: 'CONNECT', path: `${D}/`, status: 405 },
  { name: 'method: CONNECT to host:port', method: 'CONNECT', path: 'example.com:443', status: 400 },
  { name: 'method: lower case', method: 'get', path: `${D}/guide/`, status: 400 },
  { name: 'target: an asterisk', method: 'OPTIONS', path: '*', status: 400 },
  { name: 'target: no leading slash', path: 'documentation/guide/', status: 400 },

  // absolute-form targets: nginx takes the path after the host
  { name: 'absolute: a page', path: `http://example.com${D}/guide/`, status: 200, contentType: HTML },
  { name: 'absolute: a redirect source', path: `http://example.com${D}/old-guide?x=1`, status: 301, location: `${D}/guide/?x=1` },
  { name: 'absolute: a directory', path: `https://example.com:8443${D}/guide`, status: 301, location: `${D}/guide/` },
  { name: 'absolute: no path', path: 'http://example.com', status: 403 },
  { name: 'absolute: a query without a path', path: 'http://example.com?x=1', status: 403 },
  { name: 'absolute: any scheme', path: `ftp://example.com${D}/guide/`, status: 200, contentType: HTML },
  { name: 'absolute: an IPv6 host', path: `http://[::1]:8080${D}/guide/`, status: 200, contentType: HTML },
  { name: 'absolute: two dots in the host', path: `http://a..b${D}/guide/`, status: 400 },
  { name: 'absolute: an underscore in the host', path: `http://a_b${D}/guide/`, status: 400 },
  { name: 'absolute: a port that is no number', path: `http://example.com:x${D}/guide/`, status: 400 },

  // what only Node's parser refuses (asserted both ways: nginx's answer, and serve's 400)
  { name: 'limit: raw UTF-8 bytes in the path', path: `${D}/odd/r\xc3\xa9sum\xc3\xa9`, status: 301, location: `${D}/odd/r%C3%A9sum%C3%A9/`, differs: { status: 400, why: NODE_PARSER } },
  { name: 'limit: an unknown method', method: 'FROB', path: `${D}/guide/`, status: 405, differs: { status: 400, why: NODE_PARSER } },
  { name: 'limit: HTTP/1.2', path: NOTES, version: 'HTTP/1.2', status: 200, differs: { status: 400, why: NODE_PARSER } },
  { name: 'limit: an invalid header name (nginx ignores the line)', path: NOTES, headers: [['X-A@b', '1']], status: 200, differs: { status: 400, why: NODE_PARSER } },
  { name: 'limit: bare LF line ends', path: NOTES, raw: () => `GET ${NOTES} HTTP/1.1\nHost: localhost\nConnection: close\n\n`, status: 200, differs: { status: 400, why: NODE_PARSER } },
];
