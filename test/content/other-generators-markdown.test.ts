import fc from 'fast-check';
import { assertReaching } from '../helpers/reach.js';
import { describe, expect, it } from 'vitest';
import { compileMarkdown, type CompileOptions } from '../../src/content/markdown.js';
import { cutAtSentence } from '../../src/content/page-title.js';
import { compileBoth } from './remark-oracle.js';

// Issue 27: Markdown written for Docusaurus, VitePress, Hugo or Pandoc, compiled as such writers expect.
const opts: CompileOptions = { root: '/p', contentDir: '/p/content', pathPrefix: '/documentation', variables: { arcgis_js_version: '4.33', calcite_version: '3.2.1' }, imageMaxWidth: 995 };
const HEAD = '---\ntitle: T\ndescription: D\n---\n';
const compile = (body: string, more: Partial<CompileOptions> = {}) => compileMarkdown(`${HEAD}${body}`, '/p/content/a.md', 'content/a.md', 'a.md', { ...opts, ...more });
const line = (d: { location?: { line: number } }) => d.location?.line;

// names of other template languages: Vue/Angular/Handlebars/Jinja expressions and GitHub Actions contexts
const foreignName = fc.stringMatching(/^[A-Za-z_][\w]{0,8}(\.[A-Za-z_]\w{0,6}){0,2}$/).filter((n) => !(n in opts.variables));
const spaced = (name: string, pad: string) => `{{${pad}${name}${pad}}}`;
const pad = fc.constantFrom('', ' ', '  ');

describe('{{ … }} in code and prose', () => {
  it('leaves every unknown {{ name }} in code exactly as written, and substitutes the known ones', async () => {
    await assertReaching(
      fc.asyncProperty(foreignName, pad, fc.constantFrom('```vue', '```yaml', '~~~', '    '), fc.boolean(), async (name, p, fence, dollar) => {
        const expr = `${dollar ? '$' : ''}${spaced(name, p)}`;
        const code = fence === '    ' ? `    <b>${expr}</b> {{ arcgis_js_version }}\n` : `${fence}\n<b>${expr}</b> {{ arcgis_js_version }}\n${fence.slice(0, 3)}\n`;
        const r = await compile(`Inline \`${expr}\` and \`{{ calcite_version }}\`.\n\n${code}`);
        expect(r.diagnostics).toEqual([]);
        // the text a reader sees (highlighting splits code into spans)
        const shown = r.html.replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<').replace(/&#x26;/g, '&');
        expect(shown.split(expr).length - 1).toBe(2);
        expect(r.html).toContain('<code>3.2.1</code>');
        expect(r.html).toContain('4.33');
        expect(r.html).not.toContain('arcgis_js_version');
      }),
      { numRuns: 60 },
    );
  });

  it('keeps an unknown name in prose an error at its line and column, with the did-you-mean', async () => {
    const r = await compile('Intro.\n\nVersion {{ arcgis_js_versoin }} here.\n');
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'DG2004', severity: 'error', location: expect.objectContaining({ line: 7, column: 9 }), hint: expect.stringMatching(/^did you mean `\{\{ arcgis_js_version \}\}`\?/) }),
    ]);
  });

  it('writes `\\{{` in prose as a literal `{{`, known name or not, on both parsers', async () => {
    await assertReaching(
      fc.asyncProperty(fc.oneof(foreignName, fc.constant('arcgis_js_version')), pad, fc.constantFrom('', '> ', '- ', '**'), async (name, p, wrap) => {
        const text = `${HEAD}${wrap}Show \\${spaced(name, p)} and {{ calcite_version }}${wrap === '**' ? '**' : ''}\n`;
        const { actual, expected } = await compileBoth(text, '/p/content/a.md', 'content/a.md', 'a.md', opts);
        expect(actual.html).toBe(expected.html);
        expect(actual.diagnostics).toEqual([]);
        expect(actual.html).toContain(`Show ${spaced(name, p)} and 3.2.1`);
      }),
      { numRuns: 40 },
    );
  });
});

