// Issue 19, item 6, for public/: an SVG opened on its own runs on the site's origin like a page. public/ files are
// published byte for byte, so one that holds script, event handlers or external loads (or is no SVG document at
// all, which a browser could read as XHTML with script) is refused with one error at its line; static SVG is
// published unchanged. (Before, public/badge.svg was copied as it was, its onclick and <script> included.)
import { readdir, readFile, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

const HINT = 'public/ files are published byte for byte: remove what runs or loads from the SVG, or keep it in content/ and show it from a page, which publishes it sanitized';

describe('an SVG in public/ that runs script when opened (fixtures/site-files/script-in-public-svg)', () => {
  let site = '';
  beforeAll(async () => {
    site = await copyFixture('site-files/script-in-public-svg');
  });
  afterAll(async () => {
    if (site) await rm(site, { recursive: true, force: true });
  });

  it('is one error at its line, exit 1, and nothing is written; --json the same', async () => {
    const r = await runDocsgen(['build', '--root', site]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr.split('\n').filter((l) => /  (error|warning)  DG\d{4}  /.test(l))).toEqual([
      `public/badge.svg:3:1  error  DG1400  public/badge.svg holds content that runs or loads from elsewhere when the file is opened: onclick attribute (line 3), <script> (line 4): it is not published  (${HINT})`,
      `public/brand/not-really.svg:1:1  error  DG1400  public/brand/not-really.svg has no <svg> root element in the SVG namespace, so a browser may read it as another XML document: it is not published  (${HINT})`,
    ]);
    expect(await readdir(site)).not.toContain('dist');
    const json = await runDocsgen(['build', '--root', site, '--json']);
    expect(json.exitCode).toBe(1);
    const printed = JSON.parse(json.stdout) as { ok: boolean; diagnostics: Array<{ code: string; location: { file: string; line: number } }> };
    expect(printed.diagnostics.map((d) => `${d.code} ${d.location.file}:${d.location.line}`)).toEqual(['DG1400 public/badge.svg:3', 'DG1400 public/brand/not-really.svg:1']);
  });

  it('publishes static SVG byte for byte once the others are gone', async () => {
    await unlink(path.join(site, 'public/badge.svg'));
    await unlink(path.join(site, 'public/brand/not-really.svg'));
    const r = await runDocsgen(['build', '--root', site]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await readFile(path.join(site, 'dist/public/brand/logo.svg'))).toEqual(await readFile(path.join(site, 'public/brand/logo.svg')));
  });
});
