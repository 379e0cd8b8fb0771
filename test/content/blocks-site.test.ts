import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_CONTAINER_DIRECTIVES, SUPPORTED_LEAF_DIRECTIVES } from '../../src/content/index.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// Issue 27, items 2-4, through the real binary on fixtures/content/footnotes-notes-and-tabs: the HTML of footnotes
// (remark-rehype's), admonitions (the aside of a GitHub alert), tabs (labelled panels, all visible without
// JavaScript) and fence meta in tabs, the same in page-data, and check-links naming the Markdown line of a broken
// link written inside a footnote and inside a container.
let dir = '';
const article = async (page: string) => {
  const html = await readFile(path.join(dir, 'dist/public/documentation', page, 'index.html'), 'utf8');
  // the article body carries the island attribute of its copy buttons (`data-island`)
  return html.slice(html.search(/<div class="article-body"[^>]*>/), html.indexOf('<div class="visually-hidden" role="status"'));
};

beforeAll(async () => {
  dir = await copyFixture('content/footnotes-notes-and-tabs');
  const built = await runDocsgen(['build', '--root', dir, '--no-sw']);
  expect(built.exitCode, built.stderr).toBe(0);
  expect(built.stderr).not.toMatch(/warning|error/);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('footnotes, notes and tabs in a built site', () => {
  it('renders footnotes as remark-rehype does: numbered calls, back links, the labelled section last', async () => {
    const html = await article('guide/footnotes');
    expect(html).toContain(
      'lazily<sup><a href="#user-content-fn-lazy" id="user-content-fnref-lazy" data-footnote-ref aria-describedby="footnote-label">1</a></sup>, and a view draws them once they are ready<sup><a href="#user-content-fn-ready" id="user-content-fnref-ready" data-footnote-ref aria-describedby="footnote-label">2</a></sup>.',
    );
    // called twice: the second call has its own id and its own back link
    expect(html).toContain('twice<sup><a href="#user-content-fn-lazy" id="user-content-fnref-lazy-2" data-footnote-ref aria-describedby="footnote-label">1</a></sup>');
    expect(html).toContain(
      '<section data-footnotes class="footnotes"><h2 class="sr-only" id="footnote-label">Footnotes</h2>\n<ol>\n<li id="user-content-fn-lazy">\n<p>Loading starts when the layer is first shown.</p>\n<p>A second paragraph of the footnote, with <code>code</code>. <a href="#user-content-fnref-lazy" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a> <a href="#user-content-fnref-lazy-2" data-footnote-backref="" aria-label="Back to reference 1-2" class="data-footnote-backref">↩<sup>2</sup></a></p>\n</li>\n<li id="user-content-fn-ready">\n<p>See <a href="/documentation/guide/notes/">the notes page</a> for what "ready" means. <a href="#user-content-fnref-ready" data-footnote-backref="" aria-label="Back to reference 2" class="data-footnote-backref">↩</a></p>\n</li>\n</ol>\n</section>',
    );
    // the section is after the last heading's content, and the heading list (toc) does not include it
    expect(html.indexOf('<section data-footnotes')).toBeGreaterThan(html.indexOf('id="details"'));
  });

  it('renders every admonition as the aside of a GitHub alert, titles and nesting included', async () => {
    const html = await article('guide/notes');
    const asides = [...html.matchAll(/<aside class="([^"]+)" role="note">\n<p class="note-label">(.*?)<\/p>/g)].map((m) => `${m[1]}: ${m[2]}`);
    expect(asides).toEqual([
      'note note-note: Note',
      'note note-tip: Before you start',
      'note note-info: Info',
      'note note-warning: Caution',
      'note note-danger: Data loss',
      'note note-warning: Outer',
      'note note-important: Important',
      'note note-note: Note',
    ]);
    expect(html).toContain('<aside class="note note-warning" role="note">\n<p class="note-label">Outer</p>\n<p>An outer warning.</p>\n<aside class="note note-important" role="note">\n<p class="note-label">Important</p>\n<p>An important note inside it.</p>\n</aside>\n</aside>');
    expect(html).not.toContain(':::');
  });

  it('renders tabs as labelled panels, every one in the HTML, labels from the fence or the marker', async () => {
    const html = await article('guide/tabs');
    const groups = html.split('<div class="tabs">').slice(1);
    expect(groups).toHaveLength(2);
    const labels = (group: string) => [...group.matchAll(/<div class="tab-panel" data-tab="([^"]+)">\n<p class="tab-label">(.*?)<\/p>/g)].map((m) => [m[1], m[2]]);
    const seed = ['JavaScript', 'Python', '.NET', 'Java', 'Kotlin', 'Swift'];
    expect(labels(groups[0]!)).toEqual(seed.map((l) => [l, l]));
    expect(labels(groups[1]!)).toEqual(seed.map((l) => [l, l]));
    // a fence's title names its tab and is not shown again above the code; its marked lines still are
    expect(groups[0]).not.toContain('figcaption');
    expect(groups[1]).toContain('<p class="tabs-label">Pick a language</p>');
    expect(groups[1]).toContain('<span class="line highlighted" data-line="2">map.<span class="hljs-title function_">add</span>(layer);</span>');
    expect(html).not.toMatch(/::tab|:::/);
  });

  it('puts the same article in page-data, so a client-side navigation shows the same blocks', async () => {
    for (const page of ['guide/footnotes', 'guide/notes', 'guide/tabs']) {
      const data = JSON.parse(await readFile(path.join(dir, 'dist/public/documentation/page-data', page, 'page-data.json'), 'utf8')) as { result: { pageContext: { html: string } } };
      const html = await article(page);
      expect(html).toContain(data.result.pageContext.html);
    }
  });

  it('names the Markdown line of a broken link inside a footnote and inside a container', async () => {
    // defined before a later paragraph's link, shown after it: the HTML's order is not the source's
    await appendFile(path.join(dir, 'content/guide/footnotes.md'), '\n[^broken]: Points [nowhere](/guide/nowhere/).\n\nA last call[^broken] and [elsewhere](/guide/elsewhere/).\n');
    const notes = path.join(dir, 'content/guide/notes.md');
    await writeFile(notes, (await readFile(notes, 'utf8')).replace('An important note inside it.', 'An important note inside it, see [gone](/guide/gone/).'));
    const built = await runDocsgen(['build', '--root', dir, '--no-sw', '--links', 'off']);
    expect(built.exitCode, built.stderr).toBe(0);
    const r = await runDocsgen(['check-links', '--root', dir, '--json'], { cwd: dir });
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout).problems).toEqual([
      { page: 'documentation/guide/footnotes/index.html', href: '/documentation/guide/elsewhere/', kind: 'missing-page', source: { file: 'content/guide/footnotes.md', line: 19, column: 26 } },
      { page: 'documentation/guide/footnotes/index.html', href: '/documentation/guide/nowhere/', kind: 'missing-page', source: { file: 'content/guide/footnotes.md', line: 17, column: 19 } },
      { page: 'documentation/guide/notes/index.html', href: '/documentation/guide/gone/', kind: 'missing-page', source: { file: 'content/guide/notes.md', line: 31, column: 34 } },
    ]);
  });

  it('tells the other stages which directives it renders', () => {
    expect([...SUPPORTED_CONTAINER_DIRECTIVES].sort()).toEqual(['caution', 'danger', 'important', 'info', 'note', 'tabs', 'tip', 'warning']);
    expect([...SUPPORTED_LEAF_DIRECTIVES]).toEqual([['tab', 'tabs']]);
  });
});
