import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/content/frontmatter.js';
import { gitContentHead, parseGitLog, readGitDates } from '../../src/content/git-dates.js';
import { isIsoDate } from '../../src/content/iso-date.js';
import { assertReaching } from '../helpers/reach.js';

// "Last updated" (issue 22): a frontmatter date, or the last commit of the page's file from one `git log`.

describe('frontmatter lastUpdated', () => {
  it('takes an ISO 8601 date or date-time that exists, and nothing else', () => {
    // the oracle: a date exists when Date keeps its year, month and day (setUTCFullYear: no 2-digit-year rule)
    const exists = (y: number, m: number, d: number) => {
      const date = new Date(0);
      date.setUTCFullYear(y, m - 1, d);
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    };
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    assertReaching(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.constantFrom('', 'T09:30Z', 'T23:59:59+05:30', 'T00:00:00.123-0800', 'T24:00Z', ' 09:30', 'T9:30Z'), (y, m, d, time) => {
        const valid = exists(y, m, d) && m >= 1 && m <= 12 && d >= 1 && !['T24:00Z', ' 09:30', 'T9:30Z'].includes(time);
        expect(isIsoDate(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}${time}`)).toBe(valid);
      }),
      { numRuns: 3000 },
    );
    for (const bad of ['2024-3-15', '15.03.2024', 'March 15, 2024', '2024-03-15T', '2024-03-15Z', 'x2024-03-15']) expect(isIsoDate(bad)).toBe(false);
  });

  it('is read from frontmatter, and a bad one is an error at its line', () => {
    const ok = parseFrontmatter('---\ntitle: T\ndescription: D\nlastUpdated: 2024-02-29\n---\n', 'content/a.md');
    expect(ok).toEqual({ data: { title: 'T', description: 'D', lastUpdated: '2024-02-29' }, diagnostics: [] });
    const bad = parseFrontmatter('---\ntitle: T\ndescription: D\nlastUpdated: 2023-02-29\n---\n', 'content/a.md');
    expect(bad.data).toBeNull();
    expect(bad.diagnostics.map((d) => `${d.location?.line}:${d.location?.column}  ${d.code}  ${d.message}`)).toEqual([
      '4:1  DG2002  invalid frontmatter `lastUpdated`: a date like 2025-01-31 (or an ISO 8601 date-time like 2025-01-31T09:30:00Z)',
    ]);
  });
});

describe('dates from git', () => {
  let repo = '';
  const git = (args: string[], date?: number) =>
    execFileSync('git', ['-C', repo, ...args], {
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e', ...(date ? { GIT_COMMITTER_DATE: `@${date} +0000`, GIT_AUTHOR_DATE: `@${date} +0000` } : {}) },
    });

  beforeAll(async () => {
    repo = await mkdtemp(path.join(os.tmpdir(), 'docsgen-git-dates-'));
    git(['init', '-q', '-b', 'main']);
    await mkdir(path.join(repo, 'content/a b'), { recursive: true });
    await writeFile(path.join(repo, 'content/one.md'), '1');
    await writeFile(path.join(repo, 'content/a b/ünï "q".md'), '2');
    await writeFile(path.join(repo, 'outside.md'), '0');
    git(['add', '.']);
    git(['commit', '-q', '-m', 'first'], 1_700_000_000);
    await writeFile(path.join(repo, 'content/one.md'), '1b');
    git(['commit', '-q', '-am', 'second'], 1_700_000_100);
    // a branch merged back: its commit dates the file, the merge itself lists none
    git(['checkout', '-q', '-b', 'side']);
    await writeFile(path.join(repo, 'content/a b/ünï "q".md'), '2b');
    git(['commit', '-q', '-am', 'side'], 1_700_000_200);
    git(['checkout', '-q', 'main']);
    await writeFile(path.join(repo, 'outside.md'), '0b');
    git(['commit', '-q', '-am', 'outside'], 1_700_000_300);
    git(['merge', '-q', '--no-ff', '-m', 'merge', 'side'], 1_700_000_400);
    // written but never committed: no date
    await writeFile(path.join(repo, 'content/new.md'), '3');
  });
  afterAll(async () => {
    if (repo) await rm(repo, { recursive: true, force: true });
  });

  it('gives every committed file under the folder its last commit time, from one git log', async () => {
    const dates = await readGitDates(path.join(repo, 'content'));
    expect(Object.fromEntries(dates!)).toEqual({ 'one.md': 1_700_000_100, 'a b/ünï "q".md': 1_700_000_200 });
  });

  it('names the last commit that touched the folder, and gives nothing outside a repository', async () => {
    expect(await gitContentHead(path.join(repo, 'content'))).toBe(git(['log', '-1', '--format=%H', 'side']).trim());
    const plain = await mkdtemp(path.join(os.tmpdir(), 'docsgen-no-git-'));
    try {
      expect(await gitContentHead(plain)).toBeNull();
      expect(await readGitDates(plain)).toBeNull();
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });

  it("parses git's NUL-separated log, keeping each file's latest time whatever the order", () => {
    expect(Object.fromEntries(parseGitLog('\x00300\x00\x00200\x00\na.md\x00b\nc.md\x00\x00400\x00\nb\nc.md\x00'))).toEqual({ 'a.md': 200, 'b\nc.md': 400 });
    expect(parseGitLog('')).toEqual(new Map());
  });
});
