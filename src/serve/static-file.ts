import { createReadStream, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { checkConditions, ifRangeHolds, nginxEtag } from './conditional.js';
import { firstHeader } from './request-head.js';
import { parseRange, type ByteRange } from './range.js';
import { sendHtml, statusPage } from './responses.js';

/** A regular file about to be answered with 200, and the headers its location adds. */
export interface StaticFile {
  /** Absolute path (bytes, so names that are not UTF-8 open as nginx opens them). */
  file: Buffer;
  st: Stats;
  contentType: string;
  /** Cache-Control (`add_header ... always`), or null for none. */
  cacheControl: string | null;
  /** The bytes to send instead of the file's (the dev server's overlay; `st` then describes them). */
  bytes?: Buffer;
}

let boundaryCounter = Math.floor(Math.random() * 1e9);

/**
 * Sends a file as nginx's static module and its header filters do: Last-Modified and ETag in nginx's form, then
 * the not-modified filter (412, 304), then the range filter (206, multipart/byteranges, 416, or the whole file).
 */
export async function sendStaticFile(req: IncomingMessage, res: ServerResponse, f: StaticFile): Promise<void> {
  const mtime = Math.floor(f.st.mtimeMs / 1000);
  const etag = nginxEtag(mtime, f.st.size);
  const extra: Record<string, string> = f.cacheControl ? { 'Cache-Control': f.cacheControl } : {};
  const validators = { 'Last-Modified': new Date(mtime * 1000).toUTCString(), ETag: etag };
  const condition = checkConditions(
    { ifModifiedSince: firstHeader(req, 'if-modified-since'), ifUnmodifiedSince: firstHeader(req, 'if-unmodified-since'), ifMatch: firstHeader(req, 'if-match'), ifNoneMatch: firstHeader(req, 'if-none-match') },
    mtime,
    etag,
  );
  if (condition === 412) return sendHtml(res, req.method, 412, statusPage(412), extra);
  if (condition === 304) {
    res.writeHead(304, { ...validators, ...extra });
    res.end();
    return;
  }
  const decision = ifRangeHolds(firstHeader(req, 'if-range'), mtime, etag) ? parseRange(firstHeader(req, 'range'), f.st.size) : null;
  if (decision === 'unsatisfiable') return sendHtml(res, req.method, 416, statusPage(416), { 'Content-Range': `bytes */${f.st.size}`, ...extra });
  const head = req.method === 'HEAD';
  if (decision === null) {
    res.writeHead(200, { 'Content-Type': f.contentType, 'Content-Length': String(f.st.size), ...validators, 'Accept-Ranges': 'bytes', ...extra });
    return head ? void res.end() : send(res, f.bytes ? { bytes: f.bytes } : f.file, [{ start: 0, end: f.st.size - 1 }], []);
  }
  if (decision.length === 1) {
    const r = decision[0]!;
    res.writeHead(206, { 'Content-Type': f.contentType, 'Content-Length': String(r.end - r.start + 1), ...validators, 'Content-Range': `bytes ${r.start}-${r.end}/${f.st.size}`, ...extra });
    return head ? void res.end() : send(res, f.bytes ? { bytes: f.bytes } : f.file, decision, []);
  }
  // several ranges: multipart/byteranges with nginx's layout (a zero-padded 20-digit boundary)
  const boundary = String(++boundaryCounter).padStart(20, '0');
  const heads = decision.map((r) => `\r\n--${boundary}\r\nContent-Type: ${f.contentType}\r\nContent-Range: bytes ${r.start}-${r.end}/${f.st.size}\r\n\r\n`);
  const tail = `\r\n--${boundary}--\r\n`;
  const length = decision.reduce((n, r, i) => n + Buffer.byteLength(heads[i]!) + r.end - r.start + 1, Buffer.byteLength(tail));
  res.writeHead(206, { 'Content-Type': `multipart/byteranges; boundary=${boundary}`, 'Content-Length': String(length), ...validators, ...extra });
  return head ? void res.end() : send(res, f.bytes ? { bytes: f.bytes } : f.file, decision, [...heads, tail]);
}

/** Writes the ranges of a file, each after its part header when there are any, then the closing boundary. */
async function send(res: ServerResponse, file: Buffer | { bytes: Buffer }, ranges: ByteRange[], parts: string[]): Promise<void> {
  try {
    for (let i = 0; i < ranges.length; i++) {
      if (parts[i]) res.write(parts[i]);
      const r = ranges[i]!;
      if (r.end < r.start) continue;
      if ('bytes' in file) res.write(file.bytes.subarray(r.start, r.end + 1));
      else await pipeline(createReadStream(file, { start: r.start, end: r.end }), res, { end: false });
    }
    res.end(parts[ranges.length]);
  } catch {
    // the file vanished or the client went away mid-answer: nothing more can be said on this connection
    res.destroy();
  }
}
