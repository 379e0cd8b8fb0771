// README promises about `docsgen build` no other test checked (issue 26, item 6), on one built copy of the good
// site: a broken link fails the build under the default `--links error`; a terminal gets a progress bar and every
// build ends with its summary; the build hash changes when and only when the bundles do; `draft`, `order`, `navTitle`.
import { execFileSync } from 'node:child_process';
import { cp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot, runDocsgen } from '../helpers/cli.js';
import { buildGoodCopy, snapshotTree } from '../helpers/site.js';

let site: string;
let good: Record<string, string>;
const SUMMARY = /^built [\w-]+\/: 4 pages \(\d+ rendered, \d+ from the cache\), 1 images, 0 redirects, \d+ links checked in \d+(\.\d+)? s$/m;

beforeAll(async () => {
  ({ site, good } = await buildGoodCopy());
});

/** Builds with --json and returns the build hash it reports, after checking app-data.json carries the same. */
async function buildHash(): Promise<string> {
  const r = await runDocsgen(['build', '--root', site, '--json']);
  expect(r.exitCode, r.stderr).toBe(0);
  const { buildHash } = JSON.parse(r.stdout) as { buildHash: string };
  const appData = JSON.parse(await readFile(path.join(site, 'dist/public/documentation/page-data/app-data.json'), 'utf8')) as { webpackCompilationHash: string };
  expect(appData.webpackCompilationHash).toBe(buildHash);
  return buildHash;
}

describe('docsgen build (README promises)', () => {
  it('fails on a broken internal link under the default --links error: exit 1, the link at its line, dist/ kept', async () => {
    const page = path.join(site, 'content/guide/broken-link.md');
    await writeFile(page, '---\ntitle: Broken\ndescription: A page with a dead link.\n---\n\nSee [the missing page](/guide/missing/).\n');
    try {
      const r = await runDocsgen(['build', '--root', site]);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l))).toEqual([expect.stringMatching(/^content\/guide\/broken-link\.md:6:5  error  DG5\d{3}  .*\/documentation\/guide\/missing\//)]);
      expect(r.stderr).toContain('build failed; the previous output is untouched');
      expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
      // the same page with --links warn builds
      const warned = await runDocsgen(['build', '--root', site, '--links', 'warn', '--out', 'dist-warn']);
      expect(warned.exitCode, warned.stderr).toBe(0);
      expect(warned.stderr).toMatch(/^content\/guide\/broken-link\.md:6:5  warning  DG5\d{3}  /m);
    } finally {
      await rm(page);
      await rm(path.join(site, 'dist-warn'), { recursive: true, force: true });
    }
  });

  it('draws a progress bar on a terminal and plain lines otherwise, and ends both with the summary', async () => {
    // a terminal: `script` gives the build a pseudo-terminal
    const tty = execFileSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} build --root ${JSON.stringify(site)} --no-cache --out dist-tty`, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', CI: '', TERM: 'xterm' },
    });
    // cli-progress redraws one line: a bar of █ and ░ with done/total, for the pages among others
    expect(tty).toMatch(/pages +[█░]+ 0\/\d+/);
    expect(tty).toMatch(/pages +█+ (\d+)\/\1/);
    expect(tty.replace(/\r/g, '\n')).toMatch(SUMMARY);
    // not a terminal: no bar, no cursor movement, the same summary
    const plain = await runDocsgen(['build', '--root', site, '--no-cache', '--out', 'dist-tty']);
    expect(plain.exitCode).toBe(0);
    expect(plain.stderr + plain.stdout).not.toMatch(/[█░]|\x1b\[/);
    expect(plain.stderr + plain.stdout).toMatch(SUMMARY);
    await rm(path.join(site, 'dist-tty'), { recursive: true, force: true });
  });

  it('changes the build hash when and only when the browser bundles change (docs/architecture.md, "The build hash")', async () => {
    // README: app-data's webpackCompilationHash is "the hash of the browser bundles: a content edit keeps it"
    const first = await buildHash();
    const page = path.join(site, 'content/guide/reference.md');
    const text = await readFile(page, 'utf8');
    expect(await buildHash()).toBe(first);
    await utimes(page, new Date(), new Date(Date.now() + 60_000));
    expect(await buildHash()).toBe(first);
    await writeFile(page, text.replace('work too', 'work as well'));
    expect(await buildHash()).toBe(first);
    await writeFile(page, text);
    // the project's own templates: one string changed in one, another hash; changed back, the hash again
    await cp(path.join(repoRoot, 'templates'), path.join(site, 'templates'), { recursive: true });
    const own = await buildHash();
    const doc = path.join(site, 'templates/doc.tsx');
    const source = await readFile(doc, 'utf8');
    await writeFile(doc, `${source}\nexport const marker = 'a changed bundle';\n`);
    expect(await buildHash()).not.toBe(own);
    await writeFile(doc, source);
    expect(await buildHash()).toBe(own);
    await rm(path.join(site, 'templates'), { recursive: true });
    expect(await buildHash()).toBe(first);
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
  }, 240_000); // nine builds, three of them bundling the project's templates

  it('publishes no draft page, nor a link to it; shows navTitle in the sidebar and title on the page', async () => {
    const draft = path.join(site, 'content/guide/unfinished.md');
    const named = path.join(site, 'content/guide/long-name.md');
    await writeFile(draft, '---\ntitle: Unfinished\ndescription: Not ready.\ndraft: true\n---\n\nDraft text.\n');
    await writeFile(named, '---\ntitle: A very long page title for the page itself\nnavTitle: Short\ndescription: A page with a nav title.\norder: 3\n---\n\nText.\n');
    try {
      const r = await runDocsgen(['build', '--root', site]);
      expect(r.exitCode, r.stderr).toBe(0);
      const doc = path.join(site, 'dist/public/documentation');
      expect(existsSync(path.join(doc, 'guide/unfinished'))).toBe(false);
      expect(existsSync(path.join(doc, 'page-data/guide/unfinished'))).toBe(false);
      const html = await readFile(path.join(doc, 'guide/long-name/index.html'), 'utf8');
      expect(html).not.toContain('unfinished');
      const sidebar = /<nav[^>]*class="sidebar[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
      expect(sidebar).toContain('>Short<');
      expect(sidebar).not.toContain('A very long page title');
      expect(html).toMatch(/<h1[^>]*>A very long page title for the page itself<\/h1>/);
      expect(html).toContain('<title>A very long page title for the page itself | ');
      // order: 3 puts it after setup (1) and reference (2) in the sidebar
      const links = [...sidebar.matchAll(/href="\/documentation\/guide\/([^"/]+)\/"/g)].map((m) => m[1]);
      expect(links).toEqual(['setup', 'reference', 'long-name']);
      // draft: false publishes it
      await writeFile(draft, (await readFile(draft, 'utf8')).replace('draft: true', 'draft: false'));
      expect((await runDocsgen(['build', '--root', site])).exitCode).toBe(0);
      expect(await readFile(path.join(doc, 'guide/unfinished/index.html'), 'utf8')).toContain('Draft text.');
    } finally {
      await rm(draft);
      await rm(named);
    }
  });
});
