import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiagnosticError } from '../diagnostics/types.js';
import { serveCodes } from './codes.js';

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

/** Listens on host:port (0 = any free port); a port in use or a bad host is a DiagnosticError (exit 2). */
export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void, host: string, port: number): Promise<Listening> {
  const server = createServer(handler);
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
