// Loading the YAML source: positions, file order, the seed's entry shape, codes.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRedirects, redirectCodes, writeRedirectArtifacts } from '../../src/redirects/index.js';
import { loadSampleRules } from './sample.js';

describe('loadRedirects', () => {
  it('reports YAML nested too deep and alias bombs at their line instead of crashing', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-load-'));
    await mkdir(path.join(root, 'redirects'));
    await writeFile(path.join(root, 'redirects/deep.yaml'), `- from: /documentation/a/\n  to: ${'['.repeat(3000)}${']'.repeat(3000)}\n`);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefg'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(', ')}]`)];
    await writeFile(path.join(root, 'redirects/z-bomb.yaml'), `- from: /documentation/b/\n  to: /documentation/x/\n  note:\n${bomb.map((l) => `    ${l}`).join('\n')}\n`);
    const res = await loadRedirects(path.join(root, 'redirects'), { root });
    expect(res.diagnostics.map((d) => [d.code, d.location?.file, d.location?.line, d.message])).toEqual([
      ['DG4001', 'redirects/deep.yaml', 2, 'the YAML nests 3002 levels deep, too deep to be read'],
      ['DG4001', 'redirects/z-bomb.yaml', expect.any(Number), expect.stringContaining('the YAML aliases expand to more than 100 copies')],
    ]);
    await rm(root, { recursive: true, force: true });
  });

  it('loads files in name order with the line and column of each entry and the seed shape', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-load-'));
    await mkdir(path.join(root, 'redirects'));
    await writeFile(path.join(root, 'redirects/b.yaml'), '# b\n\n- from: /documentation/b/\n  to: /documentation/x/\n  status: 308\n  note: moved\n');
    await writeFile(path.join(root, 'redirects/a.yml'), '- from: "/documentation/a/"\n  to: /documentation/x/\n');
    await writeFile(path.join(root, 'redirects/readme.txt'), 'ignored');
    const res = await loadRedirects(path.join(root, 'redirects'), { root });
    expect(res.diagnostics).toEqual([]);
    expect(res.stats).toEqual({ files: 2, rules: 2 });
    const [a, b] = res.outputs.rules;
    expect(a).toMatchObject({ from: '/documentation/a/', status: 301, isPermanent: true, ignoreCase: true, redirectInBrowser: true, fromPath: '/documentation/a/', toPath: '/documentation/x/', location: { file: 'redirects/a.yml', line: 1, column: 3 } });
    expect(a!.positions!.from).toMatchObject({ line: 1, column: 10 });
    expect(b).toMatchObject({ status: 308, note: 'moved', isPermanent: true, location: { file: 'redirects/b.yaml', line: 3, column: 3 } });
    await rm(root, { recursive: true, force: true });
  });

  it('treats a missing folder as no redirects', async () => {
    const res = await loadRedirects('/nonexistent/redirects', { root: '/nonexistent' });
    expect(res).toEqual({ diagnostics: [], outputs: { rules: [] }, stats: { files: 0, rules: 0 } });
  });

  it('loads the sample site: several hundred entries in one file per old area', async () => {
    const rules = await loadSampleRules();
    expect(rules.length).toBeGreaterThanOrEqual(400);
    expect(new Set(rules.map((r) => r.location.file)).size).toBe(15);
    expect(rules).toContainEqual(expect.objectContaining({ from: '/documentation/mapping-apis-and-services/routing/fleet-routing/', to: '/documentation/mapping-and-location-services/routing-and-directions/vehicle-routing-problem/' }));
  });
});

describe('redirect codes', () => {
  it('are unique DG4xxx codes', () => {
    const values = Object.values(redirectCodes);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(v).toMatch(/^DG4\d{3}$/);
  });
});

describe('writeRedirectArtifacts', () => {
  it('writes _redirects, nginx http.conf + server.conf and redirects.json in the seed shape', async () => {
    const rules = await loadSampleRules();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-artifacts-'));
    const written = await writeRedirectArtifacts(rules, { publicDir: path.join(dir, 'public'), serverDir: path.join(dir, 'server'), pathPrefix: '/documentation', proxyAllowedHosts: ['js.arcgis.com'] });
    expect(written.map((f) => path.relative(dir, f))).toEqual(['public/_redirects', 'server/nginx/http.conf', 'server/nginx/server.conf', 'server/redirects.json']);
    const { readFile } = await import('node:fs/promises');
    const json = JSON.parse(await readFile(path.join(dir, 'server/redirects.json'), 'utf8'));
    expect(json).toHaveLength(rules.length);
    expect(Object.keys(json[0]).sort()).toEqual(['fromPath', 'ignoreCase', 'isPermanent', 'redirectInBrowser', 'statusCode', 'toPath']);
    expect(await readFile(path.join(dir, 'server/nginx/server.conf'), 'utf8')).toContain('error_page 404 /documentation/404.html;');
    await rm(dir, { recursive: true, force: true });
  });
});

describe('the sample redirects against the sample content', () => {
  it('point only at pages of content/ and hide none of them', async () => {
    const fg = (await import('fast-glob')).default;
    const { repoRoot } = await import('../helpers/cli.js');
    const { validateRedirects } = await import('../../src/redirects/index.js');
    const { SAMPLE_REDIRECT_HOSTS: ALLOWED_EXTERNAL_HOSTS } = await import('../helpers/sample-config.js');
    // content/a/b.md is /documentation/a/b/, content/a/index.md is /documentation/a/ (brief SITE.md)
    const files = await fg('**/*.md', { cwd: path.join(repoRoot, 'content') });
    const pages = new Set(files.map((f) => '/documentation/' + f.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '/')));
    expect(pages.size).toBeGreaterThanOrEqual(100);
    expect(validateRedirects(await loadSampleRules(), { pagePaths: pages, allowedHosts: ALLOWED_EXTERNAL_HOSTS, pathPrefix: '/documentation' })).toEqual([]);
  });
});
