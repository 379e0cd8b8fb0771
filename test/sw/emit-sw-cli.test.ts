// `docsgen emit-sw` keeps the worker's generated code in the project's .docsgen-cache/sw, so only its first
// run pays for generateSW; the second writes the same sw.js from the cache.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocsgen } from '../helpers/cli.js';
import { writeStaticSite } from './static-site.js';

let root: string;
beforeAll(async () => {
  // a project without docsgen.config.yaml (defaults: pathPrefix /documentation) and a built web root
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-emit-sw-'));
  await writeStaticSite(path.join(root, 'dist/public'), 1);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('docsgen emit-sw', () => {
  it('uses the worker code docsgen generated when it was compiled (lib/sw-code), the same sw.js on every run', async () => {
    const run = async () => {
      const result = await runDocsgen(['emit-sw', '--root', root, '--json']);
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      const report = JSON.parse(result.stdout) as { ok: boolean; outputs: { file: string }; stats: Record<string, number> };
      return { report, sw: await readFile(path.join(root, 'dist/public/documentation/sw.js'), 'utf8') };
    };
    const first = await run();
    expect(first.report.ok).toBe(true);
    expect(first.report.outputs.file).toBe(path.join('dist', 'public', 'documentation', 'sw.js'));
    // scripts/compile.mjs ran generateSW once: a site with an empty cache does not pay for it
    expect(first.report.stats).toMatchObject({ files: 3, codeGenerated: 0 });
    expect((await readdir(path.join(repoRoot, 'lib/sw-code'))).filter((n) => /^worker-[0-9a-f]{32}\.json$/.test(n))).toHaveLength(1);
    // the build hash comes from the site's app-data
    expect(first.sw.split('\n')[0]).toBe(`// docsgen service worker, build "${'build1'.padEnd(20, '0')}"`);

    const second = await run();
    expect(second.report.stats).toMatchObject({ files: 3, codeGenerated: 0 });
    expect(second.sw).toBe(first.sw);
  });

  it('writes sw.js into the web root given by --site, and nowhere else', async () => {
    const web = path.join(root, 'elsewhere/public');
    await writeStaticSite(web, 2);
    const before = await readFile(path.join(root, 'dist/public/documentation/sw.js'), 'utf8');
    const result = await runDocsgen(['emit-sw', '--root', root, '--site', 'elsewhere/public', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { outputs: { file: string } }).outputs.file).toBe(path.join('elsewhere', 'public', 'documentation', 'sw.js'));
    // the build hash of that site's app-data, not of dist/public's
    expect((await readFile(path.join(web, 'documentation/sw.js'), 'utf8')).split('\n')[0]).toBe(`// docsgen service worker, build "${'build2'.padEnd(20, '0')}"`);
    expect(await readFile(path.join(root, 'dist/public/documentation/sw.js'), 'utf8')).toBe(before);
  });
});
