import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverPages } from '../../src/content/discover.js';
import { claimOutputs } from '../../src/pagedata/plan.js';
import { loadProject } from '../../src/config/index.js';
import { prepareSiteFiles } from '../../src/site-files/index.js';
import { repoRoot, runDocsgen } from '../helpers/cli.js';
import { buildGoodCopy, snapshotTree } from '../helpers/site.js';

// Issue 19, items 2, 4, 5 and 6: every input maps to output files of its own, at a URL that serves it, or the
// build stops with one line naming the file(s), exit 1, and the previous dist/ exactly as it was.

const page = (title: string) => `---\ntitle: ${title}\ndescription: A page named ${title}.\n---\n\n# ${title}\n`;
const errorLines = (stderr: string) => stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));

describe('two sources never write one output file', () => {
  let site: string;
  let good: Record<string, string>;
  const outside: string[] = [];

  beforeAll(async () => {
    ({ site, good } = await buildGoodCopy());
  });
  afterAll(async () => {
    await rm(site, { recursive: true, force: true });
    for (const dir of outside) await rm(dir, { recursive: true, force: true });
  });

  // Runs a build with `files` laid over the good site (created by `make`), then removes them again.
  async function buildWith(make: () => Promise<string[]>, args: string[] = []) {
    const added = await make();
    try {
      return await runDocsgen(['build', '--root', site, ...args]);
    } finally {
      for (const f of added) await rm(f, { recursive: true, force: true });
    }
  }
  async function expectUntouched() {
    expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
  }

  const overlays = [
    {
      name: 'two-sources-one-output',
      line: 'content/index/index.md:1:1  error  DG3010  content/index.md and content/index/index.md both write documentation/page-data/index/page-data.json  (rename or move one of them: each output file comes from one source)',
    },
    {
      name: 'page-in-reserved-folder',
      line: "content/page-data.md:1:1  error  DG3011  content/page-data.md would write documentation/page-data/index.html, but documentation/page-data/ is docsgen's page data folder  (rename or move content/page-data.md: docsgen writes documentation/page-data/ itself)",
    },
    {
      name: 'page-named-like-404-page',
      line: 'content/404.html.md:1:1  error  DG3011  content/404.html.md would write documentation/404.html/index.html, but documentation/404.html is the 404 page (templates/not-found.tsx)  (rename or move content/404.html.md: docsgen writes documentation/404.html itself)',
    },
    {
      name: 'page-named-like-app-data',
      line: 'content/app-data.json.md:1:1  error  DG3011  content/app-data.json.md would write documentation/page-data/app-data.json/page-data.json, but documentation/page-data/app-data.json is the app data (build hash)  (rename or move content/app-data.json.md: docsgen writes documentation/page-data/app-data.json itself)',
    },
    {
      name: 'folders-differ-in-case',
      line: 'content/guide/index.md:1:1  error  DG3010  content/Guide/intro.md and content/guide/index.md write to documentation/Guide and documentation/guide, which differ only in case: one path on macOS and Windows  (spell both the same way, or rename one)',
    },
  ];
  for (const c of overlays) {
    it(`reports ${c.name} as one error naming both sources, exit 1, and keeps dist/`, async () => {
      const overlay = path.join(repoRoot, 'fixtures/build/bad-inputs', c.name);
      const r = await buildWith(async () => {
        const added = (await fg('**/*', { cwd: overlay, onlyFiles: true })).map((f) => path.join(site, f));
        await cp(overlay, site, { recursive: true });
        return added;
      });
      expect(r.exitCode, r.stderr).toBe(1);
      expect(errorLines(r.stderr)).toEqual([c.line]);
      expect(r.stderr).toContain('build failed; the previous output is untouched');
      await expectUntouched();
    });
  }

  it('prints the collision with a generated file on --json instead of crashing (was EISDIR, exit 70)', async () => {
    const r = await buildWith(async () => {
      await writeFile(path.join(site, 'content/app-data.json.md'), page('App data'));
      await writeFile(path.join(site, 'content/404.html.md'), page('Not found'));
      return [path.join(site, 'content/app-data.json.md'), path.join(site, 'content/404.html.md')];
    }, ['--json']);
    expect(r.exitCode, r.stderr).toBe(1);
    const json = JSON.parse(r.stdout) as { ok: boolean; diagnostics: Array<{ code: string; severity: string; location: { file: string } }> };
    expect(json.ok).toBe(false);
    // (the site sets no siteUrl: its one info line is not a problem)
    expect(json.diagnostics.filter((d) => d.severity !== 'info').map((d) => [d.code, d.location.file]).sort()).toEqual([
      ['DG3011', 'content/404.html.md'],
      ['DG3011', 'content/app-data.json.md'],
    ]);
    await expectUntouched();
  });

  it('reports two spellings of one name in Unicode (NFC and NFD) as one page made twice', async () => {
    const nfc = path.join(site, 'content/caf\u00e9.md');
    const nfd = path.join(site, 'content/cafe\u0301.md');
    const r = await buildWith(async () => {
      await writeFile(nfc, page('Cafe one'));
      await writeFile(nfd, page('Cafe two'));
      return [nfc, nfd];
    });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(errorLines(r.stderr)).toEqual([
      'content/caf\u00e9.md:1:1  error  DG2005  two files make the page /cafe\u0301/: content/cafe\u0301.md and content/caf\u00e9.md  (rename or remove one of them (paths are compared case-insensitively))',
    ]);
    await expectUntouched();
  });

  it('refuses each name no URL can carry, at the file or folder, and builds none of them', async () => {
    const names = ['100%.md', 'a#b.md', 'why?.md', 'back\\slash.md', 'tab\there.md', 'line\nbreak/page.md', 'carriage\rreturn/page.md', 'sep\u2028arator/page.md', 'bell\u0007.md'];
    const r = await buildWith(async () => {
      for (const name of names) {
        await mkdir(path.dirname(path.join(site, 'content', name)), { recursive: true });
        await writeFile(path.join(site, 'content', name), page('Odd'));
      }
      return names.map((n) => path.join(site, 'content', n.split('/')[0]!));
    });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(errorLines(r.stderr).sort()).toEqual(
      [
        "content/100%.md:1:1  error  DG2020  the file name `100%.md` has `%`, which a page's URL cannot hold: the page is not built  (rename the file without `%`: it starts a percent-escape in a URL (write `percent`))",
        "content/a#b.md:1:1  error  DG2020  the file name `a#b.md` has `#`, which a page's URL cannot hold: the page is not built  (rename the file without `#`: it starts the fragment of a URL)",
        "content/why?.md:1:1  error  DG2020  the file name `why?.md` has `?`, which a page's URL cannot hold: the page is not built  (rename the file without `?`: it starts the query of a URL)",
        "content/back\\slash.md:1:1  error  DG2020  the file name `back\\slash.md` has a backslash, which a page's URL cannot hold: the page is not built  (rename the file without a backslash: browsers read it in a URL as `/`)",
        "content/tab\\there.md:1:1  error  DG2020  the file name `tab\\there.md` has a tab (U+0009), which a page's URL cannot hold: the page is not built  (rename the file without a tab (U+0009): a URL cannot hold one)",
        "content/line\\nbreak/page.md:1:1  error  DG2020  the name of the folder content/line\\nbreak/ has a line break (U+000A), which a page's URL cannot hold: its page content/line\\nbreak/page.md is not built  (rename the folder without a line break (U+000A): a URL cannot hold one)",
        "content/carriage\\rreturn/page.md:1:1  error  DG2020  the name of the folder content/carriage\\rreturn/ has a carriage return (U+000D), which a page's URL cannot hold: its page content/carriage\\rreturn/page.md is not built  (rename the folder without a carriage return (U+000D): a URL cannot hold one)",
        "content/sep\\u2028arator/page.md:1:1  error  DG2020  the name of the folder content/sep\\u2028arator/ has a line separator (U+2028), which a page's URL cannot hold: its page content/sep\\u2028arator/page.md is not built  (rename the folder without a line separator (U+2028): it is an invisible line break)",
        "content/bell\\u0007.md:1:1  error  DG2020  the file name `bell\\u0007.md` has the control character U+0007, which a page's URL cannot hold: the page is not built  (rename the file without the control character U+0007: a URL cannot hold one)",
      ].sort(),
    );
    await expectUntouched();
  });

  it('refuses symbolic links out of the project, loops and dangling pages, and reads none of them', async () => {
    const away = await mkdtemp(path.join(os.tmpdir(), 'docsgen-outside-'));
    outside.push(away);
    await writeFile(path.join(away, 'secret.md'), page('Secret'));
    await mkdir(path.join(away, 'folder'));
    await writeFile(path.join(away, 'folder/inside.md'), page('Secret folder page'));
    const links: Array<[string, string]> = [
      [path.join(away, 'secret.md'), 'content/secret.md'],
      [path.join(away, 'folder'), 'content/guide/elsewhere'],
      ['..', 'content/guide/loop'],
      ['self', 'content/self'],
      [path.join(away, 'missing.md'), 'content/gone.md'],
    ];
    const r = await buildWith(async () => {
      for (const [target, at] of links) await symlink(target, path.join(site, at));
      return links.map(([, at]) => path.join(site, at));
    });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(errorLines(r.stderr)).toEqual([
      'content/gone.md:1:1  error  DG2021  content/gone.md is a symbolic link to a file that does not exist: skipped  (fix or remove the link)',
      `content/guide/elsewhere:1:1  error  DG2006  content/guide/elsewhere is a symbolic link to ${path.join(away, 'folder')}, outside the project: it is not read or published  (copy what it links to into the project, or remove the link)`,
      'content/guide/loop:1:1  error  DG2021  content/guide/loop is a symbolic link to a folder that contains it (a loop): skipped  (remove the link)',
      `content/secret.md:1:1  error  DG2006  content/secret.md is a symbolic link to ${path.join(away, 'secret.md')}, outside the project: it is not read or published  (copy what it links to into the project, or remove the link)`,
      'content/self:1:1  error  DG2021  content/self is a symbolic link that loops: skipped  (fix or remove the link)',
    ]);
    await expectUntouched();
  });

  it('refuses an image reached through a symbolic link out of the project (a hidden folder the page walk skips)', async () => {
    const away = await mkdtemp(path.join(os.tmpdir(), 'docsgen-outside-'));
    outside.push(away);
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).png().toFile(path.join(away, 'private.png'));
    const md = path.join(site, 'content/guide/leak.md');
    const r = await buildWith(async () => {
      await symlink(away, path.join(site, 'content/.assets'));
      await writeFile(md, `${page('Leak')}\n![private](../.assets/private.png)\n`);
      return [path.join(site, 'content/.assets'), md];
    });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(errorLines(r.stderr)).toEqual([
      'content/guide/leak.md:8:1  error  DG2006  image `../.assets/private.png` leads outside the project through a symbolic link  (copy the image into content/, or remove the link)',
    ]);
    await expectUntouched();
  });

  it('follows a symbolic link whose target is inside the project', async () => {
    const shared = path.join(site, 'shared');
    const r = await buildWith(async () => {
      await mkdir(shared);
      await writeFile(path.join(shared, 'common.md'), page('Common'));
      await symlink('../shared', path.join(site, 'content/shared'));
      return [shared, path.join(site, 'content/shared')];
    }, ['--out', 'dist-linked']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await readFile(path.join(site, 'dist-linked/public/documentation/shared/common/index.html'), 'utf8')).toContain('Common');
    await rm(path.join(site, 'dist-linked'), { recursive: true });
  });

  it('builds `.MD` pages and warns at each `.markdown` or `.mdx` file instead of skipping it silently', async () => {
    const files = ['content/guide/LOUD.MD', 'content/guide/notes.markdown', 'content/guide/widget.mdx'];
    const r = await buildWith(async () => {
      for (const f of files) await writeFile(path.join(site, f), page(path.basename(f)));
      return files.map((f) => path.join(site, f));
    }, ['--out', 'dist-md']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => /  warning  DG2022  /.test(l))).toEqual([
      'content/guide/notes.markdown:1:1  warning  DG2022  content/guide/notes.markdown is not built: docsgen builds pages from `.md` files only  (rename it to `notes.md` to publish it)',
      'content/guide/widget.mdx:1:1  warning  DG2022  content/guide/widget.mdx is not built: docsgen builds pages from `.md` files only  (rename it to `widget.md` to publish it)',
    ]);
    expect(await readFile(path.join(site, 'dist-md/public/documentation/guide/LOUD/index.html'), 'utf8')).toContain('LOUD.MD');
    await rm(path.join(site, 'dist-md'), { recursive: true });
  });

  it('publishes names with spaces, accents and punctuation at URLs that serve them', async () => {
    const names = ['getting started.md', 'caf\u00e9.md', "it's [new] & (free).md", 'emoji \u{1F600}/deep.md', '\u6f22\u5b57.md'];
    const r = await buildWith(async () => {
      for (const name of names) {
        await mkdir(path.dirname(path.join(site, 'content', name)), { recursive: true });
        await writeFile(path.join(site, 'content', name), page('Odd but fine'));
      }
      return names.map((n) => path.join(site, 'content', n.split('/')[0]!));
    }, ['--out', 'dist-names']);
    expect(r.exitCode, r.stderr).toBe(0);
    const web = path.join(site, 'dist-names/public');
    const home = await readFile(path.join(web, 'documentation/index.html'), 'utf8');
    // what a browser requests for each nav link, decoded as nginx and `docsgen serve` decode it, is the page's file
    const hrefs = [...home.matchAll(/href="(\/documentation\/[^"]*\/)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&#x27;/g, "'"));
    for (const want of ['/documentation/getting started/', '/documentation/caf\u00e9/', "/documentation/it's [new] & (free)/", '/documentation/emoji \u{1F600}/deep/', '/documentation/\u6f22\u5b57/']) {
      const href = hrefs.find((h) => decodeURIComponent(new URL(h, 'https://example.com').pathname) === want);
      expect(href, `${want} in ${hrefs.join(' ')}`).toBeDefined();
      expect(await readFile(path.join(web, want, 'index.html'), 'utf8')).toContain('Odd but fine');
    }
    await rm(path.join(site, 'dist-names'), { recursive: true });
  });

  it('claims every file a build writes (a new generated output must be added to the claims)', async () => {
    const found = await discoverPages(path.join(site, 'content'), site);
    // with the site files' own claims (public/, the sitemap, robots.txt), as the build makes them
    const claims = claimOutputs(found.pages, '/documentation', prepareSiteFiles(await loadProject(site), found.pages).claims);
    const written = await fg('**/*', { cwd: path.join(site, 'dist/public'), onlyFiles: true, dot: true });
    expect(written.length).toBeGreaterThan(20);
    expect(written.filter((f) => claims.ownerOf(f) === null)).toEqual([]);
    expect(claims.diagnostics).toEqual([]);
  });
});
