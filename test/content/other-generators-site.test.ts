import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// Issue 27's "done when": a site of plain Markdown written for Docusaurus or VitePress (no frontmatter or theirs,
// `{#id}` headings, `{{ }}` in Vue/Angular/Actions samples, raw HTML components) builds through the real CLI,
// with a warning at its file:line for each thing not rendered and no error the writer did not cause.
const FIXTURE = 'content/docusaurus-vitepress-site';

describe('a VitePress/Docusaurus site built as it is', () => {
  let site: string;
  let built: Result;
  const page = (p: string) => readFile(path.join(site, 'dist/public/documentation', p, 'index.html'), 'utf8');
  const pageData = async (p: string) =>
    JSON.parse(await readFile(path.join(site, 'dist/public/documentation/page-data', p, 'page-data.json'), 'utf8')).result.pageContext as Record<string, unknown>;
  const article = (html: string) => /<article[\s\S]*?<\/article>/.exec(html)![0];

  beforeAll(async () => {
    site = await copyFixture(FIXTURE);
    built = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images']);
  }, 120_000);

  it('builds (exit 0) with warnings only, each at its file:line', () => {
    expect(built.exitCode, built.stderr).toBe(0);
    expect(built.stderr).not.toMatch(/  error  DG/);
    const warnings = built.stderr.split('\n').filter((l) => /  warning  DG\d{4}  /.test(l));
    for (const expected of [
      /^content\/index\.md:2:1  warning  DG2100  frontmatter key `layout` .*\(did you mean `template`\?/,
      /^content\/index\.md:3:1  warning  DG2100  frontmatter key `hero` /,
      /^content\/guide\/index\.md:2:1  warning  DG2100  frontmatter key `sidebar_position` .*\(did you mean `order`\?/,
      /^content\/guide\/template-syntax\.md:2:1  warning  DG2100  frontmatter key `outline` /,
      /^content\/guide\/template-syntax\.md:25:1  warning  DG2009  raw HTML `<span>` /,
      /^content\/guide\/angular\.md:7:1  warning  DG2102  this h1 repeats the frontmatter `title`/,
      /^content\/guide\/ci\.md:27:1  warning  DG2106  a `\$\$` math block /,
      /^content\/guide\/ci\.md:31:1  warning  DG2105  the `:::details` container /,
      /^content\/reference\/index\.md:10:33  warning  DG2009  raw HTML `<Badge>` .*\(components /,
      /^content\/reference\/index\.md:21:1  warning  DG2009  raw HTML `<details>` in Markdown is not rendered, nor the text in it: "Deprecated options"/,
    ]) {
      expect(warnings.filter((w) => expected.test(w)), String(expected)).toHaveLength(1);
    }
    // no unknown-variable error for any of the template languages' braces
    expect(built.stderr).not.toContain('DG2004');
  });

  it('titles a page without frontmatter by its h1, once, and describes it by its first paragraph', async () => {
    const html = await page('guide/ci');
    expect(html).toContain('<title>Continuous integration | ');
    expect(html).toContain('<meta name="description" content="Build the site on every push with GitHub Actions. The workflow reads the key from the repository&#39;s secrets.">');
    expect(article(html).match(/<h1[ >]/g)).toHaveLength(1);
    // the first paragraph is not shown a second time as the lede
    expect(html).not.toContain('class="lede"');
    // a frontmatter title with the same h1: one h1
    expect(article(await page('guide/angular')).match(/<h1[ >]/g)).toHaveLength(1);
    expect(await page('reference')).toContain('<p class="lede">Every function and option of the SDK.</p>');
  });

  it('leaves {{ … }} of Vue, Angular, Handlebars, Jinja and GitHub Actions in code as written, and substitutes known variables', async () => {
    const text = (html: string) => article(html).replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<').replace(/&#x26;/g, '&');
    const vue = text(await page('guide/template-syntax'));
    for (const s of ['<span>Message: {{ msg }}</span>', '{{ count + 1 }} items', '<div :id="dynamicId">{{ title }}</div>', '{{ indented.code }} stays as written too']) expect(vue).toContain(s);
    // `\{{` in prose writes the braces
    expect(vue).toContain('In prose, write \\{{ msg }} as {{ msg }} to show the braces.');
    const ci = text(await page('guide/ci'));
    expect(ci).toContain('ACME_KEY: ${{ secrets.ACME_KEY }}');
    expect(ci).toContain('Never print ${{ secrets.ACME_KEY }} in a log.');
    const ng = text(await page('guide/angular'));
    expect(ng).toContain('<h2>{{ title }}</h2>');
    expect(ng).toContain('{{#each items}}');
    expect(ng).toContain('{% for x in xs %}{{ x.name }}{% endfor %}');
    expect(ng).toMatch(/js\.arcgis\.com\/\d+\.\d+\//);
    expect(ng).not.toContain('arcgis_js_version');
  });

  it('gives headings their {#id}, in the HTML and the table of contents, without showing it', async () => {
    const html = article(await page('guide/template-syntax'));
    expect(html).toContain('<h2 id="text-interpolation">Text Interpolation<a class="heading-anchor" href="#text-interpolation"');
    expect(html).not.toMatch(/<h[1-6][^>]*>[^<]*\{#/);
    expect((await pageData('guide/template-syntax')).toc).toEqual([
      { depth: 2, id: 'text-interpolation', text: 'Text Interpolation' },
      { depth: 2, id: 'raw-html', text: 'Raw HTML' },
      { depth: 2, id: 'attribute-bindings', text: 'Attribute Bindings' },
    ]);
  });

  it('hands the templates every frontmatter key as page.frontmatter', async () => {
    expect((await pageData('guide/template-syntax')).frontmatter).toEqual({ outline: 'deep', aside: true });
    expect((await pageData('index')).frontmatter).toEqual({ layout: 'home', hero: { name: 'Acme Maps SDK', tagline: 'Maps for every framework' } });
    expect((await pageData('guide/ci')).frontmatter).toEqual({});
  });

  it('makes the unknown keys errors with --strict, and says which descriptions come from the text', async () => {
    const strict = await runDocsgen(['build', '--root', site, '--no-sw', '--no-images', '--strict']);
    expect(strict.exitCode).toBe(1);
    expect(strict.stderr).toMatch(/^content\/guide\/template-syntax\.md:3:1  error  DG2100  frontmatter key `aside` /m);
    expect(strict.stderr).toMatch(/^content\/guide\/ci\.md:1:1  warning  DG2103  the page has no `description`/m);
    expect(strict.stderr).toContain('build failed; the previous output is untouched');
  });

  it('lets check-links resolve {#id} anchors and report a missing one at its Markdown line', async () => {
    const dir = await copyFixture(FIXTURE);
    await appendFile(path.join(dir, 'content/reference/errors.md'), '\nSee [gone](../guide/index.md#no-such-section) and [there](../guide/template-syntax.md#raw-html).\n');
    const b = await runDocsgen(['build', '--root', dir, '--no-sw', '--no-images', '--links', 'warn']);
    expect(b.exitCode, b.stderr).toBe(0);
    const r = await runDocsgen(['check-links'], { cwd: dir });
    expect(r.exitCode).toBe(1);
    const problems = r.stderr.split('\n').filter((l) => /  error  DG5/.test(l));
    expect(problems).toEqual([expect.stringMatching(/^content\/reference\/errors\.md:14:5  error  DG5102  link `\/documentation\/guide\/#no-such-section`/)]);
  }, 120_000);
});
