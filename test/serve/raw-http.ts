// A raw HTTP/1.x client for the parity table: the request goes out byte for byte as written (no client-side
// normalisation of the path, repeated or odd headers, any size), and the answer is read to the connection's end.
import net from 'node:net';

/** One answer: every status line received (interim 1xx first), the final headers and body. */
export interface RawAnswer {
  /** e.g. `[100, 200]` after an `Expect: 100-continue`, else one status; `[]` when the server sent nothing. */
  statuses: number[];
  /** Final headers, names in lower case, the first of repeated ones. */
  headers: Record<string, string>;
  body: Buffer;
}

/** The parts of a request; `head` lines are sent as given, each followed by CRLF. */
export interface RawRequest {
  method: string;
  target: string;
  /** Default `HTTP/1.1`. */
  version?: string;
  headers: Array<[string, string]>;
  body?: string;
}

/** The request's bytes: request line, headers, `Connection: close`, empty line, body (strings are latin1). */
export function requestBytes(r: RawRequest): Buffer {
  const lines = [`${r.method} ${r.target} ${r.version ?? 'HTTP/1.1'}`, ...r.headers.map(([n, v]) => `${n}: ${v}`), 'Connection: close'];
  return Buffer.from(lines.join('\r\n') + '\r\n\r\n' + (r.body ?? ''), 'latin1');
}

/** Sends bytes to 127.0.0.1:port and reads until the server closes (or `timeoutMs` passes). */
export function sendRaw(port: number, bytes: Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    // a server that answers before reading everything may reset the rest of our write: the answer still counts
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks))));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer in ${timeoutMs} ms`)));
  });
}

/** Splits what the server sent into its status lines, final headers and body. */
export function parseAnswer(data: Buffer): RawAnswer {
  const statuses: number[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end === -1) return { statuses, headers: {}, body: Buffer.alloc(0) };
    const lines = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1] ?? 0);
    statuses.push(status);
    at = end + 4;
    if (status >= 100 && status < 200) continue;
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      if (colon > 0 && !(name in headers)) headers[name] = line.slice(colon + 1).trim();
    }
    return { statuses, headers, body: data.subarray(at) };
  }
}
