import type { IncomingMessage, ServerResponse } from 'node:http';

/** The open Server-Sent Events streams of the dev server's pages. */
export class DevEvents {
  private readonly clients = new Set<ServerResponse>();
  private readonly waiting = new Set<() => void>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly hello: () => unknown) {
    // a comment line every 25 s keeps proxies and idle timeouts from closing quiet streams
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': ping\n\n');
    }, 25_000);
    this.heartbeat.unref();
  }

  /** Takes over a request to the events path: headers, then `hello` with the current state. */
  accept(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(`retry: 500\nevent: hello\ndata: ${JSON.stringify(this.hello())}\n\n`);
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
    for (const resolve of this.waiting) resolve();
    this.waiting.clear();
  }

  /** Resolves when the next page connects (a page that reloaded has run its scripts), or after `ms`. */
  nextPage(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiting.add(done);
    });
  }

  /** Sends one event to every open page. */
  send(event: string, data: unknown = {}): void {
    const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of this.clients) res.write(chunk);
  }

  /** Number of connected pages. */
  get size(): number {
    return this.clients.size;
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const resolve of this.waiting) resolve();
    this.waiting.clear();
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
