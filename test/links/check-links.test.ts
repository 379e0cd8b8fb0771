import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/index.js';
import { repoRoot } from '../helpers/cli.js';

const fixture = path.join(repoRoot, 'fixtures/links/every-problem-kind');

/** The fields `--json` prints, in the order it prints them. */
function publicShape(problems: Awaited<ReturnType<typeof checkLinks>>['outputs']['problems']) {
  return problems.map((p) => ({ page: p.page, href: p.href, kind: p.kind, ...(p.source ? { source: p.source } : {}), ...(p.target !== undefined ? { target: p.target } : {}) }));
}

describe('checkLinks on a site with every problem kind', () => {
  it('reports exactly the expected problems: no false positives, no misses', async () => {
    const expected = JSON.parse(await readFile(path.join(fixture, 'expected.json'), 'utf8'));
    const result = await checkLinks({ dir: path.join(fixture, 'public'), cwd: repoRoot, concurrency: 1 });
    expect(publicShape(result.outputs.problems)).toEqual(expected);
    expect(result.outputs.pages).toBe(8);
    expect(result.stats.pages).toBe(8);
    expect(result.outputs.links).toBe(74);
  });

  it('gives each problem one diagnostic with the code of its kind and its place', async () => {
    const result = await checkLinks({ dir: path.join(fixture, 'public'), cwd: repoRoot, concurrency: 1 });
    expect(result.diagnostics).toHaveLength(result.outputs.problems.length);
    const byCode = (code: string) => result.diagnostics.filter((d) => d.code === code);
    expect(byCode('DG5104')[0]).toEqual({
      code: 'DG5104',
      severity: 'error',
      message: 'link `/documentation/Maps/` differs in letter case from `/documentation/maps/`; it breaks on a case-sensitive server',
      hint: 'use `/documentation/maps/`',
      location: { file: 'fixtures/links/every-problem-kind/public/documentation/index.html', line: 62, column: 8 },
    });
    expect(byCode('DG5105').map((d) => d.hint)).toEqual([
      'update it to `/documentation/maps/`',
      'update it to `/documentation/maps/`',
      'update it to `/documentation/tutorials/routing/`',
      'update it to `/documentation/maps/basemaps/`',
    ]);
    expect(byCode('DG5105').every((d) => d.severity === 'warning')).toBe(true);
    expect(byCode('DG5106').every((d) => d.severity === 'warning')).toBe(true);
    expect(byCode('DG5102').find((d) => d.message.includes('#Intro'))?.hint).toBe('did you mean `/documentation/maps/#intro`?');
  });

  it('names the Markdown file, line and column the build recorded, and the HTML for template links', async () => {
    const result = await checkLinks({ dir: path.join(fixture, 'public'), cwd: repoRoot, concurrency: 1 });
    const nothing = result.diagnostics.filter((d) => d.message.startsWith('link `../../nothing/`'));
    // the navigation's copy of the same href comes first in the HTML but is not in the Markdown
    expect(nothing.map((d) => d.location)).toEqual([
      { file: 'fixtures/links/every-problem-kind/public/documentation/maps/basemaps/index.html', line: 5, column: 46 },
      { file: 'content/maps/basemaps.md', line: 7, column: 6 },
      { file: 'content/maps/basemaps.md', line: 7, column: 46 },
    ]);
  });

  it('looks for the build records only beside a `public` folder; --path-prefix serves a folder under a prefix', async () => {
    const result = await checkLinks({ dir: path.join(fixture, 'public'), cwd: repoRoot, concurrency: 1, redirectsFile: undefined, linkSourcesFile: undefined });
    expect(result.outputs.problems.some((p) => p.kind === 'redirected')).toBe(true); // auto-detected from ../server
    const other = await checkLinks({ dir: path.join(fixture, 'public/documentation'), cwd: repoRoot, concurrency: 1, pathPrefix: '/documentation' });
    // not a `public` folder: no build records are looked for, so redirect sources are plain missing pages
    expect(other.outputs.problems.filter((p) => p.kind === 'redirected')).toEqual([]);
    expect(other.outputs.problems.find((p) => p.href === '/documentation/old-maps/')?.kind).toBe('missing-page');
    expect(other.outputs.problems.every((p) => p.source === undefined)).toBe(true);
    // the same links resolve the same with the prefix stripped from the folder
    expect(other.outputs.problems.find((p) => p.href === '/documentation/maps')?.kind).toBe('no-trailing-slash');
  });

  it('finds nothing wrong with a clean site', async () => {
    const result = await checkLinks({ dir: path.join(repoRoot, 'fixtures/links/clean-site/public'), cwd: repoRoot });
    expect(result.outputs).toEqual({ pages: 2, links: 4, problems: [], notices: [] });
    expect(result.diagnostics).toEqual([]);
  });

  it('stops with a usage error (exit 2) for a folder that is not there or has no pages', async () => {
    await expect(checkLinks({ dir: 'fixtures/links/not-there', cwd: repoRoot })).rejects.toMatchObject({ exitCode: 2, diagnostic: { code: 'DG5001' } });
    await expect(checkLinks({ dir: 'fixtures/links/every-problem-kind/server', cwd: repoRoot })).rejects.toMatchObject({ exitCode: 2, diagnostic: { code: 'DG5002' } });
  });
});
