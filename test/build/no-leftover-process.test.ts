import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// `docsgen build` bundles templates with esbuild, which runs as a child process. When the command ends, no child
// may be left: an esbuild still running when Node exits ends up defunct under a PID 1 that reaps nothing.

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** The child processes of `pid` now, with their command names (Linux /proc). */
function childrenOf(pid: number): Array<{ pid: string; comm: string }> {
  const out: Array<{ pid: string; comm: string }> = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tasks) {
    let kids: string[] = [];
    try {
      kids = readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      continue;
    }
    for (const k of kids) {
      try {
        out.push({ pid: k, comm: readFileSync(`/proc/${k}/comm`, 'utf8').trim() });
      } catch {
        // ended meanwhile
      }
    }
  }
  return out;
}

/** Runs `docsgen build` and returns its exit code and every child process it was seen to start. */
async function buildWatchingChildren(root: string): Promise<{ exitCode: number | undefined; seen: Map<string, string> }> {
  const run = runDocsgen(['build', '--root', root, '--out', path.join(root, 'dist')]);
  const seen = new Map<string, string>();
  const timer = setInterval(() => {
    for (const c of childrenOf(run.pid!)) seen.set(c.pid, c.comm);
  }, 10);
  const result = await run;
  clearInterval(timer);
  return { exitCode: result.exitCode, seen };
}

/** The processes among `pids` that still exist (running or defunct). */
function stillThere(seen: Map<string, string>): string[] {
  return [...seen].filter(([pid, comm]) => {
    try {
      // the same process: a recycled pid would have another start, but not within this test
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
    } catch {
      return false;
    }
  }).map(([pid, comm]) => `${comm} (${pid}, ${readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.slice(0, 1)})`);
}

describe.runIf(process.platform === 'linux')('no process outlives docsgen build', () => {
  it('leaves no esbuild (or any other child) behind after a cold build', async () => {
    const root = await copyFixture('build/good-site');
    dirs.push(root);
    const { exitCode, seen } = await buildWatchingChildren(root);
    expect(exitCode).toBe(0);
    expect([...seen.values()]).toContain('esbuild');
    expect(stillThere(seen)).toEqual([]);
  });

  it('leaves none behind when the templates fail to compile', async () => {
    const root = await copyFixture('build/good-site');
    dirs.push(root);
    await mkdir(path.join(root, 'templates'), { recursive: true });
    await writeFile(path.join(root, 'templates', 'doc.tsx'), 'export default function Doc( { return <main>; }\n');
    const { exitCode, seen } = await buildWatchingChildren(root);
    expect(exitCode).toBe(1);
    expect([...seen.values()]).toContain('esbuild');
    expect(stillThere(seen)).toEqual([]);
  });
});
