import type { IncomingMessage, ServerResponse } from 'node:http';

/** The open Server-Sent Events streams of the dev server's pages. */
export class DevEvents {
  // each open stream, with the path of the page that opened it (its Referer; null when it sent none)
  private readonly clients = new Map<ServerResponse, string | null>();
  private readonly waiting = new Set<() => void>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly hello: () => unknown) {
    // a comment line every 25 s keeps proxies and idle timeouts from closing quiet streams
    this.heartbeat = setInterval(() => {
      for (const res of this.clients.keys()) res.write(': ping\n\n');
    }, 25_000);
    this.heartbeat.unref();
  }

  /** Takes over a request to the events path: headers, then `hello` with the current state. */
  accept(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(`retry: 500\nevent: hello\ndata: ${JSON.stringify(this.hello())}\n\n`);
    this.clients.set(res, pageOf(req.headers.referer));
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
    for (const res of this.clients.keys()) res.write(chunk);
  }

  /** Whether an open page may be one of `pages` (site paths, decoded): one that did not say which it is may be. */
  showsAny(pages: readonly string[]): boolean {
    return [...this.clients.values()].some((page) => page === null || pages.includes(page));
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
    for (const res of this.clients.keys()) res.end();
    this.clients.clear();
  }
}

/** The decoded path of a Referer URL, or null. */
function pageOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return decodeURI(new URL(referer).pathname);
  } catch {
    return null;
  }
}
