// The page cache and Markdown plugins (issue 27, item 10): a plugin's version (as the site's node_modules has it)
// and its options are inputs of every page, so an upgrade or an options change renders the pages again, and
// nothing changed reuses them. The site's own node_modules wins over docsgen's.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

interface Stats {
  pages: number;
  rendered: number;
  cached: number;
  upToDate: number;
}

let dir: string;
const PAGES = 2 + 2; // the fixture's two pages, the 404 and 500 pages

async function build(): Promise<{ stats: Stats; stderr: string }> {
  const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--json']);
  expect(r.exitCode, r.stderr).toBe(0);
  return { stats: (JSON.parse(r.stdout) as { stats: Stats }).stats, stderr: r.stderr };
}

/**
 * The site's own copy of remark-math: a package of its own (name, version) whose module is npm's remark-math
 * (docsgen's copy, by its absolute path), as a site that installed it would have it.
 */
async function installRemarkMath(version: string): Promise<void> {
  const pkg = path.join(dir, 'node_modules/remark-math');
  await mkdir(pkg, { recursive: true });
  await writeFile(path.join(pkg, 'package.json'), JSON.stringify({ name: 'remark-math', version, type: 'module', exports: './index.js' }));
  const real = path.join(repoRoot, 'node_modules/remark-math/index.js');
  await writeFile(path.join(pkg, 'index.js'), `export { default } from ${JSON.stringify(real)};\n`);
}

async function setConfig(katexOptions: string): Promise<void> {
  await writeFile(path.join(dir, 'docsgen.config.yaml'), `siteName: Math docs\nvariables:\n  arcgis_js_version: '4.33'\nmarkdown:\n  remarkPlugins: [remark-math]\n  rehypePlugins:\n    - [rehype-katex, ${katexOptions}]\n`);
}

async function home(): Promise<string> {
  return readFile(path.join(dir, 'dist/public/documentation/index.html'), 'utf8');
}

describe('the page cache with Markdown plugins', () => {
  beforeAll(async () => {
    dir = await copyFixture('content/plugins-math');
    await installRemarkMath('6.0.0');
    await setConfig('{ output: htmlAndMathml }');
    const { stats } = await build();
    expect(stats).toMatchObject({ rendered: PAGES, cached: 0 });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reuses every page when nothing changed, and renders only the page edited', async () => {
    expect((await build()).stats.upToDate).toBe(1);
    const page = path.join(dir, 'content/guide/index.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nOne more formula: $a^2$.\n`);
    const { stats } = await build();
    expect(stats).toMatchObject({ rendered: 1, cached: PAGES - 1, upToDate: 0 });
  });

  it("renders every page again when the site's plugin is upgraded (its package.json version)", async () => {
    await installRemarkMath('6.0.1');
    const { stats } = await build();
    expect(stats).toMatchObject({ rendered: PAGES, cached: 0, upToDate: 0 });
    expect((await build()).stats.upToDate).toBe(1);
  });

  it("renders every page again when a plugin's options change, and the output follows them", async () => {
    expect(await home()).toContain('class="katex-mathml"');
    await setConfig('{ output: html }');
    const { stats } = await build();
    expect(stats).toMatchObject({ rendered: PAGES, cached: 0 });
    const html = await home();
    expect(html).toContain('class="katex-html"');
    expect(html).not.toContain('class="katex-mathml"');
    // back as it was: a build with the first options again, every page rendered with those
    await setConfig('{ output: htmlAndMathml }');
    expect((await build()).stats).toMatchObject({ rendered: PAGES, cached: 0 });
    expect(await home()).toContain('class="katex-mathml"');
  });

  it("renders every page again when the site's own plugin file changes", async () => {
    await mkdir(path.join(dir, 'plugins'), { recursive: true });
    const plugin = path.join(dir, 'plugins/mark.mjs');
    const write = (word: string) =>
      writeFile(plugin, `export default () => (tree) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: '${word}' }] }); };\n`);
    await write('first-version');
    await writeFile(path.join(dir, 'docsgen.config.yaml'), 'siteName: Math docs\nvariables:\n  arcgis_js_version: "4.33"\nmarkdown:\n  remarkPlugins: [remark-math, ./plugins/mark.mjs]\n  rehypePlugins: [rehype-katex]\n');
    expect((await build()).stats).toMatchObject({ rendered: PAGES, cached: 0 });
    expect(await home()).toContain('<p>first-version</p>');
    await write('second-version');
    expect((await build()).stats).toMatchObject({ rendered: PAGES, cached: 0 });
    expect(await home()).toContain('<p>second-version</p>');
  });

  it("loads the site's own copy of a plugin before docsgen's", async () => {
    // a site copy that is not remark-math at all: if docsgen's were loaded, the math would still render
    await writeFile(path.join(dir, 'node_modules/remark-math/index.js'), 'export default () => (tree) => { tree.children = [{ type: "paragraph", children: [{ type: "text", value: "site copy" }] }]; };\n');
    await installRemarkMathVersion('6.0.2');
    await build();
    const html = await home();
    expect(html).toContain('<p>site copy</p>');
    expect(html).not.toContain('class="katex"');
  });
});

async function installRemarkMathVersion(version: string): Promise<void> {
  const file = path.join(dir, 'node_modules/remark-math/package.json');
  const pkg = JSON.parse(await readFile(file, 'utf8')) as { version: string };
  await writeFile(file, JSON.stringify({ ...pkg, version }));
}
