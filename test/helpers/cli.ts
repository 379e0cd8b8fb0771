import { execa, type Result } from 'execa';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The real executable, as users run it. */
export const bin = path.join(repoRoot, 'bin/docsgen');

/** Runs `docsgen ...args` in `cwd`; never throws on a non-zero exit. */
export function runDocsgen(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Result> {
  return execa(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? repoRoot,
    reject: false,
    env: { NO_COLOR: '1', CI: 'true', ...options.env },
    all: false,
  });
}

/** Copies a fixture (a folder under fixtures/) to a fresh temporary folder and returns its path. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `docsgen-${name.replace(/\W+/g, '-')}-`));
  await cp(path.join(repoRoot, 'fixtures', name), dir, { recursive: true });
  return dir;
}
