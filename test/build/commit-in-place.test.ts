// A rebuild whose output is as the last build left it stages only what it writes and changes the output in place
// (render/commit-in-place.ts): unchanged files are not touched, the result equals a cold build's, a hand edit of
// a kept file is still undone, and a build killed during the commit is finished at the next start.
import { execa } from 'execa';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverOutput, STAGING_MARKER } from '../../src/render/staging.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

let site: string;
let dist: string;
const doc = () => path.join(dist, 'public/documentation');

async function build(args: string[] = [], root = site): Promise<{ stats: Record<string, number>; stderr: string }> {
  const r = await runDocsgen(['build', '--root', root, '--json', ...args]);
  expect(r.exitCode, r.stderr + r.stdout.slice(0, 2000)).toBe(0);
  return { stats: (JSON.parse(r.stdout) as { stats: Record<string, number> }).stats, stderr: r.stderr };
}

/** The output of a copy of the project built with no cache and no previous output. */
async function coldOutput(args: string[] = []): Promise<Record<string, string>> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-cold-'));
  for (const part of ['content', 'docsgen.config.yaml']) await cp(path.join(site, part), path.join(copy, part), { recursive: true });
  await build(args, copy);
  const tree = await snapshotTree(path.join(copy, 'dist'));
  await rm(copy, { recursive: true, force: true });
  return tree;
}

/** A file's or folder's identity and last change: a swapped-in output has new folders, and links that moved ctimes. */
const identity = async (rel: string) => {
  const s = await stat(path.join(doc(), rel));
  return [rel, s.ino, s.ctimeMs, s.mtimeMs];
};
const exists = (p: string) => stat(p).then(() => true, () => false);
/** Folders beside the output that a build made: staging and swapped-out folders. */
const debris = async () => (await readdir(site)).filter((n) => /^dist\.(tmp|old)-/.test(n));

