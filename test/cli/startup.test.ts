import { execa } from 'execa';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bin, copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

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

  it('loads neither the content nor the pagedata stage for a build that finds nothing changed', async () => {
    const site = await copyFixture('build/good-site');
    try {
      expect((await runDocsgen(['build', '--root', site])).exitCode).toBe(0);
      // every module Node resolves, recorded by a loader hook the child registers first
      const trace = path.join(site, 'modules.txt');
      await writeFile(path.join(site, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(trace)}, r.url + '\\n');
  return r;
}`);
      await writeFile(path.join(site, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
      const { exitCode, stderr } = await execa(process.execPath, ['--import', pathToFileURL(path.join(site, 'register.mjs')).href, bin, 'build', '--root', site], { reject: false });
      expect(exitCode, stderr).toBe(0);
      expect(stderr).toMatch(/up to date/);
      const lib = pathToFileURL(path.join(repoRoot, 'lib')).href;
      const stages = [...new Set((await readFile(trace, 'utf8')).split('\n').filter((u) => u.startsWith(`${lib}/`)).map((u) => u.slice(lib.length + 1).split('/')[0]))];
      expect(stages).toContain('cache');
      expect(stages.filter((s) => s === 'content' || s === 'pagedata')).toEqual([]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});
