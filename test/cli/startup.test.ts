import { execa } from 'execa';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

// Every command starts by loading the CLI with all its commands: a stage module one of them imports at the top
// is paid for by `docsgen --version`, `--help` and every build (sharp alone opens libvips). Stages load on use.
describe('starting the CLI', () => {
  it('loads no image, service-worker or HTML-parsing package before a command runs', async () => {
    const cli = pathToFileURL(path.join(repoRoot, 'lib/cli/index.js')).href;
    const script = `
      import { createRequire } from 'node:module';
      const { runCli } = await import(${JSON.stringify(cli)});
      const io = { stdout: { write() {} }, stderr: { write() {} }, cwd: process.cwd(), env: {} };
      await runCli(['--version'], io);
      const loaded = Object.keys(createRequire(import.meta.url).cache).map((f) => f.replace(/.*node_modules\\//, ''));
      console.log(JSON.stringify(loaded));`;
    const { stdout, exitCode, stderr } = await execa(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, reject: false });
    expect(exitCode, stderr).toBe(0);
    const loaded = JSON.parse(stdout) as string[];
    expect(loaded.length, 'some CommonJS packages do load (commander)').toBeGreaterThan(0);
    const heavy = loaded.filter((f) => /^(sharp|@img|workbox-build|htmlparser2)\//.test(f));
    expect(heavy).toEqual([]);
  });
});
