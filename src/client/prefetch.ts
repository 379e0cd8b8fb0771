// Prefetching: links in view are queued and fetched in batches of 4 every 3 s (page-data, then the template
// chunk); a hovered link loads at once. Nothing is prefetched on 2g, in data-saver mode or for bots.
import { RUNTIME } from '../config/defaults.js';
import type { Loader, RscRecord } from './loader.js';
import { isPagePath } from './paths.js';

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** False on a 2g (or slow-2g) connection, with data saver on, or for a crawler's user agent. */
export function shouldPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection && ((connection.effectiveType ?? '').includes('2g') || connection.saveData)) return false;
  return !/bot|crawler|spider|crawling/i.test(navigator.userAgent);
}

const idle = (cb: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(cb) : setTimeout(cb, 0);

/** The prefetch queue and its triggers for one page session. */
export class Prefetcher {
  private readonly queue: string[] = [];
  private readonly triggered = new Set<string>();
  private readonly preloaded = new Set<string>();
  private running = false;
  private observer: IntersectionObserver | null = null;

  constructor(
    private readonly loader: Loader,
    private readonly prefix: string,
    private readonly currentKey: () => string,
  ) {}

  /** The page key an anchor points to, or null when it is not a page of this site. */
  keyOf(anchor: Element): string | null {
    const href = anchor.getAttribute('href');
    if (!href || href.startsWith('#')) return null;
    const url = new URL(href, location.href);
    if (url.origin !== location.origin || !isPagePath(url.pathname, this.prefix)) return null;
    const key = this.loader.findPath(url.pathname + url.search);
    return key === this.currentKey() ? null : key;
  }

  /** Queues a page; false when prefetching is off for this reader. */
  enqueue(key: string): boolean {
    if (!shouldPrefetch()) return false;
    if (this.triggered.has(key) || this.loader.hasPageData(key)) return true;
    this.triggered.add(key);
    this.queue.push(key);
    if (!this.running) {
      this.running = true;
      setTimeout(() => idle(() => void this.processBatch()), RUNTIME.prefetchIntervalMs);
    }
    return true;
  }

  /** Drops a page that left the viewport before its batch started. */
  abort(key: string): void {
    const at = this.queue.indexOf(key);
    if (at < 0) return;
    this.queue.splice(at, 1);
    this.triggered.delete(key);
  }

  private async processBatch(): Promise<void> {
    const batch = this.queue.splice(0, RUNTIME.prefetchBatchSize);
    // a failed prefetch must not stall the queue (Gatsby's prefetch.js never settles on failure)
    await Promise.allSettled(batch.map((key) => this.prefetch(key)));
    if (this.queue.length > 0) setTimeout(() => idle(() => void this.processBatch()), RUNTIME.prefetchIntervalMs);
    else this.running = false;
  }

  /** Fetches a page's data into memory, then preloads its template chunk. */
  private async prefetch(key: string): Promise<void> {
    const result = await this.loader.loadPageDataJson(key);
    if (result.status !== 'success') return;
    // an islands page has no template chunk: its -rsc record and its document are all it needs
    if (!('result' in result.payload)) return this.loader.prefetchDocument(key, result.payload as unknown as RscRecord);
    const url = this.loader.chunkUrl(result.payload.componentChunkName);
    if (!url || this.preloaded.has(url) || document.querySelector(`link[href="${CSS.escape(url)}"]`)) return;
    this.preloaded.add(url);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.appendChild(link);
  }

  /** Watches the links under `root`: entering the viewport queues the page, leaving it drops it. */
  observe(root: HTMLElement): void {
    if (!('IntersectionObserver' in window)) return;
    this.observer?.disconnect();
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const key = this.keyOf(entry.target);
        if (!key) continue;
        if (entry.isIntersecting || entry.intersectionRatio > 0) this.enqueue(key);
        else this.abort(key);
      }
    });
    for (const a of root.querySelectorAll('a[href]')) this.observer.observe(a);
  }

  /** A hovered link loads its page at once (data, chunk, static queries), outside the queue. */
  listenForHover(): void {
    document.addEventListener('mouseover', (e) => {
      const anchor = (e.target as Element | null)?.closest?.('a[href]');
      if (!anchor || !shouldPrefetch()) return;
      const key = this.keyOf(anchor);
      if (key) void this.loader.loadPage(this.prefix + key);
    });
  }
}
