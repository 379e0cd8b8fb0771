// Renaming, moving and deleting pages of a fixture site between two builds: the problems the second build reports
// (DG5200 at the file that removed each URL), the redirects suggest-redirects proposes, and --write.
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile, cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

const FIXTURE = 'inbound/three-sections-moved-renamed-deleted';
const made: string[] = [];
afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'pipe' }).toString();

/** The fixture in a fresh folder, committed to git and built once (the list of published URLs exists). */
async function builtSite(): Promise<string> {
  const site = await copyFixture(FIXTURE);
  made.push(site);
  git(site, 'init', '-q');
  git(site, 'add', '-A');
  git(site, 'commit', '-qm', 'first');
  const first = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images']);
  expect(first.exitCode, first.stderr).toBe(0);
  return site;
}

/** Renames the install page (same bytes), deletes two pages (committed), moves the settings page with an edit (not). */
async function renameMoveDelete(site: string): Promise<void> {
  git(site, 'mv', 'content/guide/install.md', 'content/guide/installing.md');
  git(site, 'rm', '-q', 'content/guide/configure-the-widget.md', 'content/guide/troubleshooting.md');
  git(site, 'commit', '-qm', 'move things');
  // moved with an edit and not committed yet: git knows no rename, the text finds it
  const settings = await readFile(path.join(site, 'content/reference/settings-file.md'), 'utf8');
  await rm(path.join(site, 'content/reference/settings-file.md'));
  await writeFile(path.join(site, 'content/guide/settings.md'), settings.replace('three keys', 'three keys, all optional,'));
}

