import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

// Template code runs inside the build. A template that ends or crashes the process must never end the build
// with exit 0 and no output: each case is one diagnostic naming the template, exit 1 (70 only where docsgen
// cannot know what ended it), the staged files gone and the previous dist/ as it was. Rendered on this thread
// (--concurrency 0, as small sites are) and on render threads.

/** good-site with the repository's templates, built once; then the scenario's templates/doc.tsx laid over. */
async function siteWith(scenario: string): Promise<{ dir: string; good: Record<string, string> }> {
  const dir = await copyFixture('build/good-site');
  await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
  const first = await runDocsgen(['build', '--root', dir, '--no-sw']);
  expect(first.exitCode, first.stderr).toBe(0);
  const good = await snapshotTree(path.join(dir, 'dist'));
  await cp(path.join(repoRoot, 'fixtures/build/hostile-templates', scenario), dir, { recursive: true });
  return { dir, good };
}

const problems = (stderr: string) => stderr.split('\n').filter((l) => /  (error|warning)  DG\d{4}  /.test(l));
const staged = async (dir: string) => (await readdir(dir)).filter((f) => /^dist\./.test(f));
const PAGE = '(content/guide/reference\\.md|content/guide/setup\\.md)';

describe('a template that tries to end the build', () => {
  for (const concurrency of ['0', '2']) {
    it(`calling process.exit(0) is one DG3002 at the call, exit 1, dist/ kept (--concurrency ${concurrency})`, async () => {
      const { dir, good } = await siteWith('calls-process-exit');
      const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', concurrency]);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(problems(r.stderr)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^templates/doc\\.tsx:8:11  error  DG3002  template \`doc\` called process\\.exit\\(0\\) while rendering ${PAGE}  \\(a template must not end the process: throw an Error to fail the page, or remove the call\\)$`,
          ),
        ),
      ]);
      expect(r.stderr).toContain('build failed; the previous output is untouched');
      expect(await staged(dir)).toEqual([]);
      expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);

      const json = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', concurrency, '--json']);
      expect(json.exitCode).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual({
        ok: false,
        diagnostics: [expect.objectContaining({ code: 'DG3002', location: { file: 'templates/doc.tsx', line: 8, column: 11 } })],
      });
    });
  }

  it('calling process.abort() is one DG3002, not a core dump', async () => {
    const { dir, good } = await siteWith('calls-process-abort');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', '0']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(problems(r.stderr)).toEqual([expect.stringMatching(new RegExp(`^templates/doc\\.tsx:8:11  error  DG3002  template \`doc\` called process\\.abort\\(\\) while rendering ${PAGE}  `))]);
    expect(await staged(dir)).toEqual([]);
    expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);
  });

  it('calling process.exit(0) from a timer in a render thread is one DG3002 naming the template', async () => {
    const { dir, good } = await siteWith('exits-from-a-timer');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', '2']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(problems(r.stderr)).toEqual([
      expect.stringMatching(
        new RegExp(`^templates/doc\\.tsx:8:\\d+  error  DG3002  a render thread failed while rendering ${PAGE}(, ${PAGE})? with template \`doc\`: process\\.exit\\(0\\) was called  \\(a template must not end the process`),
      ),
    ]);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    expect(await staged(dir)).toEqual([]);
    expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);
  });

  it('calling process.exit(0) from a timer on the main thread never ends as success, and --json still prints', async () => {
    const { dir, good } = await siteWith('exits-from-a-timer');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', '0', '--json']);
    expect(r.exitCode, r.stderr).toBe(70);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      diagnostics: [
        {
          code: 'DG3020',
          severity: 'error',
          message: 'internal error: the process ended before the command finished (exit code 0)',
          hint: "code the command ran (a template's timer or promise, a package it imports) ended or crashed the process, or docsgen has a bug; DOCSGEN_DEBUG=1 prints the stack",
        },
      ],
    });
    expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);
  });

  it('calling process.exit(0) when its module loads is one DG3001 at that line', async () => {
    const { dir, good } = await siteWith('exits-when-loaded');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(problems(r.stderr)).toEqual([
      'templates/doc.tsx:6:9  error  DG3001  template code called process.exit(0) when the templates were loaded  (a template must not end the process: throw an Error instead, or remove the call)',
    ]);
    expect(await staged(dir)).toEqual([]);
    expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);
  });
});

describe('a template that throws something other than an Error', () => {
  for (const concurrency of ['0', '2']) {
    it(`is one DG3030 naming the template and the pages it failed, not a crash (--concurrency ${concurrency})`, async () => {
      const { dir, good } = await siteWith('throws-a-non-error');
      const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', concurrency]);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(problems(r.stderr)).toEqual([
        "content/guide/reference.md:1:1  error  DG3030  template code threw while rendering 2 pages (template `doc`): it threw null  (fix templates/doc.tsx; the first page it failed is content/guide/reference.md (its data is in its page-data.json))",
      ]);
      expect(await staged(dir)).toEqual([]);
      expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);
    });
  }
});

describe('a template that throws in code every template shares', () => {
  for (const concurrency of ['0', '2']) {
    it(`is reported once, at the throw in the shared file, with the number of pages it failed (--concurrency ${concurrency})`, async () => {
      const { dir, good } = await siteWith('throws-in-shared-layout');
      const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', concurrency]);
      expect(r.exitCode, r.stderr).toBe(1);
      // five pages fail (all but the home page, the 404 and 500 pages included), in four templates, at one line
      expect(problems(r.stderr)).toEqual([
        'templates/layout.tsx:7:11  error  DG3030  template code threw while rendering 5 pages (templates `doc`, `not-found`, `section`, `server-error`): no frame for /guide/  (the first page it failed is content/guide/index.md (its data is in its page-data.json))',
      ]);
      expect(r.stderr).toContain('✖ 1 error');
      expect(await staged(dir)).toEqual([]);
      expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);

      const json = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', concurrency, '--json']);
      expect(json.exitCode).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({
        ok: false,
        diagnostics: [{ code: 'DG3030', severity: 'error', location: { file: 'templates/layout.tsx', line: 7, column: 11 } }],
      });
    });
  }
});
