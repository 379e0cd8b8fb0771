import path from 'node:path';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VARIABLES as VARIABLES } from '../helpers/sample-config.js';
import { parseCodeMeta } from '../../src/content/code-meta.js';
import { COMMON_GRAMMARS } from '../../src/content/highlight.js';
import { compileMarkdown } from '../../src/content/markdown.js';
import { withoutCodeDecorations } from './code-decorations.js';
import { compileBoth } from './remark-oracle.js';
import { assertReaching } from '../helpers/reach.js';

// Fence meta (issue 22): titles, marked lines and line numbers in the article's HTML. The parser oracle covers
// the rest of the page (remark-rehype renders no meta); this file covers what the meta adds.
const root = path.resolve(import.meta.dirname, '../../fixtures/site');
const opts = { root, contentDir: path.join(root, 'content'), pathPrefix: '/documentation', variables: VARIABLES, imageMaxWidth: 995 };
const FM = '---\ntitle: T\ndescription: D\n---\n\n';

const compile = (markdown: string) => compileMarkdown(FM + markdown, path.join(root, 'content/page.md'), 'content/page.md', 'page.md', opts);

/** The line spans of an article's code blocks: number, marked or not, and the HTML inside. */
function lineSpans(html: string): Array<{ line: number; highlighted: boolean; inner: string }> {
  return [...html.matchAll(/<span class="line( highlighted)?" data-line="(\d+)">(.*?)<\/span>\n(?=<span class="line|<\/code>)/g)].map((m) => ({
    line: Number(m[2]),
    highlighted: Boolean(m[1]),
    inner: m[3]!,
  }));
}

/** Whether a piece of HTML closes every element it opens, in order. */
function balanced(html: string): boolean {
  const stack: string[] = [];
  let ok = true;
  const parser = new Parser({
    onopentag: (name) => void stack.push(name),
    onclosetag: (name, implied) => {
      if (implied || stack.pop() !== name) ok = false;
    },
  });
  parser.end(html);
  return ok && stack.length === 0;
}

