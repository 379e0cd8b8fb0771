// A build that cannot write (disk full, read-only, no permission) is the machine's problem, not a bug: it is
// reported as one line naming the file it was writing, with what to do, instead of a stack trace.
import path from 'node:path';
import { codes } from './codes.js';
import { DiagnosticError } from './types.js';

/** The errno codes that come from where the build writes, each with its reason and what the user can do. */
const CAUSES: Record<string, { reason: string; hint: string }> = {
  ENOSPC: { reason: 'no space left on the device', hint: 'free some disk space (the output and .docsgen-cache/ need room for the whole site) and build again' },
  EDQUOT: { reason: 'disk quota exceeded', hint: 'free some space within your quota, or pass an --out elsewhere' },
  EROFS: { reason: 'read-only file system', hint: 'pass an --out on a writable file system' },
  EACCES: { reason: 'permission denied', hint: 'check the permissions of the folder, or pass another --out' },
  EPERM: { reason: 'operation not permitted', hint: 'check the permissions and attributes (chattr) of the folder, or pass another --out' },
  EMFILE: { reason: 'too many open files', hint: 'raise the open-files limit (ulimit -n) and build again' },
  ENFILE: { reason: 'too many open files in the system', hint: 'close other programs or raise the system limit, and build again' },
  EIO: { reason: 'input/output error', hint: 'check the disk (dmesg), then build again' },
};

/** The properties Node gives a failed file system call (a render thread's error carries them across too). */
export interface FsErrorFacts {
  code?: string;
  path?: string;
  /** The target of a copy, link or rename: the file being written. */
  dest?: string;
  syscall?: string;
}

/** Where a write failure is reported: paths are shown relative to `root`. */
export interface WriteFailureContext {
  root: string;
  /** The file named when the error has no path (a failed `write` names none): the output folder. */
  fallback: string;
  /** Turns the path that failed into the one the user knows (the staging folder into the output folder). */
  shown?: (file: string) => string;
}

/** The diagnostic error for a failed write, or null when `error` is not one (a bug keeps its stack). */
export function writeFailure(error: unknown, ctx: WriteFailureContext): DiagnosticError | null {
  const { code, path: source, dest } = (error ?? {}) as FsErrorFacts;
  const file = dest ?? source;
  const cause = code ? CAUSES[code] : undefined;
  if (!cause) return null;
  const where = path.relative(ctx.root, file ? (ctx.shown ?? ((f: string) => f))(file) : ctx.fallback).split(path.sep).join('/') || '.';
  // these can also come from reading; a full or read-only disk only from writing
  const verb = code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS' ? 'write' : 'access';
  return new DiagnosticError(
    {
      code: codes.OUTPUT_UNWRITABLE,
      severity: 'error',
      message: `cannot ${verb} ${where}: ${cause.reason} (${code})`,
      hint: cause.hint,
      location: { file: where, line: 1, column: 1 },
    },
    1,
  );
}
