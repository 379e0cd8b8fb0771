import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeWhen } from '../helpers/ci.js';
import { canMount } from '../helpers/mount.js';
import { copyFixture, letNobodyIn, NOBODY, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

// A project on a read-only file system (a CI checkout mounted read-only): docsgen cannot create its cache. The
// README promises one DG3003 line. Root ignores file modes, so the project is a read-only bind mount (root
// only; skipped where mounting is not allowed, failing under CI=true). Node reports the failed recursive mkdir as ENOENT
// (nodejs/node#47098): the build must find the real reason.
const mountable = canMount((probe) => ['--bind', probe, probe]);

describeWhen(mountable, 'a read-only bind mount needs root')('a read-only project root', () => {
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
    expect(await readdir(dir)).toEqual(['content', 'docsgen.config.yaml']); // the fixture's own files, nothing added
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

// The same for any user: folders made read-only with chmod. Root passes file modes by, so when the tests run as
// root the build runs as `nobody`, owner of its copy of the project.
describe('read-only folders (file modes)', () => {
  const copies: string[] = [];
  // the child runs this checkout's bin/docsgen as `nobody`, wherever the checkout was cloned
  let restoreModes = async () => {};
  beforeAll(async () => {
    restoreModes = await letNobodyIn();
  });
  afterAll(() => restoreModes());
  afterEach(async () => {
    for (const dir of copies.splice(0)) {
      await chmod(dir, 0o755);
      execFileSync('chmod', ['-R', 'u+w', dir]);
      await rm(dir, { recursive: true, force: true });
    }
  });
  const ownCopy = async () => {
    const dir = await copyFixture('build/good-site');
    copies.push(dir);
    await chmod(dir, 0o755);
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
    return dir;
  };
  const problems = (stderr: string) => stderr.split('\n').filter((l) => /  (error|warning)  DG\d{4}  /.test(l));

  it('a read-only project: one DG3003 line naming .docsgen-cache, exit 1, nothing written', async () => {
    const dir = await ownCopy();
    execFileSync('chmod', ['-R', 'a-w', dir]);
    const r = await runDocsgen(['build', '--root', dir], { limits: { unprivileged: true } });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(problems(r.stderr)).toEqual([
      '.docsgen-cache:1:1  error  DG3003  cannot access .docsgen-cache: permission denied (EACCES)  (docsgen keeps its cache in .docsgen-cache/ inside the project: make the project folder writable, or build a writable copy of it)',
    ]);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
    expect(await readdir(dir)).toEqual(['content', 'docsgen.config.yaml']); // the fixture's own files, nothing added
  });

  it('a read-only folder around the output: one DG3003 line naming it, exit 1, the previous output kept', async () => {
    const dir = await ownCopy();
    const first = await runDocsgen(['build', '--root', dir, '--out', 'site/dist'], { limits: { unprivileged: true } });
    expect(first.exitCode, first.stderr).toBe(0);
    const good = await snapshotTree(path.join(dir, 'site/dist'));
    await writeFile(path.join(dir, 'content/added.md'), '---\ntitle: Added\ndescription: A new page.\n---\n\nNew.\n');
    await chmod(path.join(dir, 'site'), 0o555);
    const r = await runDocsgen(['build', '--root', dir, '--out', 'site/dist'], { limits: { unprivileged: true } });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(problems(r.stderr)).toEqual(['site/dist:1:1  error  DG3003  cannot write the output folder site/dist: EACCES  (check the permissions of its parent folder or pass another --out)']);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
    expect(await snapshotTree(path.join(dir, 'site/dist'))).toEqual(good);
    expect(await readdir(path.join(dir, 'site'))).toEqual(['dist']);
  });
});
