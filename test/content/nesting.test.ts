import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../src/content/markdown.js';
import { NESTING_LIMIT, parseMarkdown } from '../../src/content/parse/index.js';
import { compileBoth, remarkParseMarkdown } from './remark-oracle.js';
import { assertReaching } from '../helpers/reach.js';

// Issue 19, item 5: text nested 100 block quotes or 50 lists deep was dropped (markdown-it's maxNesting; remark
// keeps it), and emphasis nested ~3,000 deep overflowed the stack (exit 70). Up to NESTING_LIMIT the tree is
// remark's, positions included; past it a page is one DG2031 error at the point that passed the limit.
const opts = { root: '/p', contentDir: '/p/content', pathPrefix: '/documentation', variables: {}, imageMaxWidth: 995 };
const FM = '---\ntitle: T\ndescription: D\n---\n';
const compile = (body: string) => compileMarkdown(FM + body, '/p/content/a.md', 'content/a.md', 'a.md', opts);
const repeat = (s: string, n: number) => s.repeat(n);

/** How many nodes deep the tree is below the root, leaves included (a paragraph of text is 2). */
function depthOf(tree: Root): number {
  let max = 0;
  const stack: [Nodes, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    max = Math.max(max, depth);
    for (const child of (node as { children?: Nodes[] }).children ?? []) stack.push([child, depth + 1]);
  }
  return max;
}

// Nesting just within the limit, construct by construct (a list is two levels: the list and its item).
const WITHIN: Record<string, string> = {
  '100 block quotes': `${repeat('>', 100)} deep text\n`,
  '100 block quotes, one a line': Array.from({ length: 100 }, (_, i) => `${repeat('> ', i + 1)}line ${i}`).join('\n') + '\n',
  '50 lists, indented': Array.from({ length: 50 }, (_, i) => `${repeat('  ', i)}- item ${i}`).join('\n') + '\n',
  '50 lists on one line': `${repeat('- ', 50)}deep item\n`,
  '50 ordered lists': `${repeat('1. ', 50)}deep item\n`,
  '499 block quotes': `${repeat('> ', 499)}text\n`,
  '249 lists': `${repeat('- ', 249)}text\n`,
  '499 emphasis (998 stars)': `${repeat('*', 998)}x${repeat('*', 998)}\n`,
  '499 emphasis, words between': `${repeat('_a ', 499)}x${repeat('_', 499)}\n`,
  '300 strikethroughs': `${repeat('~~a ', 300)}x${repeat('~~', 300)}\n`,
  '500 brackets': `${repeat('[', 500)}x${repeat(']', 500)}\n`,
  '500 links in links': `${repeat('[', 500)}x${repeat('](/u/)', 500)}\n`,
  '500 images in images': `${repeat('![', 500)}x${repeat('](https://cdn.example.com/i.png)', 500)}\n`,
  'quotes, lists, emphasis and a link mixed': `${repeat('> - 1. ', 60)}*a **b [c ~~d x~~](/u/)** e*\n`,
};

describe('nesting within the limit', () => {
  for (const [name, body] of Object.entries(WITHIN)) {
    it(`${name}: the tree remark gives, and the same page`, async () => {
      const text = FM + body;
      expect(parseMarkdown(text)).toEqual(remarkParseMarkdown(text));
      const { actual, expected } = await compileBoth(text, '/p/content/a.md', 'content/a.md', 'a.md', opts);
      expect(actual).toEqual(expected);
      expect(actual.diagnostics).toEqual([]);
    });
  }

  it('keeps the text of 100 quotes and 50 lists in the HTML', async () => {
    expect((await compile(`${repeat('>', 100)} deep text\n`)).html).toContain('<p>deep text</p>');
    expect((await compile(`${repeat('- ', 50)}deep item\n`)).html).toContain('<li>deep item</li>');
  });
});

// Past the limit, each construct n levels deep.
const BEYOND: Record<string, (n: number) => string> = {
  'block quotes': (n) => `${repeat('>', n)} x\n`,
  lists: (n) => `${repeat('- ', n / 2)}x\n`,
  emphasis: (n) => `${repeat('*', n * 2)}x${repeat('*', n * 2)}\n`,
  underscores: (n) => `${repeat('_', n * 2)}x${repeat('_', n * 2)}\n`,
  'emphasis with words between': (n) => `${repeat('*a ', n)}x${repeat('*', n)}\n`,
  brackets: (n) => `${repeat('[', n)}x${repeat(']', n)}\n`,
  'links in links': (n) => `${repeat('[', n)}x${repeat('](/u/)', n)}\n`,
  'images in images': (n) => `${repeat('![', n)}x${repeat('](i.png)', n)}\n`,
};

