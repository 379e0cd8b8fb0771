import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageTask, RenderSetup } from './page-task.js';
import { closeResultPacks, renderPage } from './render-page.js';

type RenderedPage = Awaited<ReturnType<typeof renderPage>>;

/** Below this many pages, starting workers (each loads the parser and the templates) costs more than it saves. */
const MAIN_THREAD_MAX = 24;

/**
 * Renders pages on worker threads across all cores (templates compiled once per worker, not per page). Each
 * worker has at most `inFlight` tasks queued, so memory stays bounded (back-pressure); results are handed to
 * `onResult` as they finish and the caller writes them. With concurrency 0 pages render on this thread (the
 * default for a handful of pages: an incremental rebuild should not pay for starting workers).
 */
export async function renderAll(
  tasks: readonly PageTask[],
  setup: RenderSetup,
  opts: { concurrency?: number; onResult: (page: RenderedPage) => Promise<void> | void },
): Promise<void> {
  const concurrency =
    opts.concurrency ?? (tasks.length <= MAIN_THREAD_MAX ? 0 : Math.max(1, Math.min(availableParallelism(), Math.ceil(tasks.length / MAIN_THREAD_MAX))));
  if (concurrency === 0 || tasks.length === 0) {
    try {
      for (const t of tasks) await opts.onResult(await renderPage(t, setup));
    } finally {
      await closeResultPacks();
    }
    return;
  }
  const workerUrl = new URL('./worker.js', import.meta.url);
  const inFlight = 4;
  let next = 0;
  let failure: Error | null = null;
  const pending: Promise<void>[] = [];
  const workers = Array.from({ length: concurrency }, () => new Worker(workerUrl, { workerData: setup, env: { ...process.env, NODE_ENV: 'production' } }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let active = 0;
            const feed = () => {
              while (!failure && active < inFlight && next < tasks.length) {
                worker.postMessage(tasks[next++]);
                active++;
              }
              if (active === 0) resolve();
            };
            worker.on('message', (msg: { ok: true; result: RenderedPage } | { ok: false; id: number; error: string } | 'closed') => {
              if (msg === 'closed') return;
              active--;
              if (!msg.ok) {
                failure = new Error(`rendering page ${tasks.find((t) => t.id === msg.id)?.displayFile ?? msg.id} crashed: ${msg.error}`);
                reject(failure);
                return;
              }
              pending.push(Promise.resolve(opts.onResult(msg.result)));
              feed();
            });
            worker.on('error', (err) => {
              failure = err;
              reject(err);
            });
            feed();
          }),
      ),
    );
    await Promise.all(pending);
  } finally {
    await Promise.all(workers.map(closeWorker));
  }
}

/** Lets a worker close its pack, then stops it (a worker that does not answer within a second is stopped anyway). */
async function closeWorker(worker: Worker): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 1000);
    worker.on('message', (msg) => msg === 'closed' && done());
    worker.once('exit', done);
    worker.once('error', done);
    worker.postMessage('close');
  });
  await worker.terminate();
}