const removedIn = (stderr: string) => [...stderr.matchAll(/^(\S+):1:1 {2}(\w+) {2}DG5200 {2}(\S+) was published/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort();

describe('a page removed between two builds', () => {
  it('reports nothing on the first build, and lists every page and exact redirect source in published.json', async () => {
    const site = await builtSite();
    const list = JSON.parse(await readFile(path.join(site, 'dist/server/published.json'), 'utf8'));
    expect(list.pages.map((p: { url: string }) => p.url)).toEqual(['/documentation/', '/documentation/guide/', '/documentation/guide/configure-the-widget/', '/documentation/guide/install/', '/documentation/guide/troubleshooting/', '/documentation/reference/', '/documentation/reference/settings-file/']);
    expect(list.pages.find((p: { url: string }) => p.url === '/documentation/guide/install/')).toMatchObject({ file: 'content/guide/install.md', title: 'Install the widget service' });
    expect(list.redirects.map((r: { url: string }) => r.url)).toEqual(['/documentation/help/', '/documentation/setup/']);
  });

  it('fails the build at each old file, and proposes the moved page by content and the parent section for a deleted one', async () => {
    const site = await builtSite();
    await renameMoveDelete(site);
    const r = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images']);
    expect(r.exitCode).toBe(1);
    expect(removedIn(r.stderr)).toEqual([
      'content/guide/configure-the-widget.md error /documentation/guide/configure-the-widget/',
      'content/guide/install.md error /documentation/guide/install/',
      'content/guide/troubleshooting.md error /documentation/guide/troubleshooting/',
      'content/reference/settings-file.md error /documentation/reference/settings-file/',
    ]);
    expect(r.stderr).toContain('build failed; the previous output is untouched');

    const s = await runDocsgen(['suggest-redirects', '--root', site, '--json']);
    expect(s.exitCode, s.stderr).toBe(0);
    const { proposals } = JSON.parse(s.stdout);
    const by = Object.fromEntries(proposals.map((p: { from: string }) => [p.from, p]));
    expect(by['/documentation/guide/install/']).toMatchObject({ to: '/documentation/guide/installing/', method: 'same-content', confidence: 'high', score: 1 });
    // edited while moved: found by its text, not its bytes
    expect(by['/documentation/reference/settings-file/']).toMatchObject({ to: '/documentation/guide/settings/', method: 'similar-text' });
    expect(by['/documentation/reference/settings-file/'].score).toBeGreaterThanOrEqual(0.5);
    expect(by['/documentation/guide/configure-the-widget/']).toMatchObject({ to: '/documentation/guide/', method: 'parent-section', confidence: 'low' });
    expect(by['/documentation/guide/troubleshooting/']).toMatchObject({ to: '/documentation/guide/', confidence: 'low' });
  });

  it('writes proposals that validate, point an existing redirect at the final target, and let the build pass', async () => {
    const site = await builtSite();
    await renameMoveDelete(site);
    const printed = await runDocsgen(['suggest-redirects', '--root', site]);
    expect(printed.stdout).toMatch(/^- from: \/documentation\/guide\/install\/\n {2}to: \/documentation\/guide\/installing\/$/m);
    const w = await runDocsgen(['suggest-redirects', '--root', '.', '--write', 'redirects/proposed.yaml'], { cwd: site });
    expect(w.exitCode, w.stderr).toBe(0);
    const written = await readFile(path.join(site, 'redirects/proposed.yaml'), 'utf8');
    expect(written.match(/^- from:/gm)).toHaveLength(4);
    // /help/ pointed at the deleted troubleshooting page: it now goes straight to the proposal's target, no chain
    expect(await readFile(path.join(site, 'redirects/moved.yaml'), 'utf8')).toContain('- from: /documentation/help/\n  to: /documentation/guide/\n');
    const b = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images']);
    expect(b.exitCode, b.stderr).toBe(0);
    expect(b.stderr).not.toContain('DG5200');
    // against the new build: every target exists, no source shadows a page, no chain, no loop
    const v = await runDocsgen(['validate-redirects', '--root', site]);
    expect(v.exitCode, v.stderr).toBe(0);
    const again = await runDocsgen(['suggest-redirects', '--root', site, '--json']);
    expect(JSON.parse(again.stdout).proposals).toEqual([]);
  });

  it('writes nothing while the redirects do not validate, and leaves every file as it was', async () => {
    const site = await builtSite();
    await renameMoveDelete(site);
    // a loop already in redirects/: no entry is added to a list that does not validate
    await writeFile(path.join(site, 'redirects/zz-loop.yaml'), '- from: /documentation/a/\n  to: /documentation/b/\n- from: /documentation/b/\n  to: /documentation/a/\n');
    const before = await readFile(path.join(site, 'redirects/moved.yaml'), 'utf8');
    const w = await runDocsgen(['suggest-redirects', '--root', '.', '--write', 'redirects/proposed.yaml'], { cwd: site });
    expect(w.exitCode).toBe(1);
    expect(w.stderr).toMatch(/DG4\d{3}/);
    await expect(readFile(path.join(site, 'redirects/proposed.yaml'))).rejects.toThrow();
    expect(await readFile(path.join(site, 'redirects/moved.yaml'), 'utf8')).toBe(before);
  });

  it('accepts a removed URL that a pattern redirect covers', async () => {
    const site = await builtSite();
    git(site, 'rm', '-q', 'content/guide/configure-the-widget.md');
    await writeFile(path.join(site, 'redirects/more.yaml'), '- from: /documentation/guide/configure-the-widget/*\n  to: /documentation/reference/\n');
    const r = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('DG5200');
  });

  it('only warns with --removed-pages warn, and again on the next build until the URL answers; off says nothing', async () => {
    const site = await builtSite();
    await rm(path.join(site, 'content/guide/configure-the-widget.md'));
    for (let i = 0; i < 2; i++) {
      const r = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images', '--removed-pages', 'warn']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(removedIn(r.stderr)).toEqual(['content/guide/configure-the-widget.md warning /documentation/guide/configure-the-widget/']);
    }
    const off = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images', '--removed-pages', 'off']);
    expect(off.exitCode).toBe(0);
    expect(off.stderr).not.toContain('DG5200');
    const bad = await runDocsgen(['build', '--root', site, '--removed-pages', 'maybe']);
    expect(bad.exitCode).toBe(2);
  });
});

describe('--since on a fresh checkout with no cache', () => {
  for (const kind of ['published.json', 'sitemap.xml'] as const) {
    it(`compares with a kept ${kind}`, async () => {
      const site = await builtSite();
      const kept = path.join(site, '..', `${path.basename(site)}-${kind}`);
      made.push(kept);
      await cp(path.join(site, kind === 'published.json' ? 'dist/server/published.json' : 'dist/public/sitemap.xml'), kept);
      // a fresh CI runner: the repository only, no cache, no previous output
      await rm(path.join(site, '.docsgen-cache'), { recursive: true });
      await rm(path.join(site, 'dist'), { recursive: true });
      git(site, 'rm', '-q', 'content/guide/configure-the-widget.md');
      git(site, 'commit', '-qm', 'delete');
      const plain = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images']);
      expect(plain.exitCode, 'no cache, no --since: nothing to compare with').toBe(0);
      await rm(path.join(site, '.docsgen-cache'), { recursive: true });
      const r = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images', '--since', kept]);
      expect(r.exitCode).toBe(1);
      // the sitemap knows no files: git's deletion names the file
      expect(removedIn(r.stderr)).toEqual(['content/guide/configure-the-widget.md error /documentation/guide/configure-the-widget/']);
      const s = await runDocsgen(['suggest-redirects', '--root', site, '--since', kept, '--json']);
      expect(JSON.parse(s.stdout).proposals).toMatchObject([{ from: '/documentation/guide/configure-the-widget/', to: '/documentation/guide/', confidence: 'low' }]);
    });
  }

  it('refuses a --since file that is neither (exit 2)', async () => {
    const site = await builtSite();
    await writeFile(path.join(site, 'notes.txt'), 'hello');
    const r = await runDocsgen(['build', '--root', site, '--since', path.join(site, 'notes.txt')]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('DG5201');
  });
});

describe('docsgen dev', () => {
  it('warns about a page the last build published and the content no longer has, and still serves', async () => {
    const { dev } = await import('../../src/serve/index.js');
    const site = await builtSite();
    await rm(path.join(site, 'content/guide/configure-the-widget.md'));
    const events: Array<{ type: string; diagnostics?: Array<{ code: string; severity: string; location?: { file: string } }> }> = [];
    const server = await dev({ root: site, port: 0, concurrency: 0, onEvent: (e) => events.push(e as (typeof events)[number]) });
    try {
      const done = events.find((e) => e.type === 'build-done');
      expect(done, JSON.stringify(events.map((e) => e.type))).toBeDefined();
      expect(done!.diagnostics!.filter((d) => d.code === 'DG5200').map((d) => `${d.severity} ${d.location?.file}`)).toEqual(['warning content/guide/configure-the-widget.md']);
      expect((await fetch(`${server.origin}/documentation/guide/`)).status).toBe(200);
    } finally {
      await server.close();
    }
    // dev records nothing: the next build still fails on it
    const b = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images']);
    expect(b.exitCode).toBe(1);
    expect(removedIn(b.stderr)).toEqual(['content/guide/configure-the-widget.md error /documentation/guide/configure-the-widget/']);
  });
});
