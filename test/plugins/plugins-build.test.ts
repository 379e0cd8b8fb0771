// Markdown plugins from the config (issue 27, items 9 and 10): real plugins from npm and a site's own plugin, run
// by the real binary on fixture sites (fixtures/content/plugins-*), in render threads and on the main thread.
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function site(name: string): Promise<string> {
  const dir = await copyFixture(`content/${name}`);
  made.push(dir);
  return dir;
}

/** The article body of a built page (the Markdown's HTML, as the template placed it). */
async function article(dir: string, url = ''): Promise<string> {
  const html = await readFile(path.join(dir, 'dist/public/documentation', url, 'index.html'), 'utf8');
  // the article body carries the island attribute of its copy buttons (`data-island`)
  const start = html.search(/<div class="article-body"[^>]*>/);
  expect(start, 'the page has an article body').toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('<div class="visually-hidden"', start));
}

/** Every element of an HTML fragment: tag, attributes, and the elements it is inside. */
function elements(html: string): Array<{ name: string; attrs: Record<string, string>; inside: string[] }> {
  const out: Array<{ name: string; attrs: Record<string, string>; inside: string[] }> = [];
  const stack: string[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      out.push({ name, attrs, inside: [...stack] });
      stack.push(name);
    },
    onclosetag() {
      stack.pop();
    },
  });
  parser.end(html);
  return out;
}

describe('remark-math and rehype-katex', () => {
  it('render TeX to KaTeX HTML in render threads, with variables, fence meta and alerts as on the fast path', async () => {
    const dir = await site('plugins-math');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', '2']);
    expect(r.exitCode, r.stderr).toBe(0);
    const body = await article(dir);
    const els = elements(body);
    // inline math in the paragraph, display math as its own block; MathML for screen readers, as configured
    const katex = els.filter((e) => e.attrs.class === 'katex');
    expect(katex.length).toBe(2);
    expect(els.some((e) => e.attrs.class === 'katex-display')).toBe(true);
    expect(els.filter((e) => e.name === 'math').length).toBe(2);
    expect(body).toContain('<annotation encoding="application/x-tex">e^{i\\pi} + 1 = 0</annotation>');
    expect(body).not.toContain('$$');
    // docsgen's own features on the plugin path
    expect(body).toContain('This site uses version 4.33.');
    expect(body).toMatch(/<h2 id="variables-still-work">Variables still work<a class="heading-anchor" href="#variables-still-work"/);
    expect(body).toContain('<figcaption class="code-title">sum.js</figcaption>');
    expect(body).toMatch(/<span class="line highlighted" data-line="2"><span class="hljs-keyword">const<\/span> b/);
    expect(body).toContain('<aside class="note note-note" role="note">');
  });

  it("reports KaTeX's parse error as a warning at the formula's line, and the page still builds", async () => {
    const dir = await site('plugins-math');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/content\/guide\/index\.md:8:16 +warning +DG2201 +rehype-katex: Could not render math with KaTeX: KaTeX parse error/);
    // rehype-katex shows the source in red where it cannot render it
    expect(await article(dir, 'guide')).toMatch(/class="katex-error"[^>]*>\\frac\{1\}\{/);
  });
});

describe("KaTeX's stylesheet", () => {
  it("is published with its fonts when the site's styles.css imports it (the recipe in docs/markdown-plugins.md)", async () => {
    const dir = await site('plugins-math');
    await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
    const styles = path.join(dir, 'templates/styles.css');
    await writeFile(styles, `@import 'katex/dist/katex.min.css';\n${await readFile(styles, 'utf8')}`);
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode, r.stderr).toBe(0);
    const out = path.join(dir, 'dist/public/documentation');
    const files = await readdir(out);
    const font = files.find((f) => /^KaTeX_Main-Regular-[A-Z0-9]+\.woff2$/.test(f));
    expect(font).toBeDefined();
    const css = await readFile(path.join(out, files.find((f) => /^styles-.*\.css$/.test(f))!), 'utf8');
    expect(css).toContain('.katex{');
    expect(css).toContain(`url("./${font}")`);
  });
});

describe("remark-directive and a site's own plugin", () => {
  it('loads the local plugin by its path with its options and reports what it reports at its line', async () => {
    const dir = await site('plugins-directive');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode, r.stderr).toBe(0);
    const body = await article(dir);
    expect(body).toContain('Copy with <kbd class="key">Ctrl</kbd>+<kbd class="key">C</kbd>');
    expect(body).toMatch(/<aside class="callout" role="note"><p>Directives hold Markdown: <strong>bold<\/strong>, <code>code<\/code> and <a href="\/documentation\/guide\/#setup">a link<\/a>/);
    expect(r.stderr).toMatch(/content\/index\.md:14:1 +warning +DG2201 +\.\/plugins\/directives\.mjs: unknown directive `video`/);
    expect(await article(dir, 'guide')).toContain('Press <kbd class="key">Enter</kbd> to start version 4.33.');
  });

  it('keeps source positions: a broken link inside a directive is reported at its file:line:column', async () => {
    const dir = await site('plugins-directive');
    const page = path.join(dir, 'content/guide/index.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\n:::callout\nSee [the missing page](/missing/).\n:::\n`);
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/content\/guide\/index\.md:13:5 +error +DG5\d{3} .*\/missing\//);
  });
});