describe('nesting past the limit', () => {
  const tooDeep = (line: number, column: number) => ({
    code: 'DG2031',
    severity: 'error',
    message: `the Markdown is nested more than ${NESTING_LIMIT} levels deep (quotes, lists, emphasis or links inside one another)`,
    hint: 'nest less deeply here: no page needs that many levels',
    location: expect.objectContaining({ file: 'content/a.md', line, column }),
  });

  it('is one error at the character that passes it', async () => {
    // the paragraph inside the 500th quote is level 501
    expect((await compile(`${repeat('>', 500)} x\n`)).diagnostics).toEqual([tooDeep(5, 502)]);
    // 500 quotes on lines of their own: the last line's text
    expect((await compile(`${Array.from({ length: 500 }, (_, i) => repeat('>', i + 1)).join('\n')}x\n`)).diagnostics).toEqual([tooDeep(504, 501)]);
    // the 250th list item holds level 501, its paragraph
    expect((await compile(`${repeat('- ', 250)}x\n`)).diagnostics).toEqual([tooDeep(5, 501)]);
    // in a paragraph (level 1), the 500th strong pair opens level 501 at its first star
    expect((await compile(`${repeat('*', 1000)}x${repeat('*', 1000)}\n`)).diagnostics).toEqual([tooDeep(5, 999)]);
    // brackets count on their own (they are no node in the tree): the text inside the 501st, in a list item
    expect((await compile(`- ${repeat('[', 501)}x${repeat(']', 501)}\n`)).diagnostics).toEqual([tooDeep(5, 504)]);
  });

  for (const [name, make] of Object.entries(BEYOND)) {
    it(`${name}: one error, no crash, just past the limit and at 10,000 and 100,000 characters`, async () => {
      const perLevel = make(1000).length / 1000;
      for (const n of [NESTING_LIMIT + 2, Math.ceil(10_000 / perLevel), Math.ceil(100_000 / perLevel)]) {
        const r = await compile(make(n));
        expect(r.diagnostics.map((d) => [d.code, d.location?.line])).toEqual([['DG2031', 5]]);
        expect(r.html).toBe('');
      }
    });
  }
});

// Generated nesting: block containers as line prefixes, inline wrappers around a core, each a cycle of kinds
// repeated to a generated depth. No image wraps a link: a link inside an image inside a link is its own
// family (nested-links.ts; parser-edge-cases.test.ts and parser-fuzz-families.test.ts hold it). Directly nested markers (`***x***`)
// are in WITHIN above.
const block = fc.constantFrom(
  { open: '> ', more: '> ', levels: 1 },
  { open: '- ', more: '  ', levels: 2 },
  { open: '1. ', more: '   ', levels: 2 },
  { open: '* ', more: '  ', levels: 2 },
);
// words between the markers: markdown-it and micromark pair runs like `*~~*` differently (not a nesting matter)
const inline = fc.constantFrom(['*a ', ' b*'], ['_a ', ' b_'], ['**a ', ' b**'], ['__a ', ' b__'], ['~~a ', ' b~~'], ['~a ', ' b~'], ['[a ', ' b](/u/)'], ['[a ', ' b]'], ['`c` ', '']);
const core = fc.constantFrom('x', '![x](https://cdn.example.com/i.png)', '[![*a* x](https://cdn.example.com/i.png)](/u/)', '![![x](https://cdn.example.com/j.png)](https://cdn.example.com/i.png)');
const nested = (maxBlocks: number, maxInline: number) =>
  fc
    .record({
      blocks: fc.array(block, { minLength: 1, maxLength: 6 }),
      blockCount: fc.integer({ min: 0, max: maxBlocks }),
      wrappers: fc.array(inline, { minLength: 1, maxLength: 6 }),
      inlineCount: fc.integer({ min: 0, max: maxInline }),
      core,
      twoLines: fc.boolean(),
    })
    .map(({ blocks, blockCount, wrappers, inlineCount, core, twoLines }) => {
      const chosen = Array.from({ length: blockCount }, (_, i) => blocks[i % blocks.length]!);
      const around = Array.from({ length: inlineCount }, (_, i) => wrappers[i % wrappers.length]!);
      const open = chosen.map((b) => b.open).join('');
      const more = chosen.map((b) => b.more).join('');
      // a word first, so no run of markers starts a line (`~~~~` would open a fence, `* ` a list)
      const text = `w ${around.map(([o]) => o).join('')}${core}${around.map(([, c]) => c).reverse().join('')}`;
      return { body: `${open}${text}${twoLines ? `\n${more}${text}` : ''}\n`, blockLevels: chosen.reduce((n, b) => n + b.levels, 0) };
    });

describe('generated nesting (property)', () => {
  it('gives remark’s tree and page while within the limit', async () => {
    await assertReaching(
      fc.asyncProperty(nested(120, 240), async ({ body }) => {
        const text = FM + body;
        const expected = remarkParseMarkdown(text);
        expect(depthOf(expected)).toBeLessThanOrEqual(NESTING_LIMIT + 1);
        expect(parseMarkdown(text)).toEqual(expected);
        const { actual, expected: page } = await compileBoth(text, '/p/content/a.md', 'content/a.md', 'a.md', opts);
        expect(actual).toEqual(page);
      }),
      { numRuns: 60, seed: 19 },
    );
  });

  it('never throws far past it: the page compiles or is one DG2031 error', async () => {
    await assertReaching(
      fc.asyncProperty(nested(3_000, 30_000), async ({ body, blockLevels }) => {
        const r = await compile(body);
        const codes = r.diagnostics.map((d) => d.code);
        if (blockLevels >= NESTING_LIMIT) expect(codes).toEqual(['DG2031']);
        else if (codes.length > 0) expect(codes).toEqual(['DG2031']);
        else expect(depthOf(parseMarkdown(FM + body))).toBeLessThanOrEqual(NESTING_LIMIT + 1);
      }),
      { numRuns: 40, seed: 19 },
    );
  });
});