describe('a rebuild that commits in place', () => {
  beforeAll(async () => {
    site = await copyFixture('build/good-site');
    dist = path.join(site, 'dist');
    expect((await build()).stats.inPlace).toBe(0); // a cold build has no output to change
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  it('changes only the files an edit changed, and the output equals a cold build', async () => {
    // an unchanged page, and files every build writes again with the same bytes (a bundle, a component asset)
    const bundle = (await readdir(doc())).find((f) => /^app-[0-9a-f]+\.js$/.test(f))!;
    const asset = (await readdir(path.join(doc(), 'calcite/assets'), { recursive: true })).find((f) => f.endsWith('.json'))!;
    const unchanged = ['guide/setup', 'guide/setup/index.html', 'page-data/guide/setup/page-data.json', bundle, `calcite/assets/${asset}`];
    const before = await Promise.all(unchanged.map(identity));
    await appendFile(path.join(site, 'content/guide/reference.md'), '\nA sentence added in place.\n');
    const { stats } = await build();
    expect(stats).toMatchObject({ inPlace: 1, rendered: 1 });
    expect(await readFile(path.join(doc(), 'guide/reference/index.html'), 'utf8')).toContain('A sentence added in place.');
    // the unchanged files are as they were, not new ones, copies or new links to them (so their mtime stays too)
    expect(await Promise.all(unchanged.map(identity))).toEqual(before);
    expect(await snapshotTree(dist)).toEqual(await coldOutput());
    expect(await debris()).toEqual([]);
    // what it recorded of the output holds: nothing changed is nothing to do
    expect((await build()).stats.upToDate).toBe(1);
  });

  it('adds and removes pages in place, leaving no empty folder', async () => {
    const added = path.join(site, 'content/guide/added-in-place.md');
    await writeFile(added, '---\ntitle: Added in place\ndescription: A page the test adds.\n---\n\nNew.\n');
    expect((await build()).stats.inPlace).toBe(1);
    expect(await readFile(path.join(doc(), 'guide/added-in-place/index.html'), 'utf8')).toContain('Added in place');
    expect(await snapshotTree(dist)).toEqual(await coldOutput());
    await rm(added);
    const removedOff = ['--removed-pages', 'off'];
    expect((await build(removedOff)).stats.inPlace).toBe(1);
    expect(await exists(path.join(doc(), 'guide/added-in-place'))).toBe(false);
    expect(await exists(path.join(doc(), 'page-data/guide/added-in-place'))).toBe(false);
    expect(await snapshotTree(dist)).toEqual(await coldOutput(removedOff));
  });

  it('still undoes a hand edit of a file it kept in place', async () => {
    await appendFile(path.join(site, 'content/guide/reference.md'), '\nAnother sentence.\n');
    expect((await build()).stats.inPlace).toBe(1);
    const kept = path.join(doc(), 'guide/setup/index.html');
    const built = await readFile(kept, 'utf8');
    await writeFile(kept, built.replace('</body>', '<script>planted()</script></body>'));
    const { stats } = await build();
    expect(stats.upToDate).toBe(0);
    expect(await readFile(kept, 'utf8')).toBe(built);
  });
});

describe('a build killed during an in-place commit', () => {
  let out: string;
  let staging: string;
  const host = os.hostname();

  /** The pid of a process that has exited: a killed build's. */
  async function deadPid(): Promise<number> {
    const child = execa(process.execPath, ['-e', '']);
    await child;
    return child.pid!;
  }

  beforeAll(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-killed-commit-'));
    out = path.join(root, 'dist');
    staging = path.join(root, 'dist.tmp-0a1b2c3d');
  });

  /** An output with an old page and a page being removed, and the staging folder of a build that was committing. */
  async function killedCommit(marker: Record<string, unknown>, journal: unknown | null): Promise<void> {
    await rm(out, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
    await mkdir(path.join(out, 'public/a'), { recursive: true });
    await mkdir(path.join(out, 'public/gone'), { recursive: true });
    await writeFile(path.join(out, 'public/a/index.html'), 'old a');
    await writeFile(path.join(out, 'public/gone/index.html'), 'gone');
    await writeFile(path.join(out, 'public/kept.html'), 'kept');
    await mkdir(path.join(staging, 'public/a'), { recursive: true });
    await mkdir(path.join(staging, 'public/b'), { recursive: true });
    await writeFile(path.join(staging, 'public/a/index.html'), 'new a');
    await writeFile(path.join(staging, 'public/b/index.html'), 'new b');
    await writeFile(path.join(staging, STAGING_MARKER), JSON.stringify(marker));
    if (journal !== null) await writeFile(path.join(staging, '.docsgen-commit'), JSON.stringify(journal));
  }

  const files = async () => (await snapshotFiles(out)).sort();

  it('finishes the commit its journal describes, however far it got', async () => {
    const journal = { moves: ['public/a/index.html', 'public/b/index.html'], removals: ['public/gone/index.html'] };
    await killedCommit({ pid: await deadPid(), host, inPlace: true }, journal);
    // killed after its first move
    await rm(path.join(staging, 'public/a/index.html'));
    await writeFile(path.join(out, 'public/a/index.html'), 'new a');
    await recoverOutput(out);
    expect(await files()).toEqual(['public/a/index.html=new a', 'public/b/index.html=new b', 'public/kept.html=kept']);
    expect(await exists(path.join(out, 'public/gone'))).toBe(false);
    expect(await exists(staging)).toBe(false);
  });

  it('leaves the output as it was when killed before its journal was written', async () => {
    await killedCommit({ pid: await deadPid(), host, inPlace: true }, null);
    await recoverOutput(out);
    expect(await files()).toEqual(['public/a/index.html=old a', 'public/gone/index.html=gone', 'public/kept.html=kept']);
    expect(await exists(staging)).toBe(false);
  });

  it('never follows a journal out of the output, nor one of a build still running', async () => {
    await killedCommit({ pid: await deadPid(), host, inPlace: true }, { moves: ['../escaped.html'], removals: ['public/kept.html'] });
    await recoverOutput(out);
    expect(await files()).toEqual(['public/a/index.html=old a', 'public/gone/index.html=gone', 'public/kept.html=kept']);
    expect(await exists(path.join(path.dirname(out), 'escaped.html'))).toBe(false);
    // a running build's (the test runner's process stands in for it): not touched
    await killedCommit({ pid: process.ppid, host, inPlace: true }, { moves: ['public/b/index.html'], removals: ['public/kept.html'] });
    await recoverOutput(out);
    expect(await files()).toEqual(['public/a/index.html=old a', 'public/gone/index.html=gone', 'public/kept.html=kept']);
    expect(await exists(staging)).toBe(true);
  });
});

/** Every file under `dir` as `path=text`. */
async function snapshotFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isDirectory()) continue;
    const rel = path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    found.push(`${rel}=${await readFile(path.join(dir, rel), 'utf8')}`);
  }
  return found;
}
