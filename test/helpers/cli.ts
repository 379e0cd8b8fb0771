import { execa, type Result } from 'execa';
import { chmod, cp, mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The real executable, as users run it. */
export const bin = path.join(repoRoot, 'bin/docsgen');

/** How to start the child: resource limits (bash `ulimit`), and as an ordinary user even when the tests run as root. */
export interface ChildLimits {
  /** `ulimit -f`: the largest file it may write, in KiB (a write past it fails with EFBIG). */
  fileSizeKib?: number;
  /** `ulimit -n`: how many files it may have open (EMFILE past it). */
  openFiles?: number;
  /** Run as `nobody` when root (file modes bind root only through its capabilities): read-only folders refuse it. */
  unprivileged?: boolean;
}

/** The uid and gid the unprivileged child runs as. */
export const NOBODY = 65534;

/** Runs `docsgen ...args` in `cwd`; never throws on a non-zero exit. */
export function runDocsgen(args: string[], options: { cwd?: string; env?: Record<string, string>; limits?: ChildLimits } = {}): Promise<Result> {
  const env = { NO_COLOR: '1', CI: 'true', ...options.env };
  const limits = options.limits;
  if (!limits) return execa(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, reject: false, env, all: false });
  const ulimit = [limits.fileSizeKib !== undefined ? `ulimit -f ${limits.fileSizeKib}` : '', limits.openFiles !== undefined ? `ulimit -n ${limits.openFiles}` : ''].filter(Boolean);
  const drop = limits.unprivileged && process.getuid?.() === 0 ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'] : [];
  return execa('bash', ['-c', `${[...ulimit, 'exec "$@"'].join(' && ')}`, 'bash', ...drop, process.execPath, bin, ...args], {
    cwd: options.cwd ?? repoRoot,
    reject: false,
    env: { ...env, ...(drop.length ? { HOME: os.tmpdir() } : {}) },
    all: false,
  });
}

/**
 * Lets `nobody` reach this checkout (the unprivileged child runs its bin/docsgen): a checkout cloned into a folder
 * only its owner may enter, as `mktemp -d` makes, gets the search bit for others on each such folder above it.
 * Returns what puts the modes back.
 */
export async function letNobodyIn(): Promise<() => Promise<void>> {
  const changed: { dir: string; mode: number }[] = [];
  if (process.getuid?.() !== 0) return async () => {};
  for (let dir = repoRoot; ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      changed.push({ dir, mode: mode & 0o7777 });
      await chmod(dir, (mode & 0o7777) | 0o001);
    }
    if (path.dirname(dir) === dir) break;
  }
  return async () => {
    for (const { dir, mode } of changed.reverse()) await chmod(dir, mode);
  };
}

/** Copies a fixture (a folder under fixtures/) to a fresh temporary folder and returns its path. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `docsgen-${name.replace(/\W+/g, '-')}-`));
  await cp(path.join(repoRoot, 'fixtures', name), dir, { recursive: true });
  return dir;
}
