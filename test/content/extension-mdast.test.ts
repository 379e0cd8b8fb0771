import fc from 'fast-check';
import { assertReaching } from '../helpers/reach.js';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/content/parse/index.js';
import { remarkParseMarkdown } from './remark-oracle.js';

// Issue 27: footnotes and block directives parse to the mdast remark-gfm and remark-directive (container and leaf
// directives) give: the same nodes, fields and start positions (end positions of blocks are approximate by design,
// docs/design-parser.md).

/** The tree with each position cut to its start line:column. */
function starts(node: Nodes): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'position') out.start = value ? `${value.start.line}:${value.start.column}` : null;
    else if (key === 'children') out.children = (value as Nodes[]).map(starts);
    else out[key] = value;
  }
  return out;
}

function same(text: string): void {
  expect(starts(parseMarkdown(text))).toEqual(starts(remarkParseMarkdown(text)));
}

const CASES: Record<string, string> = {
  'a footnote call and definition': 'Text[^1].\n\n[^1]: The note.\n',
  'calls before and after, twice, and one never defined': 'A[^b] B[^a] again[^b] none[^zz].\n\n[^a]: Alpha.\n[^b]: Beta.\n',
  // (an indented code block in any container starts at column 1 here, at the container's indent in remark: known)
  'definition with lazy lines, indented paragraphs and a fence': '[^n]: first\nlazy\n\n    second para\n\n    ```\n    code\n    ```\n\nafter[^n]\n',
  'definition interrupting a paragraph': 'para\n[^1]: foot\n\nx[^1]\n',
  'labels: case, escapes, spaces, brackets, empty': 'a[^Note] b[^x\\]y] c[^a b] d[^] e[^[x]]\n\n[^note]: n\n[^x\\]y]: e\n',
  // (a table cell starts after its pipe here, at the pipe in remark: known)
  'calls inside links, emphasis and images': '[x[^1] y](/x/) *e[^1]* ![i[^1]](/i.png)\n\n[^1]: F.\n',
  'a definition inside a container is seen after it, in lists, quotes and labels': ':::note\n[^x]: d\n:::\n\n- [^x]\n\n> [^x]\n\n:::tip[see [^x]]\n:::\n',
  'a definition inside a container is seen from the container on': 'a[^1] b[^2]\n\n::::note\nc[^1]\n:::tip\nd[^1]\n[^1]: in tip\n:::\n::::\n\ne[^1]\n\n[^2]: top\n',
  'definitions in a list and a quote': '- item[^1]\n\n  [^1]: in list\n\n> [^2]: in quote\n\nx[^2]\n',
  'a definition that is empty or starts with a blank line': '[^1]:\n\n[^2]:\n    late\n\nx[^1][^2]\n',
  'admonitions with titles and attributes': ':::tip[Before *you* start]{#a .b .c k="v" z}\nbody\n:::\n\n:::note\n:::\n',
  'nested containers, outer fence longer': '::::note[Outer]\nouter\n:::tip\ninner\n:::\n::::\n',
  'same-length nested fences close the outer one': ':::note\n:::tip\ninner\n:::\nafter\n:::\n',
  'containers in lists and quotes, indented, unclosed': '- item\n\n  :::note\n  in list\n  :::\n\n> :::tip\n> quoted\n> :::\n\n  :::info\n  indented\n  :::\n\n:::danger\nunclosed\n',
  'containers interrupting paragraphs': 'para\n:::note\nbody\n:::\nafter\n',
  'leaf directives and tabs': ':::tabs\n::tab[JavaScript]\n\n```js\na\n```\n\n::tab[*Python*]{.x}\n```py\nb\n```\n:::\n',
  'fences inside containers': '::::tabs\n```js title="a.js"\nx\n```\n:::note\nn\n:::\n```\n:::\n```\n::::\n',
  'things that are not directives': ':::\nno name\n:::\n\n:::name-\n\n::: spaced\n\n:::a[unclosed\n\n:::a{bad\n\n::x y\n\nTime 10:30 and a:b\n',
};

describe('footnotes and directives: the mdast remark gives', () => {
  for (const [name, text] of Object.entries(CASES)) it(name, () => same(text));

  it('for generated documents', () => {
    const word = fc.constantFrom('map', 'a', '*em*', '`c`', '[l](/l/)', '[^1]', '[^2]', '[^x]', ':', '::', '[a', 'b]');
    const inline = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
    const leaf = fc.oneof(
      inline,
      inline.map((l) => `> ${l}`),
      inline.map((l) => `- ${l}`),
      fc.constantFrom('```js\ncode\n```', '::tab[Python]', '::tab[.NET]{#n}', '[^1]: defined', '[^2]: two\n    more', '[^x]:\n\n    late'),
    );
    const block: fc.Arbitrary<string> = fc.letrec((tie) => ({
      block: fc.oneof(
        { weight: 3, arbitrary: leaf },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.integer({ min: 3, max: 5 }), fc.constantFrom('note', 'tip', 'tabs', 'x-y'), fc.option(inline), fc.array(tie('block') as fc.Arbitrary<string>, { maxLength: 3 }), fc.boolean())
            .map(([n, name, title, inner, close]) => `${':'.repeat(n)}${name}${title === null ? '' : `[${title.replace(/[[\]]/g, '')}]`}\n${inner.join('\n\n')}${close ? `\n${':'.repeat(n)}` : ''}`),
        },
      ),
    })).block;
    const doc = fc.array(block, { minLength: 1, maxLength: 5 }).map((b) => `${b.join('\n\n')}\n`);
    assertReaching(fc.property(doc, (text) => same(text)), { numRuns: 300 });
  });
});
