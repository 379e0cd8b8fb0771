import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// Page furniture (issue 22, item 3) in the built HTML of fixtures/build/page-furniture: previous/next in
// navigation order, "Edit this page", "Last updated" (from frontmatter, and from git in a committed copy),
// code titles, marked lines and line numbers, and the start page's first image loaded eagerly.
let dir = '';
const html = (page: string) => readFile(path.join(dir, 'dist/public/documentation', page, 'index.html'), 'utf8');
const pageData = async (page: string) =>
  JSON.parse(await readFile(path.join(dir, 'dist/public/documentation/page-data', page, 'page-data.json'), 'utf8')) as { result: { pageContext: Record<string, unknown> } };
/** The page's footer, as the reader sees it: its links and the date. */
const footerOf = (page: string) => /<footer class="page-footer">.*?<\/footer>/s.exec(page)?.[0] ?? '';
const pairs = (footer: string) => [...footer.matchAll(/<a class="pagination-link pagination-(prev|next)" href="([^"]*)" rel="\1">.*?<span class="pagination-title">([^<]*)</g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
const warnings = (stderr: string) => stderr.split('\n').filter((l) => /  warning  DG\d{4}  /.test(l));

async function build(): Promise<{ stats: Record<string, number> }> {
  const r = await runDocsgen(['build', '--root', dir, '--json', '--no-images']);
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { stats: Record<string, number> };
}

