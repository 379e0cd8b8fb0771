import { readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_BYTES } from '../../src/config/defaults.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

// A 20 MB page took 2.8 GB of memory to build. Pages over MAX_PAGE_BYTES are refused by size, before they are
// read: one error at the file, exit 1, the previous output kept.
const FRONTMATTER = '---\ntitle: Huge\ndescription: Far too much.\n---\n\n';

describe('a page larger than the limit', () => {
  it('is one DG2040 error at file:1:1, before it is read, and the previous dist/ stays', async () => {
    const dir = await copyFixture('build/good-site');
    const first = await runDocsgen(['build', '--root', dir]);
    expect(first.exitCode, first.stderr).toBe(0);
    const good = await snapshotTree(path.join(dir, 'dist'));

    // 20 MB: a sparse file, so the test writes a few bytes and the build would still have 20 MB to parse
    const huge = path.join(dir, 'content/guide/huge.md');
    await writeFile(huge, FRONTMATTER + '# Huge\n');
    await truncate(huge, 20 * 1024 * 1024);
    const started = Date.now();
    const r = await runDocsgen(['build', '--root', dir, '--json']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    const json = JSON.parse(r.stdout);
    expect(json.ok).toBe(false);
    expect(json.diagnostics).toEqual([
      {
        code: 'DG2040',
        severity: 'error',
        message: `the page is 20.0 MB, more than the 5.0 MB (${MAX_PAGE_BYTES} bytes) a page may be`,
        hint: 'split it into several pages; a page this large takes gigabytes of memory to build and long to load',
        location: { file: 'content/guide/huge.md', line: 1, column: 1 },
      },
    ]);
    expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(good);
    expect((await readdir(dir)).filter((f) => f.startsWith('dist.'))).toEqual([]);
  });

  it('is refused one byte over the limit and built at the limit', async () => {
    const dir = await copyFixture('build/good-site');
    const page = path.join(dir, 'content/edge.md');
    await writeFile(page, FRONTMATTER + 'x'.repeat(MAX_PAGE_BYTES + 1 - FRONTMATTER.length));
    const over = await runDocsgen(['build', '--root', dir, '--no-sw', '--links', 'off']);
    expect(over.exitCode).toBe(1);
    expect(over.stderr.split('\n').filter((l) => l.includes('  error  '))).toEqual([
      `content/edge.md:1:1  error  DG2040  the page is ${MAX_PAGE_BYTES + 1} bytes, more than the 5.0 MB (${MAX_PAGE_BYTES} bytes) a page may be  (split it into several pages; a page this large takes gigabytes of memory to build and long to load)`,
    ]);
    // a page of exactly the limit is built (one long paragraph: cheap to parse)
    await truncate(page, MAX_PAGE_BYTES);
    const at = await runDocsgen(['build', '--root', dir, '--no-sw', '--links', 'off']);
    expect(at.exitCode, at.stderr).toBe(0);
  }, 60_000);
});
