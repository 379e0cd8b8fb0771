import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';

// `--json` always prints its object: a CI job that parses the output must get something to parse, whatever went
// wrong. A failure that is docsgen's own (a bug) is exit 70 and one line; a bad option exit 2.

function captureIO(env: Record<string, string> = {}) {
  const sink = () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    return { stream, text: () => chunks.join('') };
  };
  const out = sink();
  const err = sink();
  return { io: { stdout: out.stream, stderr: err.stream, cwd: process.cwd(), env }, stdout: out.text, stderr: err.text };
}

/** runCli with `build` (the library's) failing as a bug would: thrown from the build, or from loading it. */
async function cliWithBrokenBuild(how: 'throws' | 'cannot load') {
  vi.resetModules();
  vi.doMock('../../src/build.js', () => {
    if (how === 'cannot load') throw new TypeError('build.js is broken');
    return { build: () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'pages')")) };
  });
  return (await import('../../src/cli/index.js')).runCli;
}

afterEach(() => {
  vi.doUnmock('../../src/build.js');
});

const HINT = 'this is a bug in docsgen, not in your content: please report it with the command you ran (DOCSGEN_DEBUG=1 prints the stack)';

describe('an internal error', () => {
  it('prints the JSON object with one DG3020 diagnostic under --json, exit 70', async () => {
    const runCli = await cliWithBrokenBuild('throws');
    const { io, stdout, stderr } = captureIO();
    expect(await runCli(['build', '--json', '--root', '.'], io)).toBe(70);
    expect(JSON.parse(stdout())).toEqual({
      ok: false,
      diagnostics: [{ code: 'DG3020', severity: 'error', message: "internal error: TypeError: Cannot read properties of undefined (reading 'pages')", hint: HINT }],
    });
    expect(stderr()).toBe('');
  });

  it('is one line without --json, its stack only with DOCSGEN_DEBUG=1', async () => {
    const runCli = await cliWithBrokenBuild('throws');
    const plain = captureIO();
    expect(await runCli(['build', '--root', '.'], plain.io)).toBe(70);
    expect(plain.stderr()).toBe(`-  error  DG3020  internal error: TypeError: Cannot read properties of undefined (reading 'pages')  (${HINT})\n`);
    const debug = captureIO({ DOCSGEN_DEBUG: '1' });
    expect(await runCli(['build', '--root', '.'], debug.io)).toBe(70);
    expect(debug.stderr()).toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });

  it('still prints the JSON object when it escapes the command (its module fails to load)', async () => {
    const runCli = await cliWithBrokenBuild('cannot load');
    const { io, stdout } = captureIO();
    expect(await runCli(['build', '--json'], io)).toBe(70);
    expect(JSON.parse(stdout())).toEqual({ ok: false, diagnostics: [expect.objectContaining({ code: 'DG3020', message: expect.stringMatching(/^internal error: /) })] });
  });
});

describe('a bad option under --json', () => {
  it('prints the JSON object with one DG1003 diagnostic, exit 2, for docsgen\'s checks and commander\'s', async () => {
    vi.resetModules();
    const { runCli } = await import('../../src/cli/index.js');
    for (const [argv, message] of [
      [['build', '--links', 'maybe', '--json'], '--links must be error, warn or off (got "maybe")'],
      [['build', '--concurrency', '-1', '--json'], '--concurrency must be a whole number ≥ 0 (got "-1")'],
      [['serve', '--port', 'eighty', '--json'], '--port must be a whole number from 0 to 65535 (got "eighty")'],
      [['build', '--bogus', '--json'], "unknown option '--bogus'"],
    ] as const) {
      const { io, stdout } = captureIO();
      expect(await runCli([...argv], io), argv.join(' ')).toBe(2);
      expect(JSON.parse(stdout()), argv.join(' ')).toEqual({ ok: false, diagnostics: [{ code: 'DG1003', severity: 'error', message }] });
    }
  });
});