describe('fence meta', () => {
  it('reads titles, marked lines and line numbers, and lists what it does not understand', () => {
    expect(parseCodeMeta('title="app.js" {2,4-6}')).toEqual({ meta: { title: 'app.js', highlight: [2, 4, 5, 6] }, unsupported: [] });
    expect(parseCodeMeta("title='my file.ts' showLineNumbers")).toEqual({ meta: { title: 'my file.ts', lineNumbers: 1 }, unsupported: [] });
    expect(parseCodeMeta('title=bare.sh showLineNumbers=10 { 3 , 1-2 }')).toEqual({ meta: { title: 'bare.sh', lineNumbers: 10, highlight: [1, 2, 3] }, unsupported: [] });
    expect(parseCodeMeta('showLineNumbers{5} {3}{1}')).toEqual({ meta: { lineNumbers: 5, highlight: [1, 3] }, unsupported: [] });
    expect(parseCodeMeta('wrap title="" {0} {3-1} {2,x} title="open showLineNumbers=x')).toEqual({
      meta: {},
      unsupported: [
        { text: 'wrap', offset: 0 },
        { text: 'title=""', offset: 5 },
        { text: '{0}', offset: 14 },
        { text: '{3-1}', offset: 18 },
        { text: '{2,x}', offset: 24 },
        { text: 'title="open', offset: 30 },
        { text: 'showLineNumbers=x', offset: 42 },
      ],
    });
  });

  it('puts a title in a figcaption, escaped, and leaves a block without meta as it was', async () => {
    const { html, diagnostics } = await compile('```js title="<b>a & b</b>.js"\nlet a = 1;\n```\n\n```js\nlet b = 2;\n```\n');
    expect(diagnostics).toEqual([]);
    expect(html).toBe(
      '<figure class="code-block"><figcaption class="code-title">&#x3C;b>a &#x26; b&#x3C;/b>.js</figcaption><pre tabindex="0" role="group" aria-label="Code: js"><code class="hljs language-js"><span class="hljs-keyword">let</span> a = <span class="hljs-number">1</span>;\n</code></pre></figure>\n' +
        '<pre tabindex="0" role="group" aria-label="Code: js"><code class="hljs language-js"><span class="hljs-keyword">let</span> b = <span class="hljs-number">2</span>;\n</code></pre>',
    );
  });

  it('marks lines and numbers them from the given number, a token spanning lines cut and reopened at each line', async () => {
    const { html } = await compile('```js showLineNumbers=7 {2}\nconst a = 1; /* one\ntwo */ const b = `x\ny`;\n```\n');
    expect(html).toBe(
      '<figure class="code-block"><pre tabindex="0" role="group" aria-label="Code: js" class="code-lines line-numbers"><code class="hljs language-js">' +
        '<span class="line" data-line="7"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>; <span class="hljs-comment">/* one</span></span>\n' +
        '<span class="line highlighted" data-line="8"><span class="hljs-comment">two */</span> <span class="hljs-keyword">const</span> b = <span class="hljs-string">`x</span></span>\n' +
        '<span class="line" data-line="9"><span class="hljs-string">y`</span>;</span>\n' +
        '</code></pre></figure>',
    );
  });

  it('marks lines of code in no known language, and of plain text', async () => {
    const { html } = await compile('```text {1}\na < b\nc & d\n```\n\n```\nplain\n```\n');
    expect(html).toContain('<pre tabindex="0" role="group" aria-label="Code: text" class="code-lines"><code class="language-text"><span class="line highlighted" data-line="1">a &#x3C; b</span>\n<span class="line" data-line="2">c &#x26; d</span>\n</code></pre>');
  });

  it('warns at the fence about options it does not understand and marked lines past the end', async () => {
    const { diagnostics } = await compile('Text.\n\n```js wrap title="a.js" {3,5}\nlet a;\nlet b;\n```\n');
    expect(diagnostics.map((d) => `${d.location?.line}:${d.location?.column}  ${d.severity}  ${d.code}  ${d.message}`)).toEqual([
      '8:7  warning  DG2050  code block option `wrap` is not supported, so it is ignored',
      '8:25  warning  DG2051  code block marks lines 3-5, but it has 2 lines',
    ]);
  });

  it('keeps every line balanced and highlighted as without meta, for any code in any grammar', async () => {
    const token = fc.constantFrom('a', ' ', '"', "'", '`', '<', '>', '&', '/*', '*/', '//', '#', '{', '}', '(', ')', '${', '<!--', '-->', '\\', 'if', 'def', 'class', '1.5', '--', '<a b="c">', '</a>', 'é', '\t');
    const codeLine = fc.array(token, { maxLength: 8 }).map((t) => t.join(''));
    const code = fc.array(codeLine, { minLength: 1, maxLength: 8 }).filter((lines) => !lines.some((l) => /^\s*(```|~~~)/.test(l) || /^ {4}/.test(l)));
    const meta = fc.record({
      lineNumbers: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
      highlight: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: 4 }),
    });
    await assertReaching(
      fc.asyncProperty(fc.constantFrom(...COMMON_GRAMMARS, 'no-such-language'), code, meta, async (lang, lines, m) => {
        const options = [m.lineNumbers !== undefined ? `showLineNumbers=${m.lineNumbers}` : '', m.highlight.length > 0 ? `{${m.highlight.join(',')}}` : '', m.highlight.length === 0 && m.lineNumbers === undefined ? 'title="t"' : ''];
        const markdown = `\`\`\`\`${lang} ${options.filter(Boolean).join(' ')}\n${lines.join('\n')}\n\`\`\`\`\n`;
        // the oracle's check: the same page but for the decorations (compileBoth compares them)
        const { actual } = await compileBoth(FM + markdown, path.join(root, 'content/page.md'), 'content/page.md', 'page.md', opts);
        const { html } = await compile(markdown);
        expect(withoutCodeDecorations(html)).toEqual(withoutCodeDecorations(actual.html));
        if (m.lineNumbers === undefined && m.highlight.length === 0) return;
        const spans = lineSpans(html);
        const first = m.lineNumbers ?? 1;
        // an empty block (one empty line in the fence) has no line to number or mark
        const count = lines.join('\n') === '' ? 0 : lines.length;
        expect(spans.map((s) => s.line)).toEqual(Array.from({ length: count }, (_, i) => first + i));
        expect(spans.filter((s) => s.highlighted).map((s) => s.line - first + 1)).toEqual(m.highlight.filter((n) => n <= count).sort((a, b) => a - b));
        for (const s of spans) expect(balanced(s.inner), s.inner).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
