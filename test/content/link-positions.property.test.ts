import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileBoth } from './remark-oracle.js';
import { assertReaching } from '../helpers/reach.js';

// Property (issue 6): for generated documents full of links in every container docs use, the markdown-it front
// end reports each link at the same Markdown line:column as remark did (check-links prints these), in order.
const opts = { root: '/p', contentDir: '/p/content', pathPrefix: '/documentation', variables: { arcgis_js_version: '4.33' }, imageMaxWidth: 995 };

// footnote calls: `[^1]`–`[^3]` are defined at the end of every document, `[^9]` never is (it stays text)
const word = fc.constantFrom('map', 'layer', 'query', 'the', 'a', 'view', 'Ünï', 'x_y', '`code`', '*em*', '**strong**', '&amp;', '\\*', '{{ arcgis_js_version }}', '{{ nope }}', '[^1]', '[^2]', 'x[^3]', '[^9]');
const target = fc.constantFrom('/x/', './page.md', '../up.md#h', 'https://example.com/a', '#frag', '/x/', 'other.md');
const link = fc.oneof(
  fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), target).map(([w, t]) => `[${w.join(' ')}](${t})`),
  fc.constantFrom('[ref]', '[text][ref]', '[Ref][]', '<https://example.com/auto>', 'www.example.com', 'https://example.org/lit', '![img](https://cdn.example.com/i.png)', '[![i](https://cdn.example.com/i.png)](/wrapped/)'),
);
const inline = fc.array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 2, arbitrary: link }), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));
const lines = fc.array(inline, { minLength: 1, maxLength: 3 });
const block = fc.oneof(
  lines.map((l) => l.join('\n')),
  inline.map((l) => `## ${l}`),
  lines.map((l) => l.map((x) => `> ${x}`).join('\n')),
  lines.map((l) => l.map((x, i) => `${i === 0 ? '-' : ' '} ${x}`).join('\n')),
  lines.map((l) => l.map((x, i) => `${i + 1}. ${x}`).join('\n')),
  fc.tuple(inline, inline).map(([a, b]) => `| A | B |\n|---|:-:|\n| ${a.replace(/\|/g, '')} | ${b.replace(/\|/g, '')} |`),
  inline.map((l) => `  ${l}`),
);
// the containers writers wrap blocks in: admonitions (nested with more colons outside), tabs of fences or markers
const container = fc.oneof(
  fc.tuple(fc.constantFrom('note', 'tip', 'caution', 'danger', 'info', 'unknown'), fc.option(fc.array(word, { minLength: 1, maxLength: 3 })), fc.array(block, { minLength: 1, maxLength: 2 })).map(
    ([name, title, blocks]) => `:::${name}${title === null ? '' : `[${title.join(' ')}]`}\n${blocks.join('\n\n')}\n:::`,
  ),
  fc.array(block, { minLength: 1, maxLength: 2 }).map((blocks) => `::::note\n${blocks.join('\n\n')}\n\n:::tip\n${blocks[0]}\n:::\n::::`),
  fc.array(fc.tuple(fc.constantFrom('JavaScript', 'Python', '.NET', 'Java', 'Kotlin', 'Swift'), block), { minLength: 1, maxLength: 3 }).map(
    (tabs) => `:::tabs\n${tabs.map(([label, b]) => `::tab[${label}]\n\n${b}`).join('\n\n')}\n:::`,
  ),
  fc.constantFrom('::::tabs\n```js\nconst a = 1;\n```\n```python\na = 1\n```\n::::'),
);
const footnotes = fc.array(inline, { minLength: 3, maxLength: 3 }).map((notes) => notes.map((n, i) => `[^${i + 1}]: ${n}`).join('\n'));
const doc = fc
  .tuple(fc.array(fc.oneof({ weight: 4, arbitrary: block }, { weight: 1, arbitrary: container }), { minLength: 1, maxLength: 6 }), footnotes)
  .map(([blocks, notes]) => `---\ntitle: T\ndescription: D\n---\n${blocks.join('\n\n')}\n\n${notes}\n\n[ref]: /ref/\n`);

describe('link positions', () => {
  it('equal remark’s for generated documents (footnotes and containers included)', async () => {
    await assertReaching(
      fc.asyncProperty(doc, async (text) => {
        const { actual, expected } = await compileBoth(text, '/p/content/a/b.md', 'content/a/b.md', 'a/b.md', opts);
        expect(actual.links).toEqual(expected.links);
        expect(actual.diagnostics).toEqual(expected.diagnostics);
        expect(actual.html).toBe(expected.html);
      }),
      { numRuns: 300, seed: 6 },
    );
  });
});
