// docsgen as a user gets it: `npm pack`, installed into an empty folder, then `docsgen init`, build and serve.
// One pack and one install per run (slow: about a minute, most of it npm). npm reaches only its cache here (or
// the registry as a fallback).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

/** The seed organisation's names, which no file docsgen generates for another site may carry. */
const FOREIGN = /esri|arcgis/i;
describe('the packed and installed docsgen', () => {
  let tarball: string;
  let listed: string[];
  let home: string;
  let site: string;
  let server: ChildProcess | undefined;
  let origin: string;
  const docsgen = (args: string[], cwd: string) => execa(path.join(home, 'node_modules/.bin/docsgen'), args, { cwd, reject: false, env: { NO_COLOR: '1', CI: 'true' } });

  beforeAll(async () => {
    const packDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-pack-'));
    // packed from a copy of the sources: prepack compiles lib/ (with its .d.ts) there, never under the other test
    // files, whose CLI runs load the repo's lib/ while this one packs
    const source = await mkdtemp(path.join(os.tmpdir(), 'docsgen-source-'));
    const entries = ['package.json', 'README.md', 'LICENSE', 'THIRD-PARTY-NOTICES.md', 'tsconfig.json', 'tsconfig.types.json', 'bin', 'lib', 'scripts', 'src', 'templates', 'starter', 'docs'];
    for (const entry of entries) await cp(path.join(repoRoot, entry), path.join(source, entry), { recursive: true });
    await symlink(path.join(repoRoot, 'node_modules'), path.join(source, 'node_modules'));
    const packed = await execa('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: source, reject: false });
    expect(packed.exitCode, packed.stderr).toBe(0);
    const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(packDir, info[0]!.filename);
    listed = info[0]!.files.map((f) => f.path);
    home = await mkdtemp(path.join(os.tmpdir(), 'docsgen-installed-'));
    await writeFile(path.join(home, 'package.json'), '{ "name": "empty", "private": true }\n');
    const args = ['install', tarball, '--no-audit', '--no-fund', '--ignore-scripts'];
    let installed = await execa('npm', [...args, '--offline'], { cwd: home, reject: false });
    // a cache without some package's metadata: the registry is the one host this machine reaches
    if (installed.exitCode !== 0) installed = await execa('npm', [...args, '--prefer-offline'], { cwd: home, reject: false });
    expect(installed.exitCode, installed.stderr).toBe(0);
    const made = await docsgen(['init', 'my-docs', '--name', 'Acme Widgets'], home);
    expect(made.exitCode, made.stderr).toBe(0);
    site = path.join(home, 'my-docs');
    const built = await docsgen(['build', '--quiet'], site);
    expect(built.exitCode, built.stderr).toBe(0);
    server = spawn(path.join(home, 'node_modules/.bin/docsgen'), ['serve', '--port', '0', '--json'], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'] });
    origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      server!.stdout!.on('data', (b: Buffer) => {
        out += b;
        const line = out.split('\n')[0];
        if (out.includes('\n')) resolve(new URL((JSON.parse(line!) as { url: string }).url).origin);
      });
      server!.once('exit', (code) => reject(new Error(`docsgen serve exited with ${code}`)));
    });
  }, 300_000);

  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('holds the compiled code, its types, the starter, the license and notices, and no tests, fixtures or sample content', async () => {
    expect(listed).toEqual(expect.arrayContaining(['bin/docsgen', 'lib/index.js', 'lib/index.d.ts', 'lib/cli/index.js', 'starter/docsgen.config.yaml', 'templates/doc.tsx', 'LICENSE', 'THIRD-PARTY-NOTICES.md']));
    expect(listed.filter((f) => /^(test|fixtures|content|bench|redirects|scripts|src)\//.test(f))).toEqual([]);
    const pkg = JSON.parse(await readFile(path.join(home, 'node_modules/docsgen/package.json'), 'utf8')) as { version: string; types: string };
    expect(existsSync(path.join(home, 'node_modules/docsgen', pkg.types))).toBe(true);
    const version = await docsgen(['--version'], home);
    expect(version.stdout.trim()).toBe(pkg.version);
  });

  it('serves pages titled with the site\'s own name', async () => {
    for (const p of ['/documentation/', '/documentation/guide/writing-a-page/']) {
      const res = await fetch(origin + p);
      expect(res.status, p).toBe(200);
      const title = /<title>([^<]*)<\/title>/.exec(await res.text())?.[1];
      expect(title, p).toMatch(/Acme Widgets$/);
    }
  });

  it('serves the favicon from public/ at the web root', async () => {
    const res = await fetch(`${origin}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(await readFile(path.join(site, 'public/favicon.ico')));
  });

  it('serves the robots.txt from public/, and writes no sitemap without siteUrl', async () => {
    const res = await fetch(`${origin}/robots.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(await readFile(path.join(site, 'public/robots.txt'), 'utf8'));
    expect(existsSync(path.join(site, 'dist/public/sitemap.xml'))).toBe(false);
  });

  it('carries no name of the seed\'s organisation in any page, page data, manifest, sitemap, redirect or server file', async () => {
    const dist = path.join(site, 'dist');
    // the component library's code and assets are its own (third-party code aside)
    const files = await fg('**/*', { cwd: dist, dot: true, ignore: ['public/documentation/calcite/**', '**/*.js', '**/*.png', '**/*.ico', '**/*.map'] });
    expect(files.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const f of files) {
      const text = await readFile(path.join(dist, f), 'utf8');
      const at = text.search(FOREIGN);
      if (at >= 0) leaks.push(`${f}: …${text.slice(Math.max(0, at - 40), at + 40)}…`);
    }
    expect(leaks).toEqual([]);
  });

  it('stays within 2 MB and 300 files in dist/public', async () => {
    const pub = path.join(site, 'dist/public');
    const files = await fg('**/*', { cwd: pub, dot: true });
    let bytes = 0;
    for (const f of files) bytes += (await stat(path.join(pub, f))).size;
    expect(files.length).toBeLessThanOrEqual(300);
    expect(bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
