import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { buildGoodCopy, snapshotTree } from '../helpers/site.js';

// Issue 19, items 4 and 5: page input that crashed the build (exit 70, nothing on --json) or was lost or
// changed without a word. Each bad page is one diagnostic at its file:line:column, exit 1, the previous
// good dist/ untouched; --json prints the same diagnostic as its object.
const cases = [
  {
    name: 'image-url-malformed-escape',
    line: 'content/escape.md:8:1  error  DG2030  image `%E0.png` has a malformed percent-escape (`%E0`), so no file can be found for it  (write a `%` as `%25`, and a character as itself or as the escapes of its UTF-8 bytes, like `%C3%A9` for é)',
    diagnostic: {
      code: 'DG2030',
      severity: 'error',
      message: 'image `%E0.png` has a malformed percent-escape (`%E0`), so no file can be found for it',
      location: { file: 'content/escape.md', line: 8, column: 1, lineText: '![Figure](%E0.png)' },
    },
  },
  {
    name: 'page-not-utf8',
    line: 'content/latin1.md:2:11  error  DG2032  the page is not valid UTF-8: byte 0xE9 cannot be read (it would be published as �)  (save the file as UTF-8; your editor may have saved it as Latin-1 or Windows-1252)',
    diagnostic: {
      code: 'DG2032',
      severity: 'error',
      message: 'the page is not valid UTF-8: byte 0xE9 cannot be read (it would be published as �)',
      location: { file: 'content/latin1.md', line: 2, column: 11, lineText: 'title: Caf\uFFFD' },
    },
  },
  {
    // 1,500 strong pairs: the 500th opens the 501st level (the paragraph is the first) at star 999
    name: 'emphasis-nested-too-deep',
    line: 'content/deep.md:6:999  error  DG2031  the Markdown is nested more than 500 levels deep (quotes, lists, emphasis or links inside one another)  (nest less deeply here: no page needs that many levels)',
    diagnostic: {
      code: 'DG2031',
      severity: 'error',
      message: 'the Markdown is nested more than 500 levels deep (quotes, lists, emphasis or links inside one another)',
      location: { file: 'content/deep.md', line: 6, column: 999 },
    },
  },
  {
    // the 501st block quote is the 501st level; 20,000 of them overflowed remark's stack in optimize-images
    name: 'quotes-nested-too-deep',
    line: 'content/quotes.md:6:501  error  DG2031  the Markdown is nested more than 500 levels deep (quotes, lists, emphasis or links inside one another)  (nest less deeply here: no page needs that many levels)',
    diagnostic: {
      code: 'DG2031',
      severity: 'error',
      message: 'the Markdown is nested more than 500 levels deep (quotes, lists, emphasis or links inside one another)',
      location: { file: 'content/quotes.md', line: 6, column: 501 },
    },
  },
] as const;

describe('bad page input is one diagnostic, never a crash', () => {
  let site: string;
  let good: Record<string, string>;

  beforeAll(async () => {
    ({ site, good } = await buildGoodCopy());
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  for (const c of cases) {
    it(`reports ${c.name} at file:line:col, exit 1, on --json too, and keeps dist/`, async () => {
      const overlay = path.join(repoRoot, 'fixtures/build/bad-inputs', c.name);
      const added = (await fg('**/*', { cwd: overlay, onlyFiles: true })).map((f) => path.join(site, f));
      await cp(overlay, site, { recursive: true });
      try {
        const r = await runDocsgen(['build', '--root', site]);
        expect(r.exitCode, r.stderr).toBe(1);
        expect(r.stderr.split('\n').filter((l) => /  (error|warning)  DG\d{4}  /.test(l))).toEqual([c.line]);
        expect(r.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
        const json = await runDocsgen(['build', '--root', site, '--json']);
        expect(json.exitCode).toBe(1);
        const printed = JSON.parse(json.stdout) as { ok: boolean; diagnostics: unknown[] };
        expect(printed.ok).toBe(false);
        expect(printed.diagnostics).toEqual([expect.objectContaining({ ...c.diagnostic, location: expect.objectContaining(c.diagnostic.location) })]);
      } finally {
        await Promise.all(added.map((f) => rm(f)));
      }
      expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
    });
  }
});

describe('pages saved with a byte order mark', () => {
  it('build with their frontmatter read: titles in the HTML, no frontmatter in the body', async () => {
    const site = await copyFixture('build/page-with-bom');
    try {
      const r = await runDocsgen(['build', '--root', site]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toContain('✔ no problems');
      const page = (p: string) => readFile(path.join(site, 'dist/public/documentation', p, 'index.html'), 'utf8');
      const home = await page('.');
      expect(home).toMatch(/<title>Saved with a BOM \|/);
      expect(home).toContain('<h1>Saved with a BOM</h1>');
      expect(home).toContain('<h1 id="welcome">Welcome</h1>');
      const guide = await page('guide');
      expect(guide).toMatch(/<title>Guide with a BOM and CRLF \|/);
      expect(guide).toContain('First steps');
      for (const html of [home, guide]) {
        expect(html).not.toMatch(/title:|\uFEFF|<hr>/);
      }
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});
