// The thread `docsgen dev` builds on. A build's synchronous stretches (listing and reading every page, walking
// the output) last seconds on a large site: on the server's thread they held up the requests of a page reloading
// to show a preview. Here the build keeps its template bundles between saves (keepBundles), and the previous
// outputs it removes in the background are waited for when the dev server closes.
import { parentPort } from 'node:worker_threads';
import type { BuildOptions } from '../build.js';
import { keepBundles, oldOutputsRemoved } from '../render/index.js';
import { runDevBuild } from './dev-build.js';

const releaseBundles = keepBundles();

parentPort!.on('message', (msg: { build: BuildOptions } | 'close') => {
  if (msg === 'close') {
    void oldOutputsRemoved().finally(() => {
      releaseBundles();
      parentPort!.close();
    });
    return;
  }
  void runDevBuild(msg.build).then((reply) => {
    try {
      parentPort!.postMessage(reply);
    } catch (err) {
      // a result that cannot cross (a bug): the dev server reports it as the build's crash
      parentPort!.postMessage({ error: { stack: (err as Error)?.stack ?? String(err) } });
    }
  });
});
