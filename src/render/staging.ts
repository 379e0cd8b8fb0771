import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { codes } from '../diagnostics/codes.js';
import { DiagnosticError } from '../diagnostics/types.js';

/** The staging folder's suffix: `dist.tmp-1a2b3c4d` for `dist`. */
const STAGING_SUFFIX = /\.tmp-[0-9a-f]{8}(?=[\\/]|$)/;

/** A path inside a staging folder as the user will find it, inside the output folder. */
export function unstaged(file: string): string {
  return file.replace(STAGING_SUFFIX, '');
}

/**
 * A build writes into a sibling staging folder and swaps it in only when complete, so a failed build never
 * leaves a half-written output: the previous good `dist/` stays until the new one is whole.
 */
export class Staging {
  readonly dir: string;
  constructor(readonly outDir: string) {
    this.dir = `${outDir}.tmp-${randomBytes(4).toString('hex')}`;
  }

  /** Creates the staging folder; an unwritable location is a user problem, reported with the folder. */
  async open(displayRoot: string): Promise<void> {
    try {
      await mkdir(path.dirname(this.outDir), { recursive: true });
      await mkdir(this.dir);
    } catch (err) {
      const shown = path.relative(displayRoot, this.outDir) || this.outDir;
      throw new DiagnosticError(
        {
          code: codes.OUTPUT_UNWRITABLE,
          severity: 'error',
          message: `cannot write the output folder ${shown}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
          hint: 'check the permissions of its parent folder or pass another --out',
          location: { file: shown, line: 1, column: 1 },
        },
        1,
      );
    }
  }

  /** Replaces the output with the staged build (two renames, then the old one is removed). */
  async commit(): Promise<void> {
    const old = `${this.outDir}.old-${randomBytes(4).toString('hex')}`;
    let hadOld = false;
    try {
      await stat(this.outDir);
      await rename(this.outDir, old);
      hadOld = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    try {
      await rename(this.dir, this.outDir);
    } catch (err) {
      // the previous output goes back where it was: a failed build never leaves the user without one
      if (hadOld) await rename(old, this.outDir);
      throw err;
    }
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  /** Throws the staged files away (the build failed). */
  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
