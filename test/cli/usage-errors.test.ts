import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { repoRoot, runDocsgen } from '../helpers/cli.js';
import { assertReaching } from '../helpers/reach.js';

// README: exit 2 for usage errors. A mistyped command line prints the problem on one line naming what was wrong
// (commander's own add a pointer to --help), nothing on stdout, no stack; `--version` prints the package's.

const COMMANDS = ['build', 'validate-redirects', 'export-redirects', 'check-links', 'optimize-images', 'emit-sw', 'serve', 'dev', 'init', 'help'];

/** runCli, the function bin/docsgen calls, with its output captured. */
async function run(argv: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const chunks = { out: '', err: '' };
  const sink = (key: 'out' | 'err') => new Writable({ write: (c, _e, done) => void ((chunks[key] += String(c)), done()) });
  const exitCode = await runCli(argv, { stdout: sink('out'), stderr: sink('err'), cwd: repoRoot, env: {} });
  return { exitCode, stdout: chunks.out, stderr: chunks.err };
}

/** Exit 2, nothing on stdout, the problem on the first line of stderr and at most a pointer to --help after it. */
function expectUsageError(r: { exitCode: number; stdout: string; stderr: string }, ...problem: string[]): void {
  expect(r.exitCode, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  for (const p of problem) expect(lines[0]).toContain(p);
  expect(lines.slice(1).filter((l) => l !== '(run with --help for usage)'), r.stderr).toEqual([]);
}

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,14}$/);

describe('usage errors', () => {
  it('an unknown command: exit 2, one line naming it', async () => {
    await assertReaching(
      fc.asyncProperty(word.filter((w) => !COMMANDS.includes(w)), async (name) => {
        expectUsageError(await run([name]), `unknown command '${name}'`);
      }),
      { numRuns: 50 },
    );
  });

  it('an unknown option of any command: exit 2, one line naming it', async () => {
    const known = /^(root|json|quiet|help|out|concurrency|no-images|no-sw|links|no-cache|strict|site|format|redirects|external|allow-private|in|max-width|quality|port|host|version)$/;
    await assertReaching(
      fc.asyncProperty(fc.constantFrom(...COMMANDS.filter((c) => c !== 'help')), word.filter((w) => !known.test(w)), async (command, option) => {
        // export-redirects' one required option given, so the unknown one is what is wrong
        const required = command === 'export-redirects' ? ['--format', 'json'] : [];
        expectUsageError(await run([command, ...required, `--${option}`]), `unknown option '--${option}'`);
      }),
      { numRuns: 50 },
    );
  });

  it('a number option given something else: exit 2, one line naming the option and the value', async () => {
    // the value must be whole (and for --max-width above 0): negatives, fractions and words are refused
    const notWhole = fc.oneof(word, fc.integer({ max: -1 }).map(String), fc.double({ min: 0.01, max: 99, noInteger: true }).map(String));
    await assertReaching(
      fc.asyncProperty(fc.constantFrom(['build', '--concurrency'], ['serve', '--port'], ['optimize-images', '--max-width']), notWhole, async ([command, option], value) => {
        expectUsageError(await run([command!, option!, value]), option!, value, 'whole number');
      }),
      { numRuns: 40 },
    );
  });

  it('through the real binary: unknown command, unknown option, a missing required option, too many arguments', async () => {
    const table: Array<[string[], string]> = [
      [['frobnicate'], "error: unknown command 'frobnicate'"],
      [['build', '--bogus'], "error: unknown option '--bogus'"],
      [['build', '--links', 'maybe'], '--links must be error, warn or off (got "maybe")'],
      [['export-redirects'], "error: required option '--format <format>' not specified"],
      [['check-links', 'a', 'b'], "error: too many arguments for 'check-links'. Expected 1 argument but got 2."],
    ];
    for (const [argv, problem] of table) expectUsageError(await runDocsgen(argv), problem);
  });
});

describe('--version', () => {
  it("prints the package's version and nothing else, exit 0 (also as -v)", async () => {
    const { version } = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const r = await runDocsgen([flag]);
      expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, version, '']);
    }
  });
});
