import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import fg from 'fast-glob';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeWhen } from '../helpers/ci.js';
import { canMount } from '../helpers/mount.js';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { buildGoodCopy, snapshotTree } from '../helpers/site.js';

// Each bad input of SPEC section 8: one clear line (file:line:col, code, message, hint), exit 1, and the
// previous good dist/ left exactly as it was.
const cases = [
  { name: 'malformed-frontmatter', line: /^content\/broken\.md:\d+:\d+  error  DG2001  malformed frontmatter: .+  \(fix the YAML between the `---` lines/ },
  { name: 'frontmatter-missing-title', line: /^content\/untitled\.md:2:1  error  DG2101  frontmatter is missing `title`, and no `# heading` titles the page  \(start the page with a `# Title` line/m },
  { name: 'unknown-variable', line: /^content\/variables\.md:6:16  error  DG2004  unknown documentation variable `\{\{ arcgis_js_versoin \}\}`  \(did you mean `\{\{ arcgis_js_version \}\}`\?/ },
  { name: 'missing-template', line: /^content\/fancy\.md:4:10  error  DG2007  unknown template `fancy`  \(use one of: doc, home, not-found, section, server-error/ },
  { name: 'corrupt-image', line: /^content\/guide\/picture\.md:8:1  error  DG6\d{3}  image content\/guide\/images\/broken\.png is corrupt/ },
  // a loop is reported at each of its entries: both are lines a writer may fix
  { name: 'redirect-loop', line: /^redirects\/old-guide\.yaml:3:7  error  DG4006  redirect loop: `\/documentation\/old-guide\/` → `\/documentation\/older-guide\/` → `\/documentation\/old-guide\/`  \(/, count: 2 },
] as const;

describe('bad input never destroys good output', () => {
  let site: string;
  let good: Record<string, string>;

  beforeAll(async () => {
    ({ site, good } = await buildGoodCopy());
  });

  for (const c of cases) {
    it(`reports ${c.name} with file:line and keeps dist/`, async () => {
      // the bad files are laid over the good site, then removed again, so every case starts from the same dist/
      const overlay = path.join(repoRoot, 'fixtures/build/bad-inputs', c.name);
      const added = (await fg('**/*', { cwd: overlay, onlyFiles: true })).map((f) => path.join(site, f));
      await cp(overlay, site, { recursive: true });
      const r = await runDocsgen(['build', '--root', site]).finally(() => Promise.all(added.map((f) => rm(f))));
      expect(r.exitCode).toBe(1);
      const problems = r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));
      expect(problems).toHaveLength('count' in c ? c.count : 1);
      expect(problems[0]).toMatch(c.line);
      expect(r.stderr).toContain('build failed; the previous output is untouched');
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
      expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
    });
  }

  // a write that fails for want of room or of file handles, made without root: limits on the child process
  const noStack = /internal error|\n\s+at .+:\d+:\d+\)?\n/;
  it('reports a file larger than the file-size limit (ulimit -f) as one DG3003 line, exit 1, and keeps dist/', async () => {
    const r = await runDocsgen(['build', '--root', site, '--no-cache'], { limits: { fileSizeKib: 4 } });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l))).toEqual([
      'dist:1:1  error  DG3003  cannot write dist: file larger than the file-size limit (EFBIG)  (raise the file-size limit (ulimit -f) and build again)',
    ]);
    expect(r.stderr).toContain('build failed; the previous output is untouched');
    expect(r.stderr).not.toMatch(noStack);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
    expect((await readdir(site)).filter((f) => f.startsWith('dist.'))).toEqual([]);
  });

  it('reports too many open files (ulimit -n) as one DG3003 line, exit 1, and keeps dist/', async () => {
    // How many descriptors a build holds at once depends on timing (modules load and files open in parallel), so
    // the limit rises from just above what Node needs to load the CLI (its bundle: a handful of files) until the build runs out of descriptors; a
    // build that has enough exits 0, and every one that has not must be the one DG3003 line.
    let hits = 0;
    for (const openFiles of [30, 34, 38, 42, 46, 50, 56, 64, 72]) {
      const r = await runDocsgen(['build', '--root', site, '--no-cache'], { limits: { openFiles } });
      if (r.exitCode === 0) continue;
      expect(r.exitCode, r.stderr).toBe(1);
      const problems = r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));
      expect(problems).toEqual([expect.stringMatching(/^\S+:1:1  error  DG3003  cannot access \S+: too many open files \(EMFILE\)  \(raise the open-files limit \(ulimit -n\) and build again\)$/)]);
      expect(r.stderr).not.toMatch(noStack);
      expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
      hits++;
      if (hits === 2) break;
    }
    expect(hits, 'no limit tried made the build run out of descriptors').toBeGreaterThan(0);
  });

  it('reports a template whose module throws when loaded at the line that threw, and keeps dist/', async () => {
    const dir = await copyFixture('build/good-site');
    await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
    const ok = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    const before = await snapshotTree(path.join(dir, 'dist'));
    const doc = path.join(dir, 'templates/doc.tsx');
    const lines = (await readFile(doc, 'utf8')).split('\n').length;
    await appendFile(doc, '\nthrow new Error("doc cannot start");\n');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode).toBe(1);
    const problems = r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));
    expect(problems).toEqual([
      `templates/doc.tsx:${lines + 1}:7  error  DG3001  the templates cannot be loaded: doc cannot start  (code at the top level of a template module threw when it ran; fix it, or move it into the component)`,
    ]);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(before);
  });

  it('reports an output folder it cannot create, exit 1, no stack trace', async () => {
    const dir = await copyFixture('build/good-site');
    await writeFile(path.join(dir, 'not-a-folder'), 'a file where a folder should be');
    const r = await runDocsgen(['build', '--root', dir, '--out', 'not-a-folder/dist']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^not-a-folder\/dist:1:1  error  DG3003  cannot write the output folder not-a-folder\/dist: (ENOTDIR|EEXIST)  \(check the permissions/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a config error with exit 2 and the line of the bad key', async () => {
    const dir = await copyFixture('build/good-site');
    await writeFile(path.join(dir, 'docsgen.config.yaml'), 'siteName: Docs\npathPrefix: docs/\n');
    const r = await runDocsgen(['build', '--root', dir]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^docsgen\.config\.yaml:2:1  error  DG1001  invalid config at `pathPrefix`: /m);
  });
});

