import type { Writable } from 'node:stream';
import path from 'node:path';
import { Command } from 'commander';
import { codes } from '../diagnostics/index.js';
import { formatDiagnostic, formatGithub, formatSummary, sortDiagnostics, type OutputFormat } from '../diagnostics/index.js';
import { DiagnosticError, hasErrors, type Diagnostic } from '../diagnostics/index.js';

/** The exit code of a failure that is docsgen's own (a bug), not the user's: sysexits' EX_SOFTWARE. */
export const INTERNAL_EXIT = 70;

/** What the CLI may touch of the process; tests pass their own. */
export interface CliIO {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Options every command takes. */
export interface GlobalOptions {
  root: string;
  json?: boolean;
  quiet?: boolean;
  format?: OutputFormat;
}

/** Shared state of one CLI run: the IO and the exit code the command settles on. */
export class CliContext {
  exitCode = 0;
  constructor(readonly io: CliIO) {}

  /** True when stderr is a terminal and colors are not turned off. */
  get color(): boolean {
    return Boolean(this.io.stderr.isTTY) && !this.io.env.NO_COLOR && this.io.env.TERM !== 'dumb';
  }

  /** Absolute project root from `--root`. */
  root(opts: GlobalOptions): string {
    return path.resolve(this.io.cwd, opts.root ?? '.');
  }

  out(line: string): void {
    this.io.stdout.write(line + '\n');
  }

  err(line: string): void {
    this.io.stderr.write(line + '\n');
  }

  /**
   * Prints diagnostics in the chosen format and sets the exit code: 1 when any is an error.
   * With --json the caller prints its own JSON document (diagnostics included) to stdout.
   */
  report(diagnostics: readonly Diagnostic[], opts: GlobalOptions): void {
    const sorted = sortDiagnostics(diagnostics);
    if (opts.format === 'github') {
      for (const d of sorted) this.out(formatGithub(d));
    } else if (!opts.json) {
      for (const d of sorted) {
        if (opts.quiet && d.severity !== 'error') continue;
        this.err(formatDiagnostic(d, this.color));
      }
      if (!opts.quiet || hasErrors(sorted)) this.err(formatSummary(sorted, this.color));
    }
    if (hasErrors(sorted)) this.exitCode = Math.max(this.exitCode, 1);
  }

  /** A bad option value: the message on stderr (or the JSON object with --json), exit 2. */
  usage(message: string, opts: Partial<GlobalOptions> = this.options): void {
    if (opts.json) this.out(JSON.stringify({ ok: false, diagnostics: [{ code: codes.USAGE, severity: 'error', message }] }, null, 2));
    else this.err(message);
    this.exitCode = 2;
  }

  /** The options of the command that runs (set before its action): a failure outside it still honours --json. */
  options: Partial<GlobalOptions> = {};

  /**
   * Turns a thrown error into a printed diagnostic and an exit code: a DiagnosticError its own, anything else
   * an internal error (exit 70), one line, or the JSON object with --json; its stack with DOCSGEN_DEBUG=1.
   */
  fail(error: unknown, opts: Partial<GlobalOptions> = this.options): void {
    const known = error instanceof DiagnosticError;
    const diagnostic = known ? error.diagnostic : internalError(error);
    if (opts.json) this.out(JSON.stringify({ ok: false, diagnostics: [diagnostic] }, null, 2));
    else this.err(formatDiagnostic(diagnostic, this.color));
    if (!known && this.io.env.DOCSGEN_DEBUG) this.err(String((error as Error)?.stack ?? error));
    this.exitCode = known ? error.exitCode : INTERNAL_EXIT;
  }
}

/** A failure that is no problem of the user's input, as the one diagnostic printed for it. */
export function internalError(error: unknown, hint = 'this is a bug in docsgen, not in your content: please report it with the command you ran (DOCSGEN_DEBUG=1 prints the stack)'): Diagnostic {
  let message: string;
  try {
    // a TypeError says which kind of bug; a plain Error's name says nothing
    message = error instanceof Error ? `${error.name && error.name !== 'Error' ? `${error.name}: ` : ''}${error.message}` : String(error);
  } catch {
    message = Object.prototype.toString.call(error);
  }
  return { code: codes.INTERNAL_ERROR, severity: 'error', message: `internal error: ${message.split('\n')[0]}`, hint };
}

/** Adds the options every command shares. */
export function withGlobalOptions(cmd: Command): Command {
  return cmd
    .option('--root <dir>', 'project root', '.')
    .option('--json', 'machine-readable result on stdout')
    .option('--quiet', 'print errors only')
    .option('--format <format>', 'problem output: text or github', 'text');
}
