import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Whether this process can run `mount` with these arguments for a folder (root in CI, with the kernel's permission): tried once on an
 * empty folder, then unmounted. The full-disk and read-only tests need it.
 */
export function canMount(args: (probe: string) => readonly string[]): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), 'docsgen-mount-'));
  try {
    execFileSync('mount', [...args(probe)], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
