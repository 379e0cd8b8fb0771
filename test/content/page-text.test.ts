import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter, parseFrontmatterExactly } from '../../src/content/frontmatter.js';
import { compileMarkdown } from '../../src/content/markdown.js';
import { decodePage, invalidUtf8 } from '../../src/content/page-text.js';
import { assertReaching } from '../helpers/reach.js';

// Issue 19, item 5: a UTF-8 byte order mark hid a page's frontmatter, and bytes that are not UTF-8 were
// published as U+FFFD without a word. Pages are now decoded by decodePage, in discovery and in render threads.
const BOM = [0xef, 0xbb, 0xbf];
const bytesOf = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('decodePage', () => {
  it('drops a leading byte order mark, and only a leading one', () => {
    expect(decodePage(bytesOf(BOM, '---\ntitle: A\n'))).toEqual({ text: '---\ntitle: A\n', invalid: null });
    expect(decodePage(bytesOf('a', BOM, 'b')).text).toBe('a\uFEFFb');
  });

  it('decodes UTF-8 as Buffer#toString does', () => {
    assertReaching(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        expect(decodePage(Buffer.from(s, 'utf8'))).toEqual({ text: s.replace(/^\uFEFF/, ''), invalid: null });
      }),
    );
  });

  it('finds the first byte that is not UTF-8 at its line and column', () => {
    // Latin-1 é after "Caf" on line 2
    expect(decodePage(bytesOf('# Title\nCaf', [0xe9], ' ol', [0xe9], '\n')).invalid).toEqual({ byte: 0xe9, line: 2, column: 4 });
    // columns count UTF-16 units after the line's other characters (as mdast does), and not the BOM
    expect(decodePage(bytesOf(BOM, 'é🚀', [0xff])).invalid).toEqual({ byte: 0xff, line: 1, column: 4 });
    // a character cut short at the end of the file, and one cut short by the next line
    expect(decodePage(bytesOf('ok\r\nab', [0xe2, 0x82])).invalid).toEqual({ byte: 0xe2, line: 2, column: 3 });
    expect(decodePage(bytesOf('x', [0xc3], '\ny')).invalid).toEqual({ byte: 0xc3, line: 1, column: 2 });
    // an encoded surrogate and an overlong form are not UTF-8 either
    expect(decodePage(bytesOf('a', [0xed, 0xa0, 0x80])).invalid).toMatchObject({ byte: 0xed, column: 2 });
    expect(decodePage(bytesOf('a\rb', [0xc0, 0xaf])).invalid).toEqual({ byte: 0xc0, line: 2, column: 2 });
    // the shared strict decoder is not left mid-character by a failure
    expect(decodePage(bytesOf('ok é'))).toEqual({ text: 'ok é', invalid: null });
  });

  it('locates a bad byte after any valid text (property)', () => {
    const bad = fc.constantFrom(0x80, 0xbf, 0xc0, 0xc1, 0xc3, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff);
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '\r\n', 'é', '東', '🚀', '\uFEFF', '\uFFFD'), maxLength: 60 });
    assertReaching(
      fc.property(text, bad, text, (before, byte, after) => {
        const { text: decoded, invalid } = decodePage(bytesOf(before, [byte], after));
        const lines = before.replace(/^\uFEFF/, '').split(/\r\n?|\n/);
        expect(invalid).toEqual({ byte, line: lines.length, column: lines[lines.length - 1]!.length + 1 });
        expect(decoded).toBe(new TextDecoder().decode(bytesOf(before, [byte], after)));
      }),
      { numRuns: 500 },
    );
  });

  it('reports the bad byte as one error with the line under it and a hint', () => {
    const page = decodePage(bytesOf('---\ntitle: T\n---\n\nCaf', [0xe9], '\n'));
    expect(invalidUtf8('content/cafe.md', page.invalid!, page.text)).toEqual({
      code: 'DG2032',
      severity: 'error',
      message: 'the page is not valid UTF-8: byte 0xE9 cannot be read (it would be published as �)',
      hint: 'save the file as UTF-8; your editor may have saved it as Latin-1 or Windows-1252',
      location: { file: 'content/cafe.md', line: 5, column: 4, lineText: 'Caf\uFFFD' },
    });
  });
});

describe('a page saved with a byte order mark', () => {
  // both frontmatter paths: plain `key: value` lines take the fast one, a block scalar the exact one
  const pages = {
    'fast path': '---\ntitle: With BOM\ndescription: Saved by Notepad.\n---\n\n# Hello\n',
    'exact path': '---\ntitle: With BOM\ndescription: >\n  Saved by Notepad.\n---\n\n# Hello\n',
  };
  for (const [name, page] of Object.entries(pages)) {
    it(`has its frontmatter read (${name}), decoded or passed as text`, () => {
      const decoded = decodePage(bytesOf(BOM, page)).text;
      for (const text of [decoded, `\uFEFF${page}`]) {
        expect(parseFrontmatter(text, 'content/a.md')).toEqual({ data: { title: 'With BOM', description: 'Saved by Notepad.' }, diagnostics: [] });
        expect(parseFrontmatterExactly(text, 'content/a.md').data).toEqual({ title: 'With BOM', description: 'Saved by Notepad.' });
      }
    });
  }

  it('keeps the lines of frontmatter problems right', () => {
    for (const parse of [parseFrontmatter, parseFrontmatterExactly]) {
      const r = parse('\uFEFF---\ntitle: A\ndescription: B\ntitel: typo\n---\n', 'content/a.md');
      // the unknown key's own line (4), not the block's start
      expect(r.diagnostics.map((d) => [d.code, d.location?.line, d.location?.column])).toEqual([['DG2100', 4, 1]]);
    }
  });

  it('compiles without the frontmatter in its body, positions counted after the mark', async () => {
    const opts = { root: '/p', contentDir: '/p/content', pathPrefix: '/documentation', variables: {}, imageMaxWidth: 995 };
    const r = await compileMarkdown('\uFEFF---\ntitle: T\ndescription: D\n---\n\n[link](/x/) {{ nope }}\n', '/p/content/a.md', 'content/a.md', 'a.md', opts);
    expect(r.html).toBe('<p><a href="/documentation/x/">link</a> {{ nope }}</p>');
    expect(r.links).toEqual([{ href: '/documentation/x/', line: 6, column: 1 }]);
    expect(r.diagnostics.map((d) => [d.code, d.location?.line, d.location?.column, d.location?.lineText])).toEqual([['DG2004', 6, 13, '[link](/x/) {{ nope }}']]);
  });
});
