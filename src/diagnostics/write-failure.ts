// A build that cannot write (disk full, file-size limit, read-only, no permission) is the machine's problem, not a bug: it is
// reported as one line naming the file it was writing, with what to do, instead of a stack trace.
import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
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
  EFBIG: { reason: 'file larger than the file-size limit', hint: 'raise the file-size limit (ulimit -f) and build again' },
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
  /** The project's cache folder: a failure inside it gets a hint about the project folder, not about --out. */
  cacheDir?: string;
}

/** The diagnostic error for a failed write, or null when `error` is not one (a bug keeps its stack). */
export function writeFailure(error: unknown, ctx: WriteFailureContext): DiagnosticError | null {
  const { path: source, dest, syscall } = (error ?? {}) as FsErrorFacts;
  let { code } = (error ?? {}) as FsErrorFacts;
  const file = dest ?? source;
  if (code === 'ENOENT' && syscall === 'mkdir' && file) code = hiddenMkdirError(file) ?? code;
  const cause = code ? CAUSES[code] : undefined;
  if (!cause) return null;
  const where = path.relative(ctx.root, file ? (ctx.shown ?? ((f: string) => f))(file) : ctx.fallback).split(path.sep).join('/') || '.';
  const inCache = file !== undefined && ctx.cacheDir !== undefined && (file === ctx.cacheDir || file.startsWith(ctx.cacheDir + path.sep));
  const hint =
    inCache && (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
      ? `docsgen keeps its cache in ${path.relative(ctx.root, ctx.cacheDir!) || '.'}/ inside the project: make the project folder writable, or build a writable copy of it`
      : cause.hint;
  // these can also come from reading; a full or read-only disk only from writing
  const verb = code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS' || code === 'EFBIG' ? 'write' : 'access';
  return new DiagnosticError(
    {
      code: codes.OUTPUT_UNWRITABLE,
      severity: 'error',
      message: `cannot ${verb} ${where}: ${cause.reason} (${code})`,
      hint,
      location: { file: where, line: 1, column: 1 },
    },
    1,
  );
}

/**
 * The real reason a recursive mkdir of `dir` failed with ENOENT: Node reports ENOENT for a read-only or full
 * file system (nodejs/node#47098, #42808). Creating the first missing folder alone gives the real errno;
 * undefined when that works (the ENOENT was real: a folder went away meanwhile).
 */
function hiddenMkdirError(dir: string): string | undefined {
  let missing = path.resolve(dir);
  while (!existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
  try {
    mkdirSync(missing);
    rmdirSync(missing);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'EEXIST' ? undefined : code;
  }
}
