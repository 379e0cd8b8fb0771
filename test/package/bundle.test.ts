import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

// bin/docsgen runs lib/bundle/ (scripts/compile.mjs). A file the bundled code finds beside itself must be there,
// and the license of every package copied into it must travel with it.
describe('the CLI bundle', () => {
  const bundle = path.join(repoRoot, 'lib/bundle');

  it('is what bin/docsgen loads', async () => {
    expect(await readFile(path.join(repoRoot, 'bin/docsgen'), 'utf8')).toMatch(/from '\.\.\/lib\/bundle\/cli\.js'/);
  });

  it('has every file its code asks for beside itself (worker threads, child processes)', async () => {
    const asked = new Set<string>();
    for (const file of (await readdir(bundle)).filter((f) => f.endsWith('.js'))) {
      const code = await readFile(path.join(bundle, file), 'utf8');
      for (const [, name] of code.matchAll(/new URL\(\s*["'`](\.\/[^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g)) asked.add(name!);
    }
    // the render pool, the link checker, the output listing, dev's build thread, the image warmer, @lit/react's stand-in
    expect([...asked].sort()).toEqual(expect.arrayContaining(['./worker.js', './parse-worker.js', './list-output-worker.js', './dev-build-worker.js', './warm-process.js', './lit-react-server.js']));
    // the TypeScript fallback is for running from src/
    expect([...asked].filter((name) => !name.endsWith('.ts') && !existsSync(path.join(bundle, name)))).toEqual([]);
  });

  it("carries the license of every package it holds a copy of", async () => {
    const contents = JSON.parse(await readFile(path.join(bundle, 'contents.json'), 'utf8')) as Record<string, string[]>;
    const packages = [...new Set(Object.values(contents).flat().filter((h) => h.startsWith('package:')).map((h) => h.slice('package:'.length)))];
    expect(packages).toEqual(expect.arrayContaining(['commander', 'yaml', 'zod', 'markdown-it']));
    const licenses = await readFile(path.join(bundle, 'THIRD-PARTY-LICENSES.md'), 'utf8');
    const sections = new Set([...licenses.matchAll(/^## (\S+) \S+ \((.+)\)$/gm)].map((m) => m[1]));
    expect(packages.filter((p) => !sections.has(p))).toEqual([]);
    expect(licenses).not.toMatch(/no license stated/);
  });
});
