import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import { extractPage } from '../../src/links/extract-page.js';
import { repoRoot, runDocsgen } from '../helpers/cli.js';
import { extractPageWithParser } from './parser-extract.js';
import { extractPageWithTokenizer } from './tokenizer-extract.js';

// End to end with the real build: the build records where each rendered link came from, and
// check-links names that Markdown file, line and column.
describe('check-links on a docsgen build', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-links-build-'));
    await cp(path.join(repoRoot, 'fixtures/build/good-site'), root, { recursive: true });
    await appendFile(path.join(root, 'content/guide/setup.md'), '\nSee [the missing page](/documentation/guide/nowhere/) and [a bad anchor](/documentation/guide/#no-such-heading).\n');
    const built = await runDocsgen(['build', '--root', root, '--links', 'off', '--no-sw']);
    expect(built.exitCode, built.stderr).toBe(0);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reports a broken link written in Markdown at that file, line and column', async () => {
    const json = await runDocsgen(['check-links', '--root', root, '--json'], { cwd: root });
    expect(json.exitCode).toBe(1);
    expect(JSON.parse(json.stdout).problems).toEqual([
      { page: 'documentation/guide/setup/index.html', href: '/documentation/guide/nowhere/', kind: 'missing-page', source: { file: 'content/guide/setup.md', line: 26, column: 5 } },
      { page: 'documentation/guide/setup/index.html', href: '/documentation/guide/#no-such-heading', kind: 'missing-anchor', source: { file: 'content/guide/setup.md', line: 26, column: 59 } },
    ]);
    // from another folder, the Markdown path is still one an editor can open from there
    const text = await runDocsgen(['check-links', '--root', root, '--quiet'], { cwd: path.join(root, 'content') });
    expect(text.stderr.split('\n').slice(0, 2)).toEqual([
      'guide/setup.md:26:5  error  DG5101  link `/documentation/guide/nowhere/` points to a page that does not exist (on documentation/guide/setup/index.html)  (fix the path or remove the link)',
      'guide/setup.md:26:59  error  DG5102  link `/documentation/guide/#no-such-heading`: no element on documentation/guide/index.html has the id or name `no-such-heading` (on documentation/guide/setup/index.html)  (fix the fragment, or add the id to the heading or element)',
    ]);
  });

  it('extracts from every built page exactly what the Parser-based and tokenizer-driven extractors find', async () => {
    const pages = await fg('**/*.html', { cwd: path.join(root, 'dist/public'), absolute: true });
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const html = await readFile(file, 'utf8');
      const found = extractPage(html);
      expect(found.refs.length, file).toBeGreaterThan(0);
      expect(found, file).toEqual(extractPageWithParser(html));
      expect(found, file).toEqual(extractPageWithTokenizer(html));
    }
  });

  it("reports the link step's CPU time in a build's stats, and none when links are off", async () => {
    const checked = await runDocsgen(['build', '--root', root, '--out', 'dist-checked', '--links', 'warn', '--no-sw', '--json']);
    expect(checked.exitCode, checked.stderr).toBe(0);
    const stats = JSON.parse(checked.stdout).stats as Record<string, number>;
    expect(stats.links).toBeGreaterThan(0);
    expect(stats.linkCpuMs).toBeGreaterThan(0);
    const off = await runDocsgen(['build', '--root', root, '--out', 'dist-off', '--links', 'off', '--no-sw', '--json']);
    expect(off.exitCode, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout).stats.linkCpuMs).toBeUndefined();
  });
});
