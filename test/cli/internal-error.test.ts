import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A failure that is docsgen's own (a bug) is exit 70, one line, and with --json still the JSON object: a CI job
// that parses the output must get something to parse, whatever went wrong.

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
