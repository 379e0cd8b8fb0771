import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OutcomeCache } from './check-page.js';
import { checkBatch, createContext, type BatchResult, type RunnerInit } from './page-runner.js';
import { WORKER_BATCH_SIZE } from './limits.js';

/** The compiled worker; absent when running from TypeScript sources (tests), where pages are checked inline. */
const workerFile = new URL('./parse-worker.js', import.meta.url);

/** True when worker threads can be used (the compiled worker file exists). */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(workerFile));
}

/**
 * Checks every page, on `threads` worker threads (batches handed out as workers free up, so a slow page
 * does not idle the others) or on this thread when `threads` <= 1. Results come back in any order.
 */
export async function checkAllPages(
  pages: readonly string[],
  init: RunnerInit,
  threads: number,
  onProgress?: (done: number, total: number) => void,
): Promise<BatchResult> {
  const total = pages.length;
  const out: BatchResult = { results: [], errors: [] };
  const batches: string[][] = [];
  const size = Math.max(1, Math.min(WORKER_BATCH_SIZE, Math.ceil(total / Math.max(1, threads) / 4)));
  for (let i = 0; i < total; i += size) batches.push(pages.slice(i, i + size));
  let done = 0;
  const collect = (r: BatchResult): void => {
    for (const x of r.results) out.results.push(x);
    for (const x of r.errors) out.errors.push(x);
    done += r.results.length + r.errors.length;
    onProgress?.(done, total);
  };

  if (threads <= 1 || !workersAvailable()) {
    const ctx = createContext(init);
    const cache: OutcomeCache = new Map();
    for (const batch of batches) {
      collect(checkBatch(init.dir, batch, ctx, cache));
      // yield between batches so progress bars repaint and timers run
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  }

  let next = 0;
  const workers = Array.from({ length: Math.min(threads, batches.length) }, () => new Worker(workerFile, { workerData: init }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = (): void => {
              if (next >= batches.length) return resolve();
              worker.postMessage(batches[next++]);
            };
            worker.on('message', (r: BatchResult) => {
              collect(r);
              feed();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`link-check worker stopped with exit code ${code}`));
            });
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}
