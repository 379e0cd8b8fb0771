// Runs the two redirect commands in this process through the CLI's own context and printer, the way runCli does,
// but registering only these commands so the test does not load the build's heavy dependencies. cli.test.ts still
// runs the real binary for the exit-code contract.
import { Writable } from 'node:stream';
import { Command, CommanderError } from 'commander';
import { CliContext } from '../../src/cli/context.js';
import { registerExportRedirects } from '../../src/cli/commands/export-redirects.js';
import { registerValidateRedirects } from '../../src/cli/commands/validate-redirects.js';

/** Output and exit code of `docsgen ...args` for validate-redirects / export-redirects, run in-process. */
export async function runInProcess(args: string[], cwd = process.cwd()): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (s: string) => void) => new Writable({ write(chunk, _enc, cb) { append(String(chunk)); cb(); } });
  const io = { stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)), cwd, env: { NO_COLOR: '1', CI: 'true' } };
  const ctx = new CliContext(io);
  const program = new Command('docsgen').exitOverride().configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  registerValidateRedirects(program, ctx);
  registerExportRedirects(program, ctx);
  let exitCode: number;
  try {
    await program.parseAsync(args, { from: 'user' });
    exitCode = ctx.exitCode;
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    exitCode = error.exitCode === 0 ? 0 : 2;
  }
  return { exitCode, stdout, stderr };
}
