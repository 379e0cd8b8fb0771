// Runs the CLI adapter in this process (the same runCli the binary calls): fast enough to check every fixture's
// exact output; test/redirects/cli.test.ts still runs the real binary for the exit-code contract.
import { Writable } from 'node:stream';
import { runCli } from '../../src/cli/index.js';

/** Output and exit code of `docsgen ...args`, run in-process. */
export async function runInProcess(args: string[], cwd = process.cwd()): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (s: string) => void) => new Writable({ write(chunk, _enc, cb) { append(String(chunk)); cb(); } });
  const exitCode = await runCli(args, {
    stdout: sink((s) => (stdout += s)),
    stderr: sink((s) => (stderr += s)),
    cwd,
    env: { NO_COLOR: '1', CI: 'true' },
  });
  return { exitCode, stdout, stderr };
}
