import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CheckMemo } from './check-page.js';
import { checkBatch, createContext, type BatchResult, type RunnerInit } from './page-runner.js';
import { GC_EVERY_PAGES, GC_MIN_HEAP, WORKER_BATCH_SIZE, WORKER_YOUNG_GENERATION_MB } from './limits.js';
import { collectGarbage } from '../memory.js';

/** The compiled worker; absent when running from TypeScript sources (tests), where pages are checked inline. */
const workerFile = new URL('./parse-worker.js', import.meta.url);

/** True when worker threads can be used (the compiled worker file exists). */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(workerFile));
}

/**
 * Checks every page on `threads` threads: this one and `threads - 1` workers, batches handed out as each frees up
 * (so a slow page does not idle the others). This thread takes its share rather than waiting: one worker fewer
 * is one heap fewer at the build's memory peak. Results come back in any order.
 */
export async function checkAllPages(
  pages: readonly string[],
  init: RunnerInit,
  threads: number,
  onProgress?: (done: number, total: number) => void,
): Promise<BatchResult> {
  const total = pages.length;
  const out: BatchResult = { results: [], stamps: [], errors: [] };
  const batches: string[][] = [];
  const size = Math.max(1, Math.min(WORKER_BATCH_SIZE, Math.ceil(total / Math.max(1, threads) / 4)));
  for (let i = 0; i < total; i += size) batches.push(pages.slice(i, i + size));
  let done = 0;
  let gcDue = false;
  const collect = (r: BatchResult): void => {
    for (const x of r.results) out.results.push(x);
    for (const x of r.stamps) out.stamps.push(x);
    for (const x of r.errors) out.errors.push(x);
    const before = done;
    done += r.results.length + r.errors.length;
    if (Math.floor(done / GC_EVERY_PAGES) > Math.floor(before / GC_EVERY_PAGES)) gcDue = true;
    onProgress?.(done, total);
  };

  let next = 0;
  const workerCount = workersAvailable() ? Math.min(threads, batches.length) - 1 : 0;
  const workers = Array.from(
    { length: Math.max(0, workerCount) },
    // a small young generation: the pages' garbage dies young, and at 10,000 pages the default let each link
    // thread's heap grow by tens of megabytes at the build's memory peak
    () => new Worker(workerFile, { workerData: init, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } }),
  );
  let failed: Error | null = null;
  try {
    const fed = workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          let inFlight = 0;
          const feed = (): void => {
            if (next < batches.length && !failed) {
              worker.postMessage(batches[next++]);
              inFlight++;
            } else if (inFlight === 0) resolve();
          };
          worker.on('message', (r: BatchResult) => {
            inFlight--;
            collect(r);
            feed();
          });
          worker.on('error', reject);
          worker.on('exit', (code) => {
            if (code !== 0) reject(new Error(`link-check worker stopped with exit code ${code}`));
          });
          // two batches in flight: while this thread checks a batch of its own it does not answer, and the
          // worker has the second one to go on with
          feed();
          feed();
        }).catch((err: Error) => {
          failed ??= err;
        }),
    );
    const ctx = createContext(init);
    const memo = new CheckMemo();
    while (next < batches.length && !failed) {
      collect(checkBatch(init.dir, batches[next++]!, ctx, memo, init.underDir));
      // the parsed pages' garbage outpaces V8's own collections on a large site (see memory.ts)
      if (gcDue) {
        gcDue = false;
        collectGarbage(GC_MIN_HEAP);
      }
      // yield between batches: the workers' answers are taken (and they get their next batch), progress repaints
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(fed);
    if (failed) throw failed;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}
