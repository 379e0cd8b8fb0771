import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSiteFiles } from '../../src/links/site-files.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// Issue 19, item 8: a symlink out of the checked folder was followed (its pages read and checked), and a folder
// with two symlink loops made the walk take 2^40 paths (the run never ended).
describe('check-links on a folder with symlinks out of it and symlink loops', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyFixture('links/symlink-out-and-loop');
    await symlink('../outside', path.join(dir, 'public/shared'));
    await symlink('../outside/page.html', path.join(dir, 'public/secret.html'));
    await symlink('v2', path.join(dir, 'public/latest'));
    await symlink('..', path.join(dir, 'public/docs/self'));
    await symlink('..', path.join(dir, 'public/docs/again'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('follows symlinks inside the folder, warns about the others, and reports links through them as broken', async () => {
    const r = await runDocsgen(['check-links', 'public'], { cwd: dir });
    expect(r.exitCode).toBe(1);
    const lines = r.stderr.split('\n');
    // index.html, docs/, v2/ and latest/ (the symlink inside): the page out of the folder is not read
    expect(lines[0]).toMatch(/^checked 7 links on 4 pages in \d+ ms$/);
    expect(lines.slice(1)).toEqual([
      'public/docs/again:1:1  warning  DG5011  symlink docs/again leads back to a folder it is in (to ..), a loop; it is not followed  (remove the symlink, or point it at a folder that does not contain it)',
      'public/docs/self:1:1  warning  DG5011  symlink docs/self leads back to a folder it is in (to ..), a loop; it is not followed  (remove the symlink, or point it at a folder that does not contain it)',
      'public/index.html:6:4  error  DG5101  link `/shared/page.html` points to a page that does not exist in the checked folder  (it is reached only through the symlink `shared`, which is not followed (see the warning about it); copy the files into the folder)',
      'public/index.html:7:4  error  DG5101  link `/docs/self/docs/` points to a page that does not exist in the checked folder  (it is reached only through the symlink `docs/self`, which is not followed (see the warning about it); copy the files into the folder)',
      'public/secret.html:1:1  warning  DG5010  symlink secret.html points out of the checked folder (to ../outside/page.html); it is not followed  (copy the files into the folder instead: links through the symlink are reported as broken)',
      'public/shared:1:1  warning  DG5010  symlink shared points out of the checked folder (to ../outside); it is not followed  (copy the files into the folder instead: links through the symlink are reported as broken)',
      '✖ 2 errors, ⚠ 4 warnings',
    ]);
    expect(r.stderr).not.toContain('nothing-here');
    // --json names them too, beside the problems
    const json = await runDocsgen(['check-links', 'public', '--json'], { cwd: dir });
    const out = JSON.parse(json.stdout);
    expect(out.problems.map((p: { via?: string; href: string }) => p.href)).toEqual(['/shared/page.html', '/docs/self/docs/']);
    // (every diagnostic is listed: the symlink warnings beside the two broken links')
    expect(out.diagnostics.filter((d: { code: string }) => d.code === 'DG5010' || d.code === 'DG5011').map((d: { code: string; location: { file: string } }) => `${d.code} ${d.location.file}`)).toEqual([
      'DG5011 public/docs/again',
      'DG5011 public/docs/self',
      'DG5010 public/secret.html',
      'DG5010 public/shared',
    ]);
  }, 30_000);

  it('lists the files a walk inside the folder finds, once each, however the loops nest', async () => {
    const { files, skipped } = listSiteFiles(path.join(dir, 'public'));
    expect(files.sort()).toEqual(['docs/index.html', 'index.html', 'latest/index.html', 'v2/index.html']);
    expect(skipped.map((s) => `${s.reason} ${s.path}`).sort()).toEqual(['loop docs/again', 'loop docs/self', 'outside secret.html', 'outside shared']);
  });
});
