// A render worker: receives its setup once, then page tasks; answers each with the rendered page. A `close`
// message at the end closes its pack file (terminating a thread does not close its descriptors).
import { parentPort, workerData } from 'node:worker_threads';
import type { PageTask, RenderSetup } from './page-task.js';
import { closeResultPacks, renderPage } from './render-page.js';

const setup = workerData as RenderSetup;

parentPort!.on('message', (task: PageTask | 'close') => {
  if (task === 'close') {
    closeResultPacks().then(() => parentPort!.postMessage('closed'));
    return;
  }
  renderPage(task, setup).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (error: unknown) => parentPort!.postMessage({ ok: false, id: task.id, error: (error as Error)?.stack ?? String(error) }),
  );
});
