import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import fg from 'fast-glob';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { snapshotTree } from '../helpers/site.js';

// Each bad input of SPEC section 8: one clear line (file:line:col, code, message, hint), exit 1, and the
// previous good dist/ left exactly as it was.
const cases = [
  { name: 'malformed-frontmatter', line: /^content\/broken\.md:\d+:\d+  error  DG2001  malformed frontmatter: .+  \(fix the YAML between the `---` lines/ },
  { name: 'frontmatter-missing-title', line: /^content\/untitled\.md:2:1  error  DG2002  frontmatter is missing `title`  \(allowed keys: /m },
  { name: 'unknown-variable', line: /^content\/variables\.md:6:16  error  DG2004  unknown documentation variable `\{\{ arcgis_js_versoin \}\}`  \(did you mean `\{\{ arcgis_js_version \}\}`\?/ },
  { name: 'missing-template', line: /^content\/fancy\.md:4:10  error  DG2007  unknown template `fancy`  \(use one of: doc, home, not-found, section, server-error/ },
  { name: 'corrupt-image', line: /^content\/guide\/picture\.md:8:1  error  DG6\d{3}  image content\/guide\/images\/broken\.png is corrupt/ },
  // a loop is reported at each of its entries: both are lines a writer may fix
  { name: 'redirect-loop', line: /^redirects\/old-guide\.yaml:3:7  error  DG4006  redirect loop: `\/documentation\/old-guide\/` → `\/documentation\/older-guide\/` → `\/documentation\/old-guide\/`  \(/, count: 2 },
] as const;

describe('bad input never destroys good output', () => {
  let site: string;
  let good: Record<string, string>;

  beforeAll(async () => {
    site = await copyFixture('build/good-site');
    const first = await runDocsgen(['build', '--root', site]);
    expect(first.exitCode, first.stderr).toBe(0);
    good = await snapshotTree(path.join(site, 'dist'));
  });

  for (const c of cases) {
    it(`reports ${c.name} with file:line and keeps dist/`, async () => {
      // the bad files are laid over the good site, then removed again, so every case starts from the same dist/
      const overlay = path.join(repoRoot, 'fixtures/build/bad-inputs', c.name);
      const added = (await fg('**/*', { cwd: overlay, onlyFiles: true })).map((f) => path.join(site, f));
      await cp(overlay, site, { recursive: true });
      const r = await runDocsgen(['build', '--root', site]).finally(() => Promise.all(added.map((f) => rm(f))));
      expect(r.exitCode).toBe(1);
      const problems = r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));
      expect(problems).toHaveLength('count' in c ? c.count : 1);
      expect(problems[0]).toMatch(c.line);
      expect(r.stderr).toContain('build failed; the previous output is untouched');
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
      expect(await snapshotTree(path.join(site, 'dist'))).toEqual(good);
    });
  }

  it('reports a template whose module throws when loaded at the line that threw, and keeps dist/', async () => {
    const dir = await copyFixture('build/good-site');
    await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
    const ok = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    const before = await snapshotTree(path.join(dir, 'dist'));
    const doc = path.join(dir, 'templates/doc.tsx');
    const lines = (await readFile(doc, 'utf8')).split('\n').length;
    await appendFile(doc, '\nthrow new Error("doc cannot start");\n');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode).toBe(1);
    const problems = r.stderr.split('\n').filter((l) => /  error  DG\d{4}  /.test(l));
    expect(problems).toEqual([
      `templates/doc.tsx:${lines + 1}:7  error  DG3001  the templates cannot be loaded: doc cannot start  (code at the top level of a template module threw when it ran; fix it, or move it into the component)`,
    ]);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(await snapshotTree(path.join(dir, 'dist'))).toEqual(before);
  });

  it('reports an output folder it cannot create, exit 1, no stack trace', async () => {
    const dir = await copyFixture('build/good-site');
    await writeFile(path.join(dir, 'not-a-folder'), 'a file where a folder should be');
    const r = await runDocsgen(['build', '--root', dir, '--out', 'not-a-folder/dist']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^not-a-folder\/dist:1:1  error  DG3003  cannot write the output folder not-a-folder\/dist: (ENOTDIR|EEXIST)  \(check the permissions/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a config error with exit 2 and the line of the bad key', async () => {
    const dir = await copyFixture('build/good-site');
    await writeFile(path.join(dir, 'docsgen.config.yaml'), 'siteName: Docs\npathPrefix: docs/\n');
    const r = await runDocsgen(['build', '--root', dir]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^docsgen\.config\.yaml:2:1  error  DG1001  invalid config at `pathPrefix`: /m);
  });
});
