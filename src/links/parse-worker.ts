// Worker thread: checks the batches of pages its parent posts. Compiled to lib/links/parse-worker.js and
// started by worker-pool.ts; holds its own file index, href cache and last page's scan for the whole run.
import { parentPort, workerData } from 'node:worker_threads';
import { checkBatch, createContext, type RunnerInit } from './page-runner.js';
import { CheckMemo } from './check-page.js';

const init = workerData as RunnerInit;
const ctx = createContext(init);
const memo = new CheckMemo();

parentPort!.on('message', (pages: string[]) => {
  parentPort!.postMessage(checkBatch(init.dir, pages, ctx, memo, init.underDir));
});
