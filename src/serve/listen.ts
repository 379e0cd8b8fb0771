import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { DiagnosticError } from '../diagnostics/index.js';
import { serveCodes } from './codes.js';
import { headerBufferOverflow, NGINX_MAX_HEAD } from './request-head.js';
import { parseRequestTarget } from './request-target.js';
import { statusLine, statusPage } from './responses.js';

/** A listening HTTP server and how to stop it. */
export interface Listening {
  server: Server;
  host: string;
  port: number;
  /** `http://host:port` (IPv6 hosts in brackets). */
  origin: string;
  /** Stops listening and ends open connections (keep-alive, event streams), so the process can exit. */
  close(): Promise<void>;
}

// Node refuses a head past this (its default, 16 KiB, is below what nginx accepts); every head nginx accepts fits,
// so the handler decides 414/400 as nginx does, and only longer heads reach onClientError
const MAX_HEAD_BYTES = NGINX_MAX_HEAD + 16 * 1024;

/** Listens on host:port (0 = any free port); a port in use or a bad host is a DiagnosticError (exit 2). */
export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void, host: string, port: number): Promise<Listening> {
  // the handler applies nginx's Host rule (Node's own answers a bare 400 without a page)
  const server = createServer({ maxHeaderSize: MAX_HEAD_BYTES, requireHostHeader: false });
  // every header line takes room in nginx's buffers, so the simulation must see them all (Node keeps 2,000)
  server.maxHeadersCount = 0;
  answerAsNginx(server, handler);
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const hint =
        err.code === 'EADDRINUSE' ? `another program uses port ${port}; pass --port with another number (0 picks a free one)` : 'pass --host 127.0.0.1 or another address of this machine';
      reject(
        new DiagnosticError(
          { code: serveCodes.LISTEN_FAILED, severity: 'error', message: `cannot listen on ${host}:${port}: ${err.code ?? err.message}`, hint },
          2,
        ),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    server,
    host: address.address,
    port: address.port,
    origin: `http://${shown}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** How far the current request line has come on a connection: its length so far, and whether it ended. */
const requestLines = new WeakMap<Socket, { length: number; ended: boolean }>();

/**
 * Serves requests with `handler` and, where Node's own HTTP handling differs from nginx's, answers as nginx:
 * `Expect` headers go to the handler (no automatic 100 Continue or 417), CONNECT gets 405 or 400, and a head too
 * long for Node is 414 when the request line alone is too long for nginx, else 400 (Node says 431).
 */
function answerAsNginx(server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void): void {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // this head is done: the next bytes on the connection start the next request line
    const line = requestLines.get(req.socket);
    if (line) Object.assign(line, { length: 0, ended: false });
    handler(req, res);
  };
  server.on('request', onRequest);
  server.on('checkContinue', onRequest);
  server.on('checkExpectation', onRequest);
  // nginx reads CONNECT's target as any other: host:port is no path (400), a path is refused by method (405)
  server.on('connect', (req: IncomingMessage, socket: Duplex) => reply(socket, parseRequestTarget(req.url ?? '') ? 405 : 400));
  server.on('connection', (socket: Socket) => {
    const line = { length: 0, ended: false };
    requestLines.set(socket, line);
    // a 'data' listener makes Node read the socket in JS; seeing the bytes is what tells 414 from 400 later
    socket.prependListener('data', (chunk: Buffer) => {
      if (line.ended) return;
      const lf = chunk.indexOf(0x0a);
      if (lf === -1) line.length += chunk.length;
      else {
        line.length += lf > 0 && chunk[lf - 1] === 0x0d ? lf - 1 : lf;
        line.ended = true;
      }
    });
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    if (err.code !== 'HPE_HEADER_OVERFLOW') return reply(socket, 400);
    const line = requestLines.get(socket as Socket);
    const tooLong = !line || !line.ended || headerBufferOverflow([line.length]) === 414;
    reply(socket, tooLong ? 414 : 400);
  });
}

// how long a refused connection is drained before it is closed (nginx's lingering_timeout)
const LINGER_MS = 5000;

/**
 * Writes a whole nginx-like error answer on a raw socket and closes it the way nginx's lingering close does: the
 * rest of what the client sends is read and dropped, so its unread request does not reset the connection (and
 * the answer with it) before the client has read it.
 */
function reply(socket: Duplex, status: number): void {
  const body = statusPage(status);
  // the parser failed: it must not see the rest, and a further error must not answer twice
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  socket.end(`HTTP/1.1 ${statusLine(status)}\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