describe('rehype-slug and rehype-autolink-headings', () => {
  it("give no heading a second id or a second anchor, and keep docsgen's ids (those the table of contents links to)", async () => {
    const dir = await site('plugins-headings');
    const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(r.exitCode, r.stderr).toBe(0);
    const withPlugins = elements(await article(dir));
    const ids = withPlugins.filter((e) => e.attrs.id !== undefined).map((e) => e.attrs.id);
    expect(new Set(ids).size).toBe(ids.length);
    const headings = withPlugins.filter((e) => /^h[1-6]$/.test(e.name));
    for (const h of headings) {
      const links = withPlugins.filter((e) => e.name === 'a' && e.attrs.href === `#${h.attrs.id}`);
      expect(links, `links to #${h.attrs.id}`).toHaveLength(1);
    }
    // the same page without plugins: the same heading ids
    await writeFile(path.join(dir, 'docsgen.config.yaml'), 'siteName: Heading docs\n');
    const plain = await runDocsgen(['build', '--root', dir, '--no-sw']);
    expect(plain.exitCode, plain.stderr).toBe(0);
    const without = elements(await article(dir)).filter((e) => /^h[1-6]$/.test(e.name));
    expect(headings.map((h) => h.attrs.id)).toEqual(without.map((h) => h.attrs.id));
    expect(headings.map((h) => h.attrs.id)).toEqual(['heading-docs', 'install', 'options', 'install-1', 'use-the-api-with-care', 'deep-heading', 'install-2']);
  });
});

describe('plugin problems', () => {
  async function failing(config: string): Promise<{ dir: string; r: Awaited<ReturnType<typeof runDocsgen>> }> {
    const dir = await site('plugins-failing');
    await writeFile(path.join(dir, 'docsgen.config.yaml'), config);
    return { dir, r: await runDocsgen(['build', '--root', dir, '--no-sw']) };
  }

  it('a plugin that is not installed is a config error at its entry (exit 2)', async () => {
    const { r } = await failing('siteName: Failing docs\nmarkdown:\n  rehypePlugins:\n    - rehype-slug\n    - rehype-not-installed-anywhere\n');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/docsgen\.config\.yaml:5:7 +error +DG1110 +the rehype plugin `rehype-not-installed-anywhere` cannot be found/);
    expect(r.stderr).toMatch(/npm install rehype-not-installed-anywhere/);
  });

  it('a local path that names no file is a config error at its entry', async () => {
    const { r } = await failing('markdown:\n  remarkPlugins: [./plugins/missing.mjs]\n');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/docsgen\.config\.yaml:2:19 +error +DG1110 +the remark plugin `\.\/plugins\/missing\.mjs` cannot be found/);
  });

  it('a module that is no plugin, and a plugin refusing its options, are config errors at their entries', async () => {
    const notPlugin = await failing('markdown:\n  remarkPlugins:\n    - ./plugins/not-a-plugin.mjs\n');
    expect(notPlugin.r.exitCode).toBe(2);
    expect(notPlugin.r.stderr).toMatch(/docsgen\.config\.yaml:3:7 +error +DG1111 +the remark plugin `\.\/plugins\/not-a-plugin\.mjs` could not be loaded/);
    const picky = await failing('markdown:\n  rehypePlugins:\n    - [./plugins/picky.mjs, { level: high }]\n');
    expect(picky.r.exitCode).toBe(2);
    expect(picky.r.stderr).toMatch(/docsgen\.config\.yaml:3:7 +error +DG1112 +the rehype plugin `\.\/plugins\/picky\.mjs` refused its options: option `level` must be a number/);
  });

  it("a plugin failing a page (file.fail or a throw) is an error at the page's line, in render threads too", async () => {
    const dir = await site('plugins-failing');
    await writeFile(path.join(dir, 'content/boom.md'), '---\ntitle: Boom\ndescription: A page the plugin fails.\n---\n\n# Boom\n\nIt says BOOM here.\n');
    await writeFile(path.join(dir, 'content/crash.md'), '---\ntitle: Crash\ndescription: A page the plugin crashes on.\n---\n\nFine.\n\nCRASH\n');
    for (const concurrency of ['0', '2']) {
      const r = await runDocsgen(['build', '--root', dir, '--no-sw', '--concurrency', concurrency]);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/content\/boom\.md:8:1 +error +DG2200 +the remark plugin `\.\/plugins\/explode\.mjs` failed on this page: the page says BOOM/);
      expect(r.stderr).toMatch(/content\/crash\.md:1:1 +error +DG2200 +the remark plugin `\.\/plugins\/explode\.mjs` failed on this page: cannot read the crash/);
      expect(r.stderr).not.toMatch(/content\/index\.md/);
    }
  });
});