beforeAll(async () => {
  dir = await copyFixture('build/page-furniture');
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('page furniture in the built HTML', () => {
  it('builds, warning at the fence about the option it ignores and the line past the end', async () => {
    const r = await runDocsgen(['build', '--root', dir]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(warnings(r.stderr)).toEqual([
      "content/guide/first.md:33:25  warning  DG2050  code block option `wrap` is not supported, so it is ignored  (a fence takes `title=\"file.js\"`, marked lines like `{2,4-6}` and `showLineNumbers` (or `showLineNumbers=10`))",
      'content/guide/first.md:33:30  warning  DG2051  code block marks line 9, but it has 1 line  (marked lines count from 1 at the first line of code)',
    ]);
  });

  it('links each page to the previous and next in navigation order: a section, its pages depth first, the next section', async () => {
    const order = ['guide', 'guide/first', 'guide/second', 'guide/deeper', 'guide/deeper/leaf', 'reference', 'reference/api options'];
    const titles = ['Guide', 'First steps', 'Second page', 'Deeper', 'Leaf', 'Reference', 'Options'];
    for (const [i, page] of order.entries()) {
      const expected = [];
      if (i > 0) expected.push(`prev /documentation/${order[i - 1]}/ ${titles[i - 1]}`);
      if (i < order.length - 1) expected.push(`next /documentation/${order[i + 1]}/ ${titles[i + 1]}`);
      expect(pairs(footerOf(await html(page))), page).toEqual(expected);
    }
    // the start page and the status pages have no place in the navigation
    expect(await html('')).not.toContain('class="pagination');
    expect(await readFile(path.join(dir, 'dist/public/documentation/404.html'), 'utf8')).not.toContain('class="page-footer');
  });

  it('links "Edit this page" to the pattern with the file under content/, encoded', async () => {
    expect(footerOf(await html('guide/first'))).toContain('<a class="edit-link" href="https://github.com/example/docs/edit/main/content/guide/first.md">Edit this page</a>');
    expect(footerOf(await html('guide'))).toContain('href="https://github.com/example/docs/edit/main/content/guide/index.md"');
    expect(footerOf(await html('reference/api options'))).toContain('href="https://github.com/example/docs/edit/main/content/reference/api%20options.md"');
  });

  it('shows the frontmatter date as a <time>, and no date where neither frontmatter nor git has one', async () => {
    expect(footerOf(await html('guide/first'))).toContain('<p class="last-updated">Last updated: <time dateTime="2024-03-15">March 15, 2024</time></p>');
    expect(footerOf(await html('guide/second'))).not.toContain('last-updated');
    // the page data the browser renders from carries the same furniture
    expect((await pageData('guide/first')).result.pageContext).toMatchObject({
      lastUpdated: '2024-03-15',
      editUrl: 'https://github.com/example/docs/edit/main/content/guide/first.md',
      prev: { title: 'Guide', url: '/documentation/guide/' },
      next: { title: 'Second page', url: '/documentation/guide/second/' },
    });
  });

  it('renders code titles, marked lines and line numbers from the fence meta', async () => {
    const page = await html('guide/first');
    expect(page).toContain('<figure class="code-block"><figcaption class="code-title">app.js</figcaption><pre tabindex="0" role="group" aria-label="Code: js" class="code-lines"><code class="hljs language-js">');
    expect([...page.matchAll(/<span class="line highlighted" data-line="(\d+)">/g)].map((m) => Number(m[1]))).toEqual([2, 4, 5, 10]);
    // the comment over lines 2 and 3 is cut at the line feed and opened again
    expect(page).toContain('<span class="line highlighted" data-line="2"><span class="hljs-comment">/* a comment</span></span>\n<span class="line" data-line="3"><span class="hljs-comment">   over two lines */</span></span>');
    expect(page).toContain('<pre tabindex="0" role="group" aria-label="Code: python" class="code-lines line-numbers"><code class="hljs language-python"><span class="line highlighted" data-line="10">');
    // a block without meta is the plain <pre><code>, and no page has a copy button before JavaScript adds it
    expect(page).toContain('<pre tabindex="0" role="group" aria-label="Code: sh"><code class="hljs language-sh">npm install &#x26; &#x3C;run> <span class="hljs-string">"it"</span>\n</code></pre>');
    expect(page).not.toContain('copy-button');
    expect(page.match(/<button[^>]*>/g)?.every((b) => b.includes('class="icon-button')), 'only the header\'s buttons, shown once hydrated').toBe(true);
  });

  it("loads the start page's first image eagerly with high priority, and the others lazily", async () => {
    const images = [...(await html('')).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('loading="eager" fetchpriority="high" decoding="async"');
    expect(images[1]).toContain('loading="lazy" decoding="async"');
    expect(images[1]).not.toContain('fetchpriority');
  });
});

describe('"Last updated" from git', () => {
  const git = (args: string[], date?: number) =>
    execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e', ...(date ? { GIT_COMMITTER_DATE: `@${date} +0000`, GIT_AUTHOR_DATE: `@${date} +0000` } : {}) },
    });
  const dateOf = async (page: string) => /<time dateTime="([^"]*)">([^<]*)<\/time>/.exec(footerOf(await html(page)))?.slice(1, 3) ?? null;

  beforeAll(async () => {
    await build();
    git(['init', '-q', '-b', 'main']);
    git(['add', '.']);
    git(['commit', '-q', '-m', 'all'], 1_700_000_000); // 2023-11-14T22:13:20Z
  });

  it('dates each page by its last commit once the project is a git checkout, the frontmatter date still first', async () => {
    const { stats } = await build();
    expect(await dateOf('guide/second')).toEqual(['2023-11-14T22:13:20Z', 'November 14, 2023']);
    expect(await dateOf('reference/api options')).toEqual(['2023-11-14T22:13:20Z', 'November 14, 2023']);
    expect(await dateOf('guide/first')).toEqual(['2024-03-15', 'March 15, 2024']);
    // the date is part of each page's cache key: every page that got one is rendered again, the others are not
    expect(stats).toMatchObject({ upToDate: 0, rendered: 7, cached: 3 });
  });

  it('stops early when no commit touched the content, and re-renders only the page a new commit dates', async () => {
    git(['commit', '-q', '--allow-empty', '-m', 'nothing'], 1_700_100_000);
    expect((await build()).stats).toMatchObject({ upToDate: 1 });

    const leaf = path.join(dir, 'content/guide/deeper/leaf.md');
    await writeFile(leaf, `${await readFile(leaf, 'utf8')}\nOne more line.\n`);
    // built before the commit: the text is new, the date still the last commit's
    expect((await build()).stats).toMatchObject({ rendered: 1 });
    expect(await dateOf('guide/deeper/leaf')).toEqual(['2023-11-14T22:13:20Z', 'November 14, 2023']);
    // committed with no change to the text: the build is not up to date, and that page alone shows its new date
    git(['commit', '-q', '-am', 'leaf'], 1_710_000_000); // 2024-03-09T16:00:00Z
    expect((await build()).stats).toMatchObject({ upToDate: 0, rendered: 1 });
    expect(await dateOf('guide/deeper/leaf')).toEqual(['2024-03-09T16:00:00Z', 'March 9, 2024']);
    expect(await dateOf('guide/deeper')).toEqual(['2023-11-14T22:13:20Z', 'November 14, 2023']);
  });
});
