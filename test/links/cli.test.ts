import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocsgen } from '../helpers/cli.js';

const fixture = 'fixtures/links/every-problem-kind';

describe('docsgen check-links (the real binary)', () => {
  let expected: unknown;
  let tmp: string;
  beforeAll(async () => {
    expected = JSON.parse(await readFile(path.join(repoRoot, fixture, 'expected.json'), 'utf8'));
    tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-links-cli-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('prints problems grouped by file, Markdown sources first, and exits 1', async () => {
    const r = await runDocsgen(['check-links', `${fixture}/public`]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[0]).toMatch(/^checked 74 links on 8 pages in \d+ ms$/);
    expect(lines[1]).toBe(
      'content/maps/basemaps.md:7:6  error  DG5101  link `../../nothing/` points to a page that does not exist (on documentation/maps/basemaps/index.html)  (fix the path or remove the link)',
    );
    expect(lines).toContain(
      `${fixture}/public/documentation/index.html:64:8  warning  DG5105  link \`/documentation/old-maps/\` points to a redirect  (update it to \`/documentation/maps/\`)`,
    );
    expect(lines).toContain(
      `${fixture}/public/documentation/index.html:63:10  error  DG5104  link \`/documentation/images/Logo.png\` differs in letter case from \`/documentation/images/logo.png\`; it breaks on a case-sensitive server  (use \`/documentation/images/logo.png\`)`,
    );
    const files = lines.slice(1, -1).map((l) => l.split(':')[0]);
    expect(files).toEqual([...files].sort());
    expect(lines.at(-1)).toBe('✖ 21 errors, ⚠ 7 warnings');
  });

  it('--json prints { ok, stats, diagnostics } as every command does, with the problems, the same on worker threads', async () => {
    const inline = await runDocsgen(['check-links', `${fixture}/public`, '--json', '--concurrency', '1']);
    expect(inline.exitCode).toBe(1);
    const result = withoutTime(inline.stdout);
    expect(result).toMatchObject({ ok: false, pages: 8, links: 74, problems: expected, stats: { pages: 8, links: 74 } });
    // each problem is also a diagnostic with its code, message and Markdown location, as the text output prints it
    expect(result.diagnostics).toHaveLength(28);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'DG5101', severity: 'error', location: { file: 'content/maps/basemaps.md', line: 7, column: 6 } }),
    );
    // the calling thread checks batches too: beside one worker, and beside three
    for (const threads of ['2', '4']) {
      const threaded = await runDocsgen(['check-links', `${fixture}/public`, '--json', '--concurrency', threads]);
      expect(threaded.exitCode).toBe(1);
      expect(withoutTime(threaded.stdout)).toEqual(result);
    }
  });

  it('--format github prints one annotation per problem', async () => {
    const r = await runDocsgen(['check-links', `${fixture}/public`, '--format', 'github']);
    expect(r.exitCode).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(28);
    expect(lines[0]).toBe(
      '::error file=content/maps/basemaps.md,line=7,col=6,title=DG5101::link `../../nothing/` points to a page that does not exist (on documentation/maps/basemaps/index.html) (fix the path or remove the link)',
    );
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(7);
  });

  it('checks dist/public under --root by default and finds the build records in dist/server', async () => {
    const root = path.join(tmp, 'project');
    await cp(path.join(repoRoot, fixture), path.join(root, 'dist'), { recursive: true });
    const r = await runDocsgen(['check-links', '--root', root, '--json'], { cwd: root });
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout).problems).toEqual(expected);
  });

  it('a broken link written in Markdown is reported at that Markdown file and line', async () => {
    const r = await runDocsgen(['check-links', `${fixture}/public`, '--quiet']);
    expect(r.stderr).toContain(
      'content/maps/basemaps.md:9:40  error  DG5102  link `#layer`: no element on this page has the id or name `layer` (on documentation/maps/basemaps/index.html)  (fix the fragment, or add the id to the heading or element)',
    );
    expect(r.stderr).not.toContain('  warning  ');
  });

  it('exits 0 on a clean site', async () => {
    const r = await runDocsgen(['check-links', 'fixtures/links/clean-site/public']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^checked 4 links on 2 pages in \d+ ms\n✔ no problems$/);
  });

  it('exits 2 for a missing folder, a bad redirect list or a bad option', async () => {
    const missing = await runDocsgen(['check-links', 'fixtures/links/not-there']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('DG5001  fixtures/links/not-there is not a folder');
    const badRedirects = await runDocsgen(['check-links', `${fixture}/public`, '--redirects', `${fixture}/expected.json`]);
    expect(badRedirects.exitCode).toBe(2);
    expect(badRedirects.stderr).toContain('DG5003');
    const badOption = await runDocsgen(['check-links', `${fixture}/public`, '--concurrency', 'lots']);
    expect(badOption.exitCode).toBe(2);
    expect(badOption.stderr).toContain('--concurrency must be a whole number of at least 1, got `lots`');
  });
});

/** A --json result without the time it took (which differs between runs). */
function withoutTime(stdout: string): { diagnostics: unknown[] } & Record<string, unknown> {
  const result = JSON.parse(stdout);
  delete result.stats.ms;
  return result;
}
