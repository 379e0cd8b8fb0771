// A render worker: started before the pages are known, it loads the parser and React meanwhile; then it gets
// the build's setup once and page tasks, and answers each with the rendered page. A `close` message at the end
// closes its pack file (terminating a thread does not close its descriptors).
import { parentPort } from 'node:worker_threads';
import type { PageTask, RenderSetup } from './page-task.js';
import { closeResultPacks, loadTemplates, renderPage } from './render-page.js';

let setup: RenderSetup | null = null;

parentPort!.on('message', (msg: PageTask | { setup: RenderSetup } | 'close') => {
  if (msg === 'close') {
    closeResultPacks().then(() => parentPort!.postMessage('closed'));
    return;
  }
  if ('setup' in msg) {
    setup = msg.setup;
    // start loading the templates now; the first task awaits the same promise (a failure is reported there)
    loadTemplates(setup.serverBundle).catch(() => undefined);
    return;
  }
  const task = msg;
  renderPage(task, setup!).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (error: unknown) => parentPort!.postMessage({ ok: false, id: task.id, error: (error as Error)?.stack ?? String(error) }),
  );
});