describe('explicit heading ids', () => {
  const id = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
  const words = fc.stringMatching(/^[A-Z][a-z]{1,8}( [a-z]{1,6}){0,3}$/);

  it('sets the id from {#id}, hides it, and uses it in the table of contents, on both parsers', async () => {
    await assertReaching(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(words, fc.option(id, { nil: undefined }), fc.constantFrom(2, 3)), { minLength: 1, maxLength: 5, selector: ([, i]) => i ?? Math.random() }), async (heads) => {
        const body = heads.map(([t, i, d]) => `${'#'.repeat(d)} ${t}${i ? ` {#${i}}` : ''}\n\nText.\n`).join('\n');
        const { actual, expected } = await compileBoth(`${HEAD}${body}`, '/p/content/a.md', 'content/a.md', 'a.md', opts);
        expect(actual.html).toBe(expected.html);
        expect(actual.html).not.toContain('{#');
        const ids = actual.toc.map((e) => e.id);
        // explicit ids are used as written, and no two headings share one
        expect(new Set(ids).size).toBe(ids.length);
        heads.forEach(([t, i], k) => {
          expect(actual.toc[k]!.text).toBe(t);
          if (i) expect(actual.toc[k]!.id).toBe(i);
          expect(actual.html).toContain(`id="${actual.toc[k]!.id}">${t}<a class="heading-anchor" href="#${actual.toc[k]!.id}"`);
        });
        expect(actual.diagnostics.filter((d) => d.code === 'DG2104')).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('reports an id used twice on a page at the second heading, explicit or generated', async () => {
    const r = await compile('## Install {#setup}\n\n## Setup\n\n## Configure {#setup}\n\n## Other {#setup-1}\n');
    // the generated id of "Setup" steps aside (setup-1); the explicit repeat is the writer's to fix
    expect(r.toc.map((e) => e.id)).toEqual(['setup', 'setup-1', 'setup', 'setup-1']);
    expect(r.diagnostics.map((d) => [d.code, d.severity, line(d)])).toEqual([
      ['DG2104', 'error', 9],
      ['DG2104', 'error', 11],
    ]);
  });

  it('keeps an escaped \\{#id} as text', async () => {
    const r = await compile('## Literal \\{#braces}\n');
    expect(r.toc).toEqual([{ depth: 2, id: 'literal-braces', text: 'Literal {#braces}' }]);
  });

  it('takes {#id} off setext headings and after inline code', async () => {
    const r = await compile('Use `npm` {#use-npm}\n---\n\n## The `run()` call {#run}\n');
    expect(r.toc).toEqual([
      { depth: 2, id: 'use-npm', text: 'Use npm' },
      { depth: 2, id: 'run', text: 'The run() call' },
    ]);
  });
});

describe('the title heading', () => {
  it('takes the first h1 out of a page without a frontmatter title, anywhere at the top level', async () => {
    for (const body of ['# Hello\n\nText.\n', '<!-- note -->\n\n# Hello\n\nText.\n', 'Text.\n\n# Hello\n']) {
      const r = await compileMarkdown(body, '/p/content/a.md', 'content/a.md', 'a.md', { ...opts, frontmatterTitle: null });
      expect(r.html).not.toContain('<h1');
      expect(r.html).toContain('<p>Text.</p>');
      expect(r.firstHeading).toBe('Hello');
      expect(r.diagnostics.filter((d) => d.code === 'DG2102')).toEqual([]);
    }
  });

  it('shows a leading h1 once beside a frontmatter title, with a warning at its line', async () => {
    const same = await compile('# T\n\nText.\n', { frontmatterTitle: 'T' });
    expect(same.html).toBe('<p>Text.</p>');
    expect(same.diagnostics).toEqual([expect.objectContaining({ code: 'DG2102', severity: 'warning', message: expect.stringContaining('repeats'), location: expect.objectContaining({ line: 5, column: 1 }) })]);
    const again = await compile('# t  {#x}\n\nText.\n', { frontmatterTitle: 'T' });
    expect(again.html).toBe('<p>Text.</p>');
    expect(again.diagnostics.map((d) => d.code)).toEqual(['DG2102']);
    // a different h1, or one further down, is a heading of the page's own
    const other = await compile('# Other {#x}\n\nText.\n', { frontmatterTitle: 'T' });
    expect(other.html).toContain('<h1 id="x">Other</h1>');
    expect(other.diagnostics).toEqual([]);
    const later = await compile('Text.\n\n# Part two\n', { frontmatterTitle: 'T' });
    expect(later.html).toContain('<h1 id="part-two">Part two</h1>');
    expect(later.diagnostics).toEqual([]);
  });

  it('cuts a description at a sentence end', () => {
    assertReaching(
      fc.property(fc.array(fc.stringMatching(/^[A-Z][a-z]{0,9}( [a-z]{1,9}){0,12}[.!?]$/), { minLength: 1, maxLength: 8 }), (sentences) => {
        const text = sentences.join(' ');
        const cut = cutAtSentence(text);
        if (cut.endsWith('…')) {
          expect(text.startsWith(cut.slice(0, -1))).toBe(true);
          expect(cut.length).toBeLessThanOrEqual(161);
        } else {
          expect(text.startsWith(cut)).toBe(true);
          expect(cut).toMatch(/[.!?]$/);
          expect(cut.length <= 160 || cut === sentences[0]).toBe(true);
          // nothing cut that would have fitted
          const next = sentences.slice(0, cut === text ? sentences.length : sentences.findIndex((_, i) => sentences.slice(0, i + 1).join(' ') === cut) + 2).join(' ');
          if (cut !== text) expect(next.length).toBeGreaterThan(160);
        }
      }),
    );
  });
});

describe('what is not rendered is a warning at its line', () => {
  it('names :::containers and $$ math left as text, wherever they are, and nothing in code', async () => {
    const body = [
      '::: details Why?', // 5
      'Because.',
      ':::',
      '',
      '> :::v-pre', // 9
      '> {{ arcgis_js_version }}',
      '> :::',
      '',
      '- item',
      '',
      '  $$', // 15
      '  x^2',
      '  $$',
      '',
      '```md',
      ':::danger-zone',
      '$$',
      '```',
      '',
    ].join('\n');
    const r = await compile(body);
    expect(r.diagnostics.map((d) => [d.code, line(d), d.location?.column] as const).sort((a, b) => a[1] - b[1])).toEqual([
      ['DG2105', 5, 1],
      ['DG2105', 9, 3],
      ['DG2106', 15, 3],
    ]);
    expect(r.diagnostics[0]!.message).toContain('`:::details`');
  });

  it('names the raw HTML tag, once per element, and the text a dropped block takes with it', async () => {
    const r = await compile('Press <kbd>Ctrl</kbd> and <Badge text="new" />.\n\n<details>\n<summary>More</summary>\n</details>\n');
    expect(r.diagnostics.map((d) => [d.code, line(d), d.location?.column, d.message])).toEqual([
      ['DG2009', 5, 7, 'raw HTML `<kbd>` in Markdown is not rendered'],
      ['DG2009', 5, 27, 'raw HTML `<Badge>` in Markdown is not rendered'],
      ['DG2009', 7, 1, 'raw HTML `<details>` in Markdown is not rendered, nor the text in it: "More"'],
    ]);
    expect(r.diagnostics[1]!.hint).toMatch(/components/);
  });
});
