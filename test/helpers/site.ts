import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

/** Every file under a folder with the sha256 of its bytes: compares two outputs byte for byte. */
export async function snapshotTree(dir: string): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  const out: Record<string, string> = {};
  for (const f of files) out[f] = createHash('sha256').update(await readFile(path.join(dir, f))).digest('hex');
  // a folder with no file under it is a difference too (a removed page's folder left behind)
  for (const d of await fg('**/*', { cwd: dir, dot: true, onlyDirectories: true })) if (!files.some((f) => f.startsWith(`${d}/`))) out[`${d}/`] = 'empty folder';
  return out;
}

/**
 * A fresh copy of a fixture, built once (it must build cleanly), with its output's snapshot: the good output
 * that bad input must never destroy.
 */
export async function buildGoodCopy(fixture = 'build/good-site', flags: string[] = []): Promise<{ site: string; good: Record<string, string> }> {
  const { copyFixture, runDocsgen } = await import('./cli.js');
  const site = await copyFixture(fixture);
  const first = await runDocsgen(['build', '--root', site, ...flags]);
  if (first.exitCode !== 0) throw new Error(`the ${fixture} fixture did not build (exit ${first.exitCode}):\n${first.stderr}`);
  return { site, good: await snapshotTree(path.join(site, 'dist')) };
}
