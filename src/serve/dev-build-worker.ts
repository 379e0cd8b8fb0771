// The thread `docsgen dev` builds on. A build's synchronous stretches (listing and reading every page, walking
// the output) last seconds on a large site: on the server's thread they held up the requests of a page reloading
// to show a preview. Here the build keeps its template bundles between saves (keepBundles), and the previous
// outputs it removes in the background are waited for when the dev server closes.
import { parentPort } from 'node:worker_threads';
import { build, type BuildOptions } from '../build.js';
import { DiagnosticError } from '../diagnostics/index.js';
import { keepBundles, oldOutputsRemoved } from '../render/index.js';
import type { DevBuildReply, RenderState } from './dev-build.js';

const releaseBundles = keepBundles();

parentPort!.on('message', (msg: { build: BuildOptions } | 'close') => {
  if (msg === 'close') {
    void oldOutputsRemoved().finally(() => {
      releaseBundles();
      parentPort!.close();
    });
    return;
  }
  let render: RenderState | null = null;
  build({ ...msg.build, onRenderSetup: (setup, tasks) => (render = { setup, tasks }) }).then(
    (result) => parentPort!.postMessage({ result, render } satisfies DevBuildReply),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof DiagnosticError ? { diagnostic: err.diagnostic } : { stack: (err as Error)?.stack ?? String(err) } } satisfies DevBuildReply),
  );
});
