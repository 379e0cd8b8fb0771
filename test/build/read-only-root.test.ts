import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canMount } from '../helpers/mount.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// A project on a read-only file system (a CI checkout mounted read-only): docsgen cannot create its cache. The
// README promises one DG3003 line. Root ignores file modes, so the project is a read-only bind mount (root
// only; skipped where mounting is not allowed). Node reports the failed recursive mkdir as ENOENT
// (nodejs/node#47098): the build must find the real reason.
const mountable = canMount((probe) => ['--bind', probe, probe]);

describe.skipIf(!mountable)('a read-only project root', () => {
  const mounted: string[] = [];
  afterEach(() => {
    for (const dir of mounted.splice(0)) execFileSync('umount', ['-l', dir]);
  });
  const readOnlyCopy = async () => {
    const source = await copyFixture('build/good-site');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-read-only-'));
    execFileSync('mount', ['--bind', source, dir]);
    mounted.push(dir);
    execFileSync('mount', ['-o', 'remount,bind,ro', dir]);
    return dir;
  };
  const HINT = 'docsgen keeps its cache in .docsgen-cache/ inside the project: make the project folder writable, or build a writable copy of it';

  it('is one DG3003 line naming .docsgen-cache, exit 1, no stack trace', async () => {
    const dir = await readOnlyCopy();
    const r = await runDocsgen(['build', '--root', dir]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr.split('\n').filter((l) => /  (error|warning)  DG\d{4}  /.test(l))).toEqual([
      `.docsgen-cache:1:1  error  DG3003  cannot write .docsgen-cache: read-only file system (EROFS)  (${HINT})`,
    ]);
    expect(r.stderr).toContain('build failed; the previous output is untouched');
    expect(r.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
    expect(await readdir(dir)).toEqual(['content']);
  });

  it('is the same diagnostic in the --json object when the output goes elsewhere', async () => {
    const dir = await readOnlyCopy();
    const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'docsgen-out-')), 'dist');
    await mkdir(path.dirname(out), { recursive: true });
    const r = await runDocsgen(['build', '--root', dir, '--out', out, '--json']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      diagnostics: [
        {
          code: 'DG3003',
          severity: 'error',
          message: 'cannot write .docsgen-cache: read-only file system (EROFS)',
          hint: HINT,
          location: { file: '.docsgen-cache', line: 1, column: 1 },
        },
      ],
    });
    expect(await readdir(path.dirname(out))).toEqual([]);
  });
});
