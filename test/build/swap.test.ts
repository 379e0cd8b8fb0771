// The swap of a finished build into dist/ leaves the old output or the new one, whatever moment the build is killed
// at, and what killed builds leave behind is cleaned up at the next start: only docsgen's own, only when the
// build that made it is gone.
import { execa } from 'execa';
import { appendFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoverOutput, STAGING_MARKER } from '../../src/render/staging.js';
import { bin, copyFixture, runDocsgen } from '../helpers/cli.js';

const FIXTURE = 'build/good-site';
let site: string;
let dist: string;

/** The pid of a process that has exited: a killed build's. */
async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await child;
  expect(pid).toBeGreaterThan(0);
  return pid;
}

/** A folder with docsgen's staging marker, as a build that was killed left it. */
async function stagingFolder(name: string, marker: Record<string, unknown> | null): Promise<string> {
  const dir = path.join(site, name);
  await mkdir(path.join(dir, 'public'), { recursive: true });
  await writeFile(path.join(dir, 'public/index.html'), 'half a build');
  if (marker) await writeFile(path.join(dir, STAGING_MARKER), JSON.stringify(marker));
  return dir;
}

async function build(): Promise<string> {
  const r = await runDocsgen(['build', '--root', site]);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stderr;
}

/** The output's files and their hashes, without the component library's assets (linked from docsgen's package). */
async function snapshot(): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: dist, dot: true, onlyFiles: true, ignore: ['public/documentation/calcite/**'] })).sort();
  const out: Record<string, string> = {};
  for (const f of files) out[f] = createHash('sha256').update(await readFile(path.join(dist, f))).digest('hex');
  return out;
}

/** Folders beside the output that a build made: staging and swapped-out folders. */
async function debris(): Promise<string[]> {
  return (await readdir(site)).filter((n) => /^dist\.(tmp|old)-/.test(n)).sort();
}

const exists = (p: string) => stat(p).then(() => true, () => false);

describe('the output swap', () => {
  beforeEach(async () => {
    site = await copyFixture(FIXTURE);
    dist = path.join(site, 'dist');
    await build();
  });
  afterEach(() => rm(site, { recursive: true, force: true }));

  it("removes the staging folders of killed builds at the next start, and no one else's", async () => {
    const host = os.hostname();
    const dead = await deadPid();
    await stagingFolder('dist.tmp-0a1b2c3d', { pid: dead, host });
    // no marker: not docsgen's, whatever its name
    await stagingFolder('dist.tmp-0badf00d', null);
    // a build that is still running (this process stands in for it)
    await stagingFolder('dist.tmp-1234abcd', { pid: process.pid, host });
    // another machine's (a shared disk): whether its process runs cannot be told from here
    await stagingFolder('dist.tmp-5678abcd', { pid: dead, host: `not-${host}` });
    // named unlike docsgen's staging folders
    await stagingFolder('dist.tmp-backup', { pid: dead, host });
    expect(await build()).toMatch(/up to date/);
    expect(await readdir(site)).not.toContain('dist.tmp-0a1b2c3d');
    expect(await debris()).toEqual(['dist.tmp-0badf00d', 'dist.tmp-1234abcd', 'dist.tmp-5678abcd', 'dist.tmp-backup']);
  });

  it('puts the previous output back when a build was killed between the two renames of its swap', async () => {
    const before = await snapshot();
    // as the kill leaves it: no dist/, the old output under its swapped-out name, the finished staging folder
    await rename(dist, path.join(site, 'dist.old-0a1b2c3d'));
    await stagingFolder('dist.tmp-9f8e7d6c', { pid: await deadPid(), host: os.hostname(), old: 'dist.old-0a1b2c3d' });
    // the output put back is the one the last build left, untouched: nothing to do
    expect(await build()).toMatch(/up to date/);
    expect(await snapshot()).toEqual(before);
    expect(await debris()).toEqual([]);
  });

  it('finishes the clean-up of a build killed after its swap, before the old output was removed', async () => {
    const before = await snapshot();
    await stagingFolder('dist.old-0a1b2c3d', null);
    await writeFile(path.join(dist, STAGING_MARKER), JSON.stringify({ pid: await deadPid(), host: os.hostname(), old: 'dist.old-0a1b2c3d' }));
    expect(await build()).toMatch(/up to date/);
    expect(await snapshot()).toEqual(before);
    expect(await debris()).toEqual([]);
  });

  it('leaves the old output or the new one, whenever the build is killed', async () => {
    const started = performance.now();
    let previous = await snapshot();
    // how long a build takes here: kills land from early on to just after it ends (the swap is at the end)
    const t0 = performance.now();
    await appendFile(path.join(site, 'content/index.md'), '\nTimed edit.\n');
    await build();
    const buildMs = performance.now() - t0;
    previous = await snapshot();
    for (let i = 0; i < 5 && performance.now() - started < 20_000; i++) {
      await appendFile(path.join(site, 'content/index.md'), `\nEdit ${i}.\n`);
      const child = execa(process.execPath, [bin, 'build', '--root', site], { reject: false, env: { NO_COLOR: '1', CI: 'true' } });
      const delay = buildMs * (0.15 + 0.9 * Math.random());
      setTimeout(() => child.kill('SIGKILL'), delay);
      await child;
      // what the next start does first; a kill between the swap's renames leaves no dist/ until then
      await recoverOutput(dist);
      expect(await exists(dist)).toBe(true);
      const now = await snapshot();
      await build();
      const next = await snapshot();
      expect(next).not.toEqual(previous);
      expect([previous, next]).toContainEqual(now);
      expect(await debris()).toEqual([]);
      previous = next;
    }
  }, 60_000);
});
