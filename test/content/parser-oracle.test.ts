import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VARIABLES as VARIABLES } from '../helpers/sample-config.js';
import { compileBoth } from './remark-oracle.js';

// Equivalence oracle (issue 6): markdown-it → mdast must compile every page exactly as remark-parse did:
// the same HTML bytes, table of contents, first heading, link and image sources (line:column) and diagnostics.
const REPO = path.resolve(import.meta.dirname, '../..');

async function compareSite(contentDir: string, files: string[]): Promise<string[]> {
  const root = path.dirname(contentDir);
  const opts = { root, contentDir, pathPrefix: '/documentation', variables: VARIABLES, imageMaxWidth: 995 };
  const failures: string[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const relFile = path.relative(contentDir, file).split(path.sep).join('/');
    const displayFile = path.relative(REPO, file);
    const { actual, expected } = await compileBoth(text, file, displayFile, relFile, opts);
    try {
      expect(actual).toEqual(expected);
    } catch (err) {
      failures.push(`${displayFile}: ${(err as Error).message.slice(0, 2000)}`);
    }
  }
  return failures;
}

// Markdown files grouped by the content folder they belong to (fixtures hold many small sites).
async function sitesUnder(pattern: string, cwd: string, ignore: string[] = []): Promise<Map<string, string[]>> {
  const sites = new Map<string, string[]>();
  for (const rel of await fg(pattern, { cwd, absolute: true, ignore })) {
    const at = rel.lastIndexOf('/content/');
    const contentDir = at === -1 ? path.dirname(rel) : rel.slice(0, at + '/content'.length);
    sites.set(contentDir, [...(sites.get(contentDir) ?? []), rel]);
  }
  return sites;
}

describe('markdown-it front end vs the remark-parse oracle', () => {
  it('compiles every page of the sample site identically', async () => {
    const files = await fg('content/**/*.md', { cwd: REPO, absolute: true });
    expect(files.length).toBeGreaterThanOrEqual(100);
    expect(await compareSite(path.join(REPO, 'content'), files)).toEqual([]);
  });

  it('compiles every Markdown fixture identically', async () => {
    // past NESTING_LIMIT docsgen refuses a page remark parses (and then overflows on in its HTML stage)
    const sites = await sitesUnder('fixtures/**/*.md', REPO, ['fixtures/build/bad-inputs/*-nested-too-deep/**']);
    let count = 0;
    const failures: string[] = [];
    for (const [contentDir, files] of sites) {
      count += files.length;
      failures.push(...(await compareSite(contentDir, files)));
    }
    expect(count).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  describe('a generated 200-page bench corpus', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-oracle-'));
      const { generateCorpus } = (await import(path.join(REPO, 'bench/corpus.mjs'))) as { generateCorpus: (d: string, o: { pages: number }) => Promise<unknown> };
      await generateCorpus(dir, { pages: 200 });
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('compiles every page identically', async () => {
      const files = await fg('content/**/*.md', { cwd: dir, absolute: true });
      expect(files).toHaveLength(200);
      expect(await compareSite(path.join(dir, 'content'), files)).toEqual([]);
    });
  });
});
