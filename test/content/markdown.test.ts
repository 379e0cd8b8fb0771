import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../src/content/markdown.js';

const opts = { root: '/p', contentDir: '/p/content', pathPrefix: '/documentation', variables: { arcgis_js_version: '4.33' }, imageMaxWidth: 995 };
const compile = (body: string) => compileMarkdown(`---\ntitle: T\ndescription: D\n---\n${body}`, '/p/content/a/b.md', 'content/a/b.md', 'a/b.md', opts);

describe('compileMarkdown', () => {
  it('substitutes variables in text and code and reports unknown ones at line:column', async () => {
    const r = await compile('Version {{ arcgis_js_version }}.\n\n```js\nload("{{ arcgis_js_version }}")\n```\n\nBad {{ nope }}.\n');
    expect(r.html).toContain('Version 4.33.');
    expect(r.html).toContain('4.33');
    expect(r.html).not.toContain('{{ arcgis_js_version }}');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'DG2004', location: { file: 'content/a/b.md', line: 11, column: 5 } });
  });

  it('records link sources in document order with Markdown positions', async () => {
    const r = await compile('See [one](/x/) and [two](./c.md#h).\n\n[ref]: /y/\n\nA [reference][ref].\n');
    expect(r.links).toEqual([
      { href: '/documentation/x/', line: 5, column: 5 },
      { href: '/documentation/a/c/#h', line: 5, column: 20 },
      { href: '/documentation/y/', line: 9, column: 3 },
    ]);
  });

  it('gives headings GitHub ids, anchors and a table of contents', async () => {
    const r = await compile('## Get started!\n\n### Step 1: install\n\n## Get started!\n');
    expect(r.toc).toEqual([
      { depth: 2, id: 'get-started', text: 'Get started!' },
      { depth: 3, id: 'step-1-install', text: 'Step 1: install' },
      { depth: 2, id: 'get-started-1', text: 'Get started!' },
    ]);
    expect(r.html).toContain('<h2 id="get-started">Get started!<a class="heading-anchor" href="#get-started" aria-hidden="true" tabindex="-1">#</a></h2>');
  });

  it('renders alerts as plain asides and drops raw HTML with a warning', async () => {
    const r = await compile('> [!WARNING]\n> Careful.\n\n<script>alert(1)</script>\n');
    expect(r.html).toContain('<aside class="note note-warning" role="note">\n<p class="note-label">Warning</p>\n<p>Careful.</p>\n</aside>');
    expect(r.html).not.toContain('<script');
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'DG2009', severity: 'warning', location: expect.objectContaining({ line: 8 }) })]);
  });

  it('highlights fenced code at build time', async () => {
    const r = await compile('```js\nconst a = 1;\n```\n');
    expect(r.html).toContain('<code class="hljs language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;');
  });

  it('reports an image outside the content folder', async () => {
    const r = await compile('![x](../../../etc/passwd.png)\n');
    expect(r.diagnostics[0]).toMatchObject({ code: 'DG2006', location: { line: 5, column: 1 } });
  });
});