// A full disk is the machine's problem: one line naming the file, exit 1, no stack trace, the output as it was.
// Pages written from the cache fail one by one as the disk fills; the staging folder is removed only once every
// write in flight has settled (test/util/map-limit.test.ts), else its removal raced them: ENOTEMPTY, an internal error.
// These mount small tmpfs file systems (root only); where mounting is not allowed they fail and say why, never
// skip (test/helpers/ci.ts). The limits above (ulimit -f, ulimit -n) need no root and run everywhere.
const mountable = canMount((probe) => ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);

describeWhen(mountable, 'mounting a size-limited tmpfs needs root')('a disk that fills up', () => {
  const mounted: string[] = [];
  const mountTmpfs = async (dir: string, options: string) => {
    await mkdir(dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
    mounted.push(dir);
  };
  afterEach(() => {
    for (const dir of mounted.splice(0)) execFileSync('umount', ['-l', dir]);
  });
  const problemLines = (stderr: string) => stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));

  it('reports a render thread that cannot store its results as a full disk, not as a bug', async () => {
    const dir = await copyFixture('build/good-site');
    // no inode left where render threads append their results: creating the pack fails with ENOSPC
    await mountTmpfs(path.join(dir, '.docsgen-cache/pages/packs'), 'size=1m,nr_inodes=1');
    const r = await runDocsgen(['build', '--root', dir, '--concurrency', '2']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(problemLines(r.stderr)).toEqual([
      expect.stringMatching(
        /^\.docsgen-cache\/pages\/packs\/[\w-]+\.pack:1:1  error  DG3003  cannot write \.docsgen-cache\/pages\/packs\/[\w-]+\.pack: no space left on the device \(ENOSPC\)  \(free some disk space/,
      ),
    ]);
    expect(r.stderr).toContain('build failed; the previous output is untouched');
    expect(r.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
  });

  it('keeps the previous output when the disk that holds it is full, and leaves no staged files', async () => {
    const dir = await copyFixture('build/good-site');
    const first = await runDocsgen(['build', '--root', dir, '--out', 'built']);
    expect(first.exitCode, first.stderr).toBe(0);
    // the output's disk holds the previous build and little more: the next one cannot be staged beside it
    const disk = path.join(dir, 'disk');
    await mountTmpfs(disk, 'size=64m');
    await cp(path.join(dir, 'built'), path.join(disk, 'dist'), { recursive: true });
    const good = await snapshotTree(path.join(disk, 'dist'));
    const used = Number(execFileSync('df', ['--output=used', '-B1', disk], { encoding: 'utf8' }).trim().split('\n')[1]);
    execFileSync('mount', ['-o', `remount,size=${used + 512 * 1024}`, disk]);
    const r = await runDocsgen(['build', '--root', dir, '--out', 'disk/dist', '--concurrency', '2']);
    expect(r.exitCode, r.stderr).toBe(1);
    const problems = problemLines(r.stderr);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^disk\/dist\S*:1:1  error  DG3003  cannot write disk\/dist\S*: no space left on the device \(ENOSPC\)  \(free some disk space/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
    expect(await snapshotTree(path.join(disk, 'dist'))).toEqual(good);
    expect(await readdir(disk)).toEqual(['dist']);
  });
});
