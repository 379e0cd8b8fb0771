// The search fixture built by the real CLI and served by `docsgen serve` on 127.0.0.1 (a secure context: the
// service worker installs), for the search tests that need a browser.
import { appendFile, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { expect } from 'vitest';
import { bin, copyFixture, runDocsgen } from '../helpers/cli.js';

/** A built and served copy of a fixture. */
export interface ServedSite {
  /** The project folder. */
  root: string;
  /** The site's URL with its path prefix and a trailing slash (`http://127.0.0.1:N/documentation/`). */
  url: string;
  /** Stops the server (the project stays): the network is gone, for the page and its service worker alike. */
  stop: () => Promise<void>;
  close: () => Promise<void>;
}

/** Copies `fixture`, appends `config` to its docsgen.config.yaml, lets `prepare` add to it, builds and serves it. */
export async function buildAndServe(fixture: string, config = '', prepare?: (root: string) => Promise<void>): Promise<ServedSite> {
  const root = await copyFixture(fixture);
  if (config) await appendFile(`${root}/docsgen.config.yaml`, `\n${config}\n`);
  await prepare?.(root);
  const built = await runDocsgen(['build', '--root', root]);
  expect(built.exitCode, built.stderr).toBe(0);
  const proc = execa(process.execPath, [bin, 'serve', '--root', root, '--port', '0', '--json'], { reject: false, env: { NO_COLOR: '1', CI: 'true' } });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once('line', resolve);
    void proc.then((r) => reject(new Error(`docsgen serve exited ${r.exitCode}: ${r.stderr}`)));
  });
  const url = (JSON.parse(line) as { url: string }).url;
  const stop = async () => {
    if (proc.exitCode === null) proc.kill('SIGTERM');
    await proc;
  };
  return {
    root,
    url,
    stop,
    close: async () => {
      await stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
