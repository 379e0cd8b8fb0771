import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { executableConstructs } from './svg-oracle.js';

// fixtures/images/hostile-svg: an SVG with a script, handlers, a javascript: link hidden behind a character
// reference, an animation that turns a link into a script URL, a foreign object, an external <use>, an XSLT
// processing instruction and style sheets that load from elsewhere, shown on two pages.
const fixture = path.join(repoRoot, 'fixtures/images/hostile-svg');
const expected = path.join(fixture, 'expected/hostile.svg');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function site(): Promise<string> {
  const dir = await copyFixture('images/hostile-svg');
  dirs.push(dir);
  return dir;
}

async function published(dir: string, under = 'dist/public/documentation/static'): Promise<string> {
  const [file] = await fg('**/hostile.svg', { cwd: path.join(dir, under), absolute: true });
  return readFile(file!, 'utf8');
}

const WARNING =
  'content/index.md:10:1  warning  DG6010  image content/images/hostile.svg holds content that runs or loads from elsewhere, left out of the published copy: ' +
  '<?xml-stylesheet?> (line 2), <!DOCTYPE> with entity declarations (line 3), onload attribute (line 4), <script> (line 6), and 7 more  ' +
  '(SVGs are published without scripts, event handlers, script or external links, embedded documents and external style sheets; ' +
  'remove them from content/images/hostile.svg to publish it unchanged; also referenced at content/more.md:6:1)';

describe('an SVG that holds script', () => {
  it('is published sanitized, with one warning at the first Markdown line that shows it', async () => {
    const dir = await site();
    const r = await runDocsgen(['build', '--root', dir]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => /  (error|warning)  DG/.test(l))).toEqual([WARNING]);
    const svg = await published(dir);
    expect(executableConstructs(svg)).toEqual([]);
    expect(svg).toBe(await readFile(expected, 'utf8'));
    // the static parts are all there
    expect(svg).toContain('<a xlink:href="https://developers.arcgis.com/"><text x="60" y="35">Docs &amp; more</text></a>');
    expect(svg).toContain('<animate attributeName="opacity" values="1;0.5;1" dur="2s" repeatCount="indefinite"/>');

    // a rebuild that takes the page from the cache reports it again, and --json carries the warning
    await rm(path.join(dir, 'dist'), { recursive: true });
    const again = await runDocsgen(['build', '--root', dir, '--json']);
    expect(again.exitCode, again.stderr).toBe(0);
    const json = JSON.parse(again.stdout);
    expect(json.ok).toBe(true);
    // (the fixture has no config: the one info line says what a site without siteUrl leaves out)
    expect(json.diagnostics).toEqual([
      expect.objectContaining({ code: 'DG1306', severity: 'info', location: { file: 'docsgen.config.yaml', line: 1, column: 1 } }),
      expect.objectContaining({ code: 'DG6010', severity: 'warning', location: { file: 'content/index.md', line: 10, column: 1 } }),
    ]);
    expect(await published(dir)).toBe(await readFile(expected, 'utf8'));
  });

  it('is sanitized by build --no-images and by optimize-images too', async () => {
    const dir = await site();
    const r = await runDocsgen(['build', '--root', dir, '--no-images']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(WARNING);
    expect(await published(dir)).toBe(await readFile(expected, 'utf8'));

    const o = await runDocsgen(['optimize-images', '--root', dir, '--out', 'optimized']);
    expect(o.exitCode, o.stderr).toBe(0);
    expect(o.stderr).toContain('warning  DG6010  image content/images/hostile.svg holds content that runs or loads from elsewhere');
    expect(await published(dir, 'optimized')).toBe(await readFile(expected, 'utf8'));
  });

  it('opens in Chromium without running anything, where the source runs its script', async () => {
    const dir = await site();
    expect((await runDocsgen(['build', '--root', dir])).exitCode).toBe(0);
    const [file] = await fg('**/hostile.svg', { cwd: path.join(dir, 'dist/public/documentation/static'), absolute: true });
    const browser = await launchBrowser();
    try {
      const dialogs = async (url: string) => {
        const page = await browser.newPage();
        const seen: string[] = [];
        page.on('dialog', (d) => {
          seen.push(d.message());
          void d.dismiss();
        });
        await page.goto(url);
        // hover and click everything: handlers and links must not run either
        for (const target of await page.$$('rect, text, a, g, circle')) await target.click({ force: true, timeout: 1000 }).catch(() => undefined);
        await page.waitForTimeout(300);
        await page.close();
        return seen;
      };
      // the check can see a dialog: the source file opens one
      expect(await dialogs(pathToFileURL(path.join(dir, 'content/images/hostile.svg')).href)).not.toEqual([]);
      expect(await dialogs(pathToFileURL(file!).href)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
