// A render worker: started before the pages are known, it loads the parser and React meanwhile, and the
// compiled templates as soon as they are named; then it gets the build's setup once and batches of page tasks,
// and answers each batch with its rendered pages. A `close` message at the end closes its pack file
// (terminating a thread does not close its descriptors).
import { parentPort } from 'node:worker_threads';
import type { FsErrorFacts } from '../diagnostics/index.js';
import { DiagnosticError } from '../diagnostics/index.js';
import { forbidExit } from './exit-guard.js';
import type { PageTask, RenderSetup } from './page-task.js';
import type { RenderedPage } from './page-result.js';
import { closeResultPacks, loadTemplates, renderPage } from './render-page.js';

// this thread only runs template code, and never ends by itself: a template's process.exit or abort throws
forbidExit();

let setup: RenderSetup | null = null;
let queue: Promise<void> = Promise.resolve();

parentPort!.on('message', (msg: PageTask[] | { setup: RenderSetup } | { preload: string } | 'close') => {
  if (msg === 'close') {
    // after the batches still queued (a build that failed early stops its threads while others render)
    queue = queue.then(closeResultPacks).then(() => parentPort!.postMessage('closed'));
    return;
  }
  if ('preload' in msg) {
    // the same promise serves the setup's load below (a failure is reported by the first task)
    loadTemplates(msg.preload).catch(() => undefined);
    return;
  }
  if ('setup' in msg) {
    setup = msg.setup;
    // start loading the templates now; the first task awaits the same promise (a failure is reported there)
    loadTemplates(setup.serverBundle).catch(() => undefined);
    return;
  }
  const batch = msg;
  const current = setup!;
  // one batch after another: a page's read set numbers new paths (see PageReads), so results must reach the
  // main thread in the order they were made, and a batch still waiting on an image must not be overtaken
  queue = queue.then(() => renderBatch(batch, current));
});

/** Renders a batch of pages in order and answers with all their results in one message (see BATCH in pool.ts). */
async function renderBatch(tasks: PageTask[], setup: RenderSetup): Promise<void> {
  const results: RenderedPage[] = [];
  for (const task of tasks) {
    try {
      results.push(await renderPage(task, setup));
    } catch (error) {
      // a failed write keeps its errno facts, so the build reports a full disk as such, not as a bug
      const { code, path, dest, syscall } = (error ?? {}) as FsErrorFacts;
      // a problem the build reports as such (a template that tried to exit) crosses as its diagnostic
      const diagnostic = error instanceof DiagnosticError ? error.diagnostic : undefined;
      parentPort!.postMessage({ ok: false, id: task.id, error: (error as Error)?.stack ?? String(error), code, path, dest, syscall, diagnostic });
      return;
    }
  }
  parentPort!.postMessage({ ok: true, results });
}
