import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

// Each folder of fixtures/config/ is a docsgen.config.yaml a user must fix, with the one line docsgen prints for it
// beside it (expected-problem.txt): exit 2, that line, no stack trace, nothing written, and --json prints its object.
const scenarios = readdirSync(path.join(repoRoot, 'fixtures/config')).sort();

describe('a config a user must fix is one diagnostic at its line, exit 2', () => {
  it('has scenarios', () => expect(scenarios.length).toBeGreaterThan(10));

  for (const scenario of scenarios) {
    it.concurrent(`reports ${scenario}`, async () => {
      const expected = (await readFile(path.join(repoRoot, 'fixtures/config', scenario, 'expected-problem.txt'), 'utf8')).trimEnd();
      const dir = await copyFixture(`config/${scenario}`);
      const before = (await readdir(dir)).sort();

      const r = await runDocsgen(['build', '--root', dir]);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l))).toEqual([expected]);
      expect(r.stderr).toContain('build failed; the previous output is untouched');
      expect(r.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
      expect((await readdir(dir)).sort()).toEqual(before);

      const json = await runDocsgen(['build', '--root', dir, '--json']);
      expect(json.exitCode, json.stderr).toBe(2);
      const result = JSON.parse(json.stdout) as { ok: boolean; diagnostics: { code: string; severity: string; message: string; hint?: string; location: { file: string; line: number; column: number } }[] };
      expect(result.ok).toBe(false);
      expect(result.diagnostics).toHaveLength(1);
      const d = result.diagnostics[0]!;
      expect(`${d.location.file}:${d.location.line}:${d.location.column}  ${d.severity}  ${d.code}  ${d.message}  (${d.hint})`).toBe(expected);
    });
  }

  it('reports a bad config the same way in the commands that read it', async () => {
    const dir = await copyFixture('config/alias-bomb');
    const expected = (await readFile(path.join(dir, 'expected-problem.txt'), 'utf8')).trimEnd();
    for (const command of [['validate-redirects'], ['export-redirects', '--format', 'nginx', '--out', 'x.conf'], ['emit-sw']]) {
      const r = await runDocsgen([...command, '--root', dir]);
      expect(r.exitCode, `${command[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(expected);
    }
  });
});
