// `docsgen init`: a new site that builds as it is, and a folder that already holds work is never written into.
import { mkdir, mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { assertReaching } from '../helpers/reach.js';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/config/index.js';
import { siteConfigKeys } from '../../src/config/schema.js';
import { init, packageName, STARTER_DIR } from '../../src/init/index.js';
import { repoRoot, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

const tmp = () => mkdtemp(path.join(os.tmpdir(), 'docsgen-init-'));
const version = async () => (JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

describe('docsgen init my-docs', () => {
  let site: string;
  let pub: string;
  let stderr: string;
  beforeAll(async () => {
    const parent = await tmp();
    const made = await runDocsgen(['init', 'my-docs'], { cwd: parent });
    expect(made.exitCode, made.stderr).toBe(0);
    stderr = made.stderr;
    site = path.join(parent, 'my-docs');
    const built = await runDocsgen(['build', '--quiet'], { cwd: site });
    expect(built.exitCode, built.stderr).toBe(0);
    pub = path.join(site, 'dist/public');
  });

  it('writes the pages, config, redirects, favicon, package.json and .gitignore, and says what to run next', async () => {
    const files = await fg('**/*', { cwd: site, dot: true, ignore: ['dist/**', '.docsgen-cache/**'] });
    expect(files.sort()).toEqual(
      expect.arrayContaining(['.gitignore', 'content/index.md', 'content/guide/writing-a-page.md', 'docsgen.config.yaml', 'package.json', 'public/favicon.ico', 'public/robots.txt', 'redirects/redirects.yaml']),
    );
    const pkg = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('my-docs');
    expect(pkg.dependencies).toEqual({ docsgen: `^${await version()}` });
    expect(Object.keys(pkg.scripts).sort()).toEqual(['build', 'check', 'dev']);
    expect((await readFile(path.join(site, '.gitignore'), 'utf8')).split('\n')).toEqual(expect.arrayContaining(['dist/', '.docsgen-cache/']));
    expect(stderr).toContain('cd my-docs && npm install && npm run dev');
  });

  it('builds a guide page with a highlighted code block, a note and an optimized image, and the example redirect', async () => {
    const html = await readFile(path.join(pub, 'documentation/guide/writing-a-page/index.html'), 'utf8');
    expect(html).toMatch(/<title>Writing a page \| [^<]+<\/title>/);
    expect(html).toContain('<code class="hljs language-js">');
    expect(html).toMatch(/<aside class="note note-note" role="note">/);
    const img = /<img [^>]*src="([^"]+how-it-works[^"]*\.png)"/.exec(html);
    expect(img, 'the image is on the page').not.toBeNull();
    expect((await stat(path.join(pub, img![1]!))).size).toBeGreaterThan(0);
    const redirects = await readFile(path.join(pub, '_redirects'), 'utf8');
    expect(redirects).toMatch(/^\/documentation\/getting-started\/ +\/documentation\/guide\/writing-a-page\/ +301$/m);
  });

  it('gives the site its folder\'s name', async () => {
    const html = await readFile(path.join(pub, 'documentation/index.html'), 'utf8');
    expect(html).toContain('My Docs');
    expect((await loadProject(site)).config.siteName).toBe('My Docs');
  });

  it('stays within 2 MB and 300 files in dist/public', async () => {
    const files = await fg('**/*', { cwd: pub, dot: true });
    let bytes = 0;
    for (const f of files) bytes += (await stat(path.join(pub, f))).size;
    expect(files.length).toBeLessThanOrEqual(300);
    expect(bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});

describe('a folder that already holds files', () => {
  it('is refused with DG1200 and exit 2, and left as it was; --force writes the site into it', async () => {
    const dir = await tmp();
    await writeFile(path.join(dir, 'notes.md'), 'mine\n');
    await mkdir(path.join(dir, 'content'));
    await writeFile(path.join(dir, 'content/index.md'), 'my own page\n');
    const before = await snapshotTree(dir);
    const refused = await runDocsgen(['init', dir]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/error {2}DG1200 {2}.* is not empty/);
    expect(refused.stderr).toContain('--force');
    expect(await snapshotTree(dir)).toEqual(before);
    const json = await runDocsgen(['init', dir, '--json']);
    expect(json.exitCode).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, diagnostics: [{ code: 'DG1200' }] });
    const forced = await runDocsgen(['init', dir, '--force', '--quiet']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'notes.md'), 'utf8')).toBe('mine\n');
    expect(await readFile(path.join(dir, 'content/index.md'), 'utf8')).toContain('title: Welcome');
  });

  it('refuses a path that is a file (DG1201), and accepts a folder holding only .git', async () => {
    const dir = await tmp();
    await writeFile(path.join(dir, 'a-file'), '');
    const r = await runDocsgen(['init', 'a-file'], { cwd: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('DG1201');
    await mkdir(path.join(dir, 'repo/.git'), { recursive: true });
    expect((await runDocsgen(['init', 'repo', '--quiet'], { cwd: dir })).exitCode).toBe(0);
  });
});

describe('the starter config', () => {
  const text = () => readFile(path.join(STARTER_DIR, 'docsgen.config.yaml'), 'utf8');
  const KEY_LINE = /^(?:# )?( *)([A-Za-z]\w*):(?: |$)/;

  it('lists every key of the config schema', async () => {
    const listed = new Set((await text()).split('\n').map((l) => KEY_LINE.exec(l)).filter((m) => m && m[1] === '').map((m) => m![2]));
    const keys = siteConfigKeys;
    expect(keys.filter((k) => !listed.has(k)), 'keys missing from starter/docsgen.config.yaml').toEqual([]);
  });

  it('is a config docsgen accepts with every key set as its comment shows', async () => {
    const dir = await tmp();
    const uncommented = (await text()).split('\n').map((l) => (/^# ( *)[A-Za-z]\w*:(?: |$)/.test(l) ? l.slice(2) : l)).join('\n');
    await writeFile(path.join(dir, 'docsgen.config.yaml'), uncommented.replaceAll('__SITE_NAME__', 'X').replaceAll('__PATH_PREFIX__', '/docs'));
    await expect(loadProject(dir)).resolves.toBeTruthy();
  });

  it('carries any site name and folder name through to a valid config and package name', async () => {
    await assertReaching(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0), fc.string({ maxLength: 30 }), async (name, folder) => {
        const dir = path.join(await tmp(), 'site');
        const r = await init({ dir, name });
        expect(r.siteName).toBe(name.trim());
        expect((await loadProject(dir)).config.siteName).toBe(name.trim());
        expect(packageName(folder)).toMatch(/^[a-z0-9~-][a-z0-9._~-]*$/);
        expect((await readdir(dir)).sort()).toEqual(['.gitignore', 'content', 'docsgen.config.yaml', 'package.json', 'public', 'redirects']);
      }),
      { numRuns: 40 },
    );
  });
});
