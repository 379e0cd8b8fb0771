import path from 'node:path';
import { common } from 'lowlight';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VARIABLES as VARIABLES } from '../helpers/sample-config.js';
import { compileBoth } from './remark-oracle.js';
import { COMMON_GRAMMARS } from '../../src/content/highlight.js';

// docsgen writes highlight.js's tokens straight to HTML (src/content/highlight.ts); the oracle highlights with
// lowlight into hast and serializes with rehype-stringify, as rehype-highlight does. Every grammar of the set,
// with the characters that need escaping, nested scopes and sublanguages, must come out byte for byte the same.
const root = path.resolve(import.meta.dirname, '../../fixtures/site');
const opts = { root, contentDir: path.join(root, 'content'), pathPrefix: '/documentation', variables: VARIABLES, imageMaxWidth: 995 };

async function expectSame(markdown: string): Promise<string> {
  const { actual, expected } = await compileBoth(markdown, path.join(root, 'content/page.md'), 'content/page.md', 'page.md', opts);
  expect(actual.html).toBe(expected.html);
  expect(actual).toEqual(expected);
  return actual.html;
}

const fence = (lang: string, code: string) => `~~~~${lang}\n${code}\n~~~~\n`;

// A snippet most grammars find something in: comments, strings with quotes and escapes, numbers, `<`, `&`.
const GENERIC = [
  '// a comment with <tags> & "quotes"',
  '# another comment style',
  '/* block */ -- sql comment',
  'function main(a, b) { return a < b && b > 0 ? "x\\"y" : \'z\'; }',
  'class Point<T> extends Base implements I { int x = 0x1F; double y = 3.14e-2; }',
  'if [ -f "$HOME/.rc" ]; then echo `date` &> /dev/null; fi',
  'SELECT name FROM t WHERE id >= 10 AND note LIKE \'%&amp;%\';',
  '<div class="a">&copy; text</div>',
  'key: value # yaml-ish',
  '@decorator\ndef f(x: int) -> str:\n    return f"{x!r}"',
].join('\n');

describe('build-time highlighting', () => {
  it("knows the grammars of lowlight's common set, registered in its order (which decides whose alias wins)", () => {
    expect([...COMMON_GRAMMARS]).toEqual(Object.keys(common));
  });

  it('writes the markup lowlight gives, for every grammar of the common set', async () => {
    const names = Object.keys(common);
    expect(names.length).toBeGreaterThanOrEqual(35);
    await expectSame(names.map((name) => fence(name, GENERIC)).join('\n'));
  });

  it('nests sublanguages and multi-part scopes the same way', async () => {
    const html = await expectSame(
      [
        fence('html', '<!DOCTYPE html>\n<style>\n  a > b { color: #fff; }\n</style>\n<script type="module">\n  const x = 1 < 2 && "a";\n  class A extends B {}\n</script>\n<p title="&quot;">x &amp; y</p>'),
        fence('xml', '<?xml version="1.0"?>\n<!-- c -->\n<a b="1"><![CDATA[ <x> & ]]></a>'),
        fence('markdown', '# Title\n\n```js\nconst a = `t${1}`;\n```\n\n*em* and [link](http://x)'),
        fence('markdown', '```js\nconst open = 1; // the fence is never closed'),
        fence('php-template', '<p><?php echo "hi & bye"; ?></p>'),
        fence('ts', 'export class Foo<T> { constructor(private readonly x: T) {} method(): void { this.x; } }'),
        fence('js', 'const x = fetch(`/a?b=${c}&d`).then((r) => r.json()); // <ok>'),
      ].join('\n'),
    );
    expect(html).toContain('<span class="xml">'); // a sublanguage span (lowlight names it by language, no prefix)
    expect(html).toContain('<span class="hljs-title class_">'); // `title.class`: the second part gets a `_`
    expect(html).toContain('&#x3C;'); // `<` escaped as the rest of the article is
  });

  it('leaves plain, unknown, empty and opted-out fences as the oracle does', async () => {
    await expectSame(
      [
        fence('text', 'a < b & c'),
        fence('no-such-language', 'a < b'),
        fence('js', ''),
        '```\nno language <here>\n```\n',
        fence('js title="x.js"', 'let a = 1;'),
        fence('sh', 'echo "$1" | grep -v x &'),
        fence('py', 'print("a" if x else \'b\')'),
        fence('cs', 'var s = $"{a}";'),
      ].join('\n'),
    );
  });
});
