// The two commands as users run them (the real binary for the exit-code contract, the in-process adapter for
// the rest, to keep the folder fast): the sample site validates, every format exports, usage errors exit 2.
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { loadSampleRules, makeFakeSite } from './sample.js';
import { writeRedirectArtifacts } from '../../src/redirects/index.js';
import { runInProcess } from './run-cli.js';

let project: string;
let site: string;

beforeAll(async () => {
  // a project with only the sample redirects: no stale dist/ from someone else's build
  project = await mkdtemp(path.join(os.tmpdir(), 'docsgen-redirects-cli-'));
  await cp(path.join(repoRoot, 'redirects'), path.join(project, 'redirects'), { recursive: true });
  // the sample site's config: its redirect host allowlist and site URL (docsgen's defaults have neither)
  await cp(path.join(repoRoot, 'docsgen.config.yaml'), path.join(project, 'docsgen.config.yaml'));
  site = (await makeFakeSite(await loadSampleRules())).root;
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(site, { recursive: true, force: true });
});

describe('docsgen validate-redirects', () => {
  it('exits 0 on the sample site and counts its redirects', async () => {
    const res = await runDocsgen(['validate-redirects', '--root', project]);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toBe('✔ no problems\n661 redirects in 15 files (no built site: targets and shadowed pages not checked)');
  });

  it('checks targets against a built site with --site', async () => {
    const res = await runInProcess(['validate-redirects', '--root', project, '--site', site]);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain('661 redirects in 15 files, checked against');
  });

  it('prints JSON with --json', async () => {
    const res = await runInProcess(['validate-redirects', '--root', project, '--json']);
    expect(res.exitCode).toBe(0);
    const json = JSON.parse(res.stdout);
    expect(json).toMatchObject({ ok: true, stats: { files: 15, rules: 661 }, diagnostics: [] });
  });

  it('prints GitHub annotations with --format github', async () => {
    const res = await runDocsgen(['validate-redirects', '--root', path.join(repoRoot, 'fixtures/redirects/chain-of-three'), '--format', 'github']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout.split('\n')[0]).toMatch(/^::error file=redirects\/routing\.yaml,line=2,col=7,title=DG4005::redirect chain/);
  });

  it('exits 2 when --site is not a folder', async () => {
    const res = await runInProcess(['validate-redirects', '--root', project, '--site', path.join(project, 'nope')]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('no such folder');
  });
});

describe('docsgen export-redirects', () => {
  it.each(['nginx', 'netlify', 'json', 'apache', 'caddy', 'vercel'])('writes %s to stdout', async (format) => {
    const res = await runInProcess(['export-redirects', '--root', project, '--format', format]);
    expect(res.exitCode).toBe(0);
    expect(res.stdout.length).toBeGreaterThan(10_000);
    if (format === 'json') expect(JSON.parse(res.stdout)).toHaveLength(661);
    if (format === 'netlify') expect(res.stdout.trim().split('\n').filter((l) => !l.startsWith('#'))).toHaveLength(661);
  });

  it.each(['netlify', 'json', 'caddy'])('writes %s to stdout with --out -, as without --out, and no file', async (format) => {
    const plain = await runInProcess(['export-redirects', '--root', project, '--format', format]);
    const dash = await runInProcess(['export-redirects', '--root', project, '--format', format, '--out', '-']);
    expect(dash.exitCode).toBe(0);
    expect(dash.stdout).toBe(plain.stdout);
    expect((await readdir(project)).sort()).toEqual(['docsgen.config.yaml', 'redirects']); // the project's own files, no export file
  });

  it('nginx --out DIR writes http.conf and server.conf exactly as the build does', async () => {
    const out = path.join(project, 'out/nginx');
    const res = await runInProcess(['export-redirects', '--root', project, '--format', 'nginx', '--out', out]);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toBe(`661 redirects written to ${path.relative(process.cwd(), out)}/http.conf (include in http {}) and ${path.relative(process.cwd(), out)}/server.conf (include in the server {})\n`);
    const built = await mkdtemp(path.join(os.tmpdir(), 'docsgen-built-'));
    await writeRedirectArtifacts(await loadSampleRules(), { publicDir: path.join(built, 'public'), serverDir: path.join(built, 'server'), pathPrefix: '/documentation', proxyAllowedHosts: ['js.arcgis.com', 'www.googletagmanager.com'] });
    for (const f of ['http.conf', 'server.conf']) expect(await readFile(path.join(out, f), 'utf8'), f).toBe(await readFile(path.join(built, 'server/nginx', f), 'utf8'));
    await rm(built, { recursive: true, force: true });
  });

  it('nginx --out DIR (and to stdout) after a build with matchPath pages: the same bytes as dist/server/nginx', async () => {
    // the build puts the matchPath pages into http.conf; an export that left them out sent those URLs to the 404
    const built = await copyFixture('client/match-path-site');
    try {
      expect((await runDocsgen(['build', '--root', built])).exitCode).toBe(0);
      const res = await runDocsgen(['export-redirects', '--root', built, '--format', 'nginx', '--out', path.join(built, 'exported')]);
      expect(res.exitCode, res.stderr).toBe(0);
      for (const f of ['http.conf', 'server.conf']) expect(await readFile(path.join(built, 'exported', f), 'utf8'), f).toBe(await readFile(path.join(built, 'dist/server/nginx', f), 'utf8'));
      expect(await readFile(path.join(built, 'exported/http.conf'), 'utf8')).toContain('"~^/documentation/users/[^/]+/?$" "/documentation/users/index.html";');
      // without --out: the same http.conf on stdout
      const stdout = await runDocsgen(['export-redirects', '--root', built, '--format', 'nginx']);
      // (execa drops the final newline)
      expect(stdout.stdout).toBe((await readFile(path.join(built, 'dist/server/nginx/http.conf'), 'utf8')).replace(/\n$/, ''));
    } finally {
      await rm(built, { recursive: true, force: true });
    }
  }, 60_000);

  it('nginx to stdout is http.conf, and says where server.conf comes from', async () => {
    const res = await runInProcess(['export-redirects', '--root', project, '--format', 'nginx']);
    expect(res.stdout).toContain('map $uri $docsgen_exact {');
    expect(res.stderr).toBe('this is http.conf (include it in http {}); --out DIR also writes server.conf, which acts on it inside the server {}\n');
  });

  it('--help says where each nginx file goes and that nothing is written while there is an error', async () => {
    const res = await runDocsgen(['export-redirects', '--help']);
    expect(res.stdout.replace(/\s+/g, ' ')).toContain('nginx: a folder that gets http.conf (include it in http {}) and server.conf (include it in the server {} whose root is the web root)');
    expect(res.stdout.replace(/\s+/g, ' ')).toContain('nothing is written while there is an error');
  });

  it('writes one stub page per exact source with --format html', async () => {
    const out = path.join(project, 'stubs');
    const res = await runDocsgen(['export-redirects', '--root', project, '--format', 'html', '--out', out]);
    expect(res.exitCode).toBe(0);
    const html = await readFile(path.join(out, 'documentation/mapping-apis-and-services/routing/fleet-routing/index.html'), 'utf8');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/documentation/mapping-and-location-services/routing-and-directions/vehicle-routing-problem/">');
    expect(html).toContain('<link rel="canonical" href="https://developers.arcgis.com/documentation/mapping-and-location-services/routing-and-directions/vehicle-routing-problem/">');
    expect((await readdir(path.join(out, 'documentation'))).length).toBeGreaterThan(10);
  });

  it.each([
    [['--format', 'iis'], 'unknown format `iis`'],
    [[], "required option '--format <format>' not specified"],
    [['--format', 'html'], 'the html format writes one page per source'],
  ])('exits 2 on a usage error: %j', async (args, message) => {
    const res = await (args.length === 0 ? runDocsgen : runInProcess)(['export-redirects', '--root', project, ...args]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(message);
  });

  it.each(['nginx', 'netlify', 'json', 'apache', 'caddy', 'vercel', 'html'])('--format %s --out writes nothing and exits 1 while validation against the site has an error', async (format) => {
    // the case: a source that is a page of the built site in another case (DG4007), found only with the site
    const out = await mkdtemp(path.join(os.tmpdir(), 'docsgen-refused-'));
    const fixture = path.join(repoRoot, 'fixtures/redirects/html-export-beside-page');
    try {
      const res = await runInProcess(['export-redirects', '--root', fixture, '--site', path.join(fixture, 'site'), '--format', format, '--out', path.join(out, 'target')]);
      expect(res.exitCode).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain('error  DG4007');
      expect(res.stderr).toContain('nothing exported: fix the redirects first');
      expect(await readdir(out)).toEqual([]);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('exports nothing and exits 1 when the source has errors', async () => {
    const res = await runDocsgen(['export-redirects', '--root', path.join(repoRoot, 'fixtures/redirects/loop-of-two'), '--format', 'netlify']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('DG4006');
    expect(res.stderr).toContain('nothing exported');
  });
});
