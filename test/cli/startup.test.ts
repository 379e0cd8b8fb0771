import { execa } from 'execa';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bin, copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

// Every command starts by loading the CLI with all its commands: a stage module one of them imports at the top
// is paid for by `docsgen --version`, `--help` and every build (sharp alone opens libvips). Stages load on use.
// bin/docsgen runs the CLI bundle (lib/bundle/, scripts/compile.mjs); its contents.json says which of docsgen's
// modules and which packages each of its files holds, so what a command loaded is read off the files Node loaded.

/** docsgen's modules (`src/...`) and packages (`package:name`) a `docsgen` command loaded, with its exit code and stderr. */
async function loadedBy(args: string[], dir: string) {
  const trace = path.join(dir, 'modules.txt');
  await writeFile(path.join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(trace)}, r.url + '\\n');
  return r;
}`);
  await writeFile(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
  const { exitCode, stderr } = await execa(process.execPath, ['--import', pathToFileURL(path.join(dir, 'register.mjs')).href, bin, ...args], { reject: false });
  const bundle = pathToFileURL(path.join(repoRoot, 'lib/bundle')).href;
  const contents = JSON.parse(await readFile(path.join(repoRoot, 'lib/bundle/contents.json'), 'utf8')) as Record<string, string[]>;
  const loaded = new Set<string>();
  for (const url of (await readFile(trace, 'utf8')).split('\n')) {
    if (url.startsWith(`${bundle}/`)) for (const held of contents[url.slice(bundle.length + 1)] ?? [`unknown bundle file ${url}`]) loaded.add(held);
    const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (pkg) loaded.add(`package:${pkg[1]}`);
  }
  return { loaded: [...loaded], exitCode, stderr };
}

describe('starting the CLI', () => {
  it('loads no image, service-worker or HTML-parsing package before a command runs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'startup-'));
    try {
      const { loaded, exitCode, stderr } = await loadedBy(['--version'], dir);
      expect(exitCode, stderr).toBe(0);
      expect(loaded, 'the CLI adapter and commander').toEqual(expect.arrayContaining(['src/cli/index.ts', 'package:commander']));
      expect(loaded.filter((f) => /^package:(sharp|@img\/.*|workbox-build|htmlparser2)$/.test(f))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('loads neither the content nor the pagedata stage, nor YAML or zod, for a build that finds nothing changed', async () => {
    const site = await copyFixture('build/good-site');
    try {
      expect((await runDocsgen(['build', '--root', site])).exitCode).toBe(0);
      const { loaded, exitCode, stderr } = await loadedBy(['build', '--root', site], site);
      expect(exitCode, stderr).toBe(0);
      expect(stderr).toMatch(/up to date/);
      const stages = [...new Set(loaded.filter((f) => f.startsWith('src/')).map((f) => f.split('/')[1]))];
      expect(stages).toContain('cache');
      expect(stages.filter((s) => s === 'content' || s === 'pagedata')).toEqual([]);
      // the config the last build validated is reused (.docsgen-cache/config.json): no YAML parser, no zod
      expect(loaded.filter((f) => /^package:(yaml|zod|fast-glob|cli-progress)$/.test(f))).toEqual([]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});
