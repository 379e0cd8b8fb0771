// Each bad-input fixture gives exactly its expected problems at file:line (expected.txt beside it), through the
// CLI adapter (in-process; cli.test.ts runs the binary); the library gives the same codes and places.
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { runInProcess } from './run-cli.js';
import { collectServedPaths, loadRedirects, validateRedirects, type ValidateOptions } from '../../src/redirects/index.js';
import type { Diagnostic } from '../../src/diagnostics/types.js';
import { SAMPLE_REDIRECT_HOSTS as ALLOWED_EXTERNAL_HOSTS } from '../helpers/sample-config.js';

const dir = path.join(repoRoot, 'fixtures/redirects');
const scenarios = readdirSync(dir).filter((n) => existsSync(path.join(dir, n, 'expected.txt')));

describe('validate-redirects on fixtures', () => {
  it('has a fixture for every problem', () => {
    expect(scenarios).toEqual(expect.arrayContaining([
      'chain-of-three', 'loop-of-two', 'self-redirect', 'duplicate-across-files', 'conflicting-targets', 'unsafe-characters', 'open-redirects', 'schema-errors', 'yaml-syntax-error', 'outside-prefix',
      'invalid-patterns', 'shadows-and-missing-pages', 'pattern-limit-cloudflare', 'valid-small', 'valid-url-paths', 'duplicates-across-encodings', 'encoded-dot-segments', 'temporary-status', 'deploy-target-cloudflare',
      'html-export-beside-page',
    ]));
  });

  it.each(scenarios)('%s: exact problems, file:line and exit code', async (name) => {
    const root = path.join(dir, name);
    const site = existsSync(path.join(root, 'site')) ? ['--site', path.join(root, 'site')] : [];
    const res = await runInProcess(['validate-redirects', '--root', root, ...site]);
    const expected = readFileSync(path.join(root, 'expected.txt'), 'utf8');
    expect(`${res.stderr}exit ${res.exitCode}\n`).toBe(expected);
  });
});

describe('validateRedirects (library) on fixtures', () => {
  async function diagnostics(name: string, opts: Partial<ValidateOptions> = {}): Promise<Diagnostic[]> {
    const root = path.join(dir, name);
    const loaded = await loadRedirects(path.join(root, 'redirects'), { root });
    const site = path.join(root, 'site');
    const pagePaths = existsSync(site) ? await collectServedPaths(site) : undefined;
    return [...loaded.diagnostics, ...validateRedirects(loaded.outputs.rules, { allowedHosts: ALLOWED_EXTERNAL_HOSTS, pathPrefix: '/documentation', ...(pagePaths ? { pagePaths } : {}), ...opts })];
  }
  async function problems(name: string, opts: Partial<ValidateOptions> = {}): Promise<string[]> {
    return (await diagnostics(name, opts)).map((d) => `${d.code}${d.severity === 'warning' ? ' (warning)' : ''} ${d.location!.file}:${d.location!.line}`);
  }

  it('reports a chain of three on the first two entries and names the final target', async () => {
    expect(await problems('chain-of-three')).toEqual(['DG4005 redirects/routing.yaml:2', 'DG4005 redirects/routing.yaml:4']);
  });

  it('reports both entries of a loop, and a page redirected to itself in another case', async () => {
    expect(await problems('loop-of-two')).toEqual(['DG4006 redirects/glossary.yaml:2', 'DG4006 redirects/glossary.yaml:4']);
    expect(await problems('self-redirect')).toEqual(['DG4006 redirects/glossary.yaml:2', 'DG4006 redirects/glossary.yaml:3']);
  });

  it('reports a duplicate in another file and in another case, pointing at the first', async () => {
    expect(await problems('duplicate-across-files')).toEqual(['DG4003 redirects/b-more-security.yaml:2']);
  });

  it('reports shadowed pages and missing targets against a built site', async () => {
    expect(await problems('shadows-and-missing-pages')).toEqual([
      'DG4007 redirects/pages.yaml:1', 'DG4007 redirects/pages.yaml:3', 'DG4008 redirects/pages.yaml:8',
      'DG4008 redirects/pages.yaml:10', 'DG4008 redirects/pages.yaml:12', 'DG4007 redirects/pages.yaml:5',
    ]);
  });

  it('reports every hostile character in the column it sits in', async () => {
    const root = path.join(dir, 'unsafe-characters');
    const loaded = await loadRedirects(path.join(root, 'redirects'), { root });
    const diags = validateRedirects(loaded.outputs.rules, { allowedHosts: [], pathPrefix: '/documentation' });
    expect(diags).toHaveLength(15);
    expect(diags.every((d) => d.code === 'DG4009')).toBe(true);
    const space = diags[1]!;
    expect(space.location!.lineText!.slice(space.location!.column - 1)).toMatch(/^ 200 pwned;\/$/);
  });

  it('accepts percent-encoded, non-ASCII and reserved paths, and targets with a query and a fragment', async () => {
    expect(await problems('valid-url-paths')).toEqual([]);
  });

  it('finds duplicates and conflicts across encodings and ASCII case', async () => {
    expect(await problems('duplicates-across-encodings')).toEqual(['DG4003 redirects/b.yaml:2', 'DG4004 redirects/b.yaml:4', 'DG4004 redirects/b.yaml:6']);
  });

  it('checks a target after percent-decoding: `%2e%2e` is a `..` segment', async () => {
    expect(await problems('encoded-dot-segments')).toEqual(['DG4009 redirects/dots.yaml:2', 'DG4009 redirects/dots.yaml:4', 'DG4009 redirects/dots.yaml:5']);
  });

  it('warns on 302 and 307 and says nothing on 301 and 308', async () => {
    expect(await problems('temporary-status')).toEqual(['DG4015 (warning) redirects/status.yaml:4', 'DG4015 (warning) redirects/status.yaml:7']);
  });

  it('makes a host limit an error only for the deploy target, and only for that host\'s format', async () => {
    expect(await problems('pattern-limit-cloudflare')).toEqual(['DG4011 (warning) redirects/archive.yaml:202']);
    expect(await problems('pattern-limit-cloudflare', { deployTarget: 'cloudflare' })).toEqual(['DG4011 redirects/archive.yaml:202']);
    expect(await problems('pattern-limit-cloudflare', { deployTarget: 'cloudflare', formats: ['nginx'] })).toEqual([]);
    expect(await problems('pattern-limit-cloudflare', { deployTarget: 'nginx' })).toEqual(['DG4011 (warning) redirects/archive.yaml:202']);
    const [d] = await diagnostics('pattern-limit-cloudflare');
    expect(d!.message).toContain('Cloudflare Pages');
    expect(d!.message).toContain('--format netlify');
  });
});
