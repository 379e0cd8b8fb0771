import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/content/frontmatter.js';

describe('parseFrontmatter', () => {
  it('accepts the documented keys', () => {
    const r = parseFrontmatter('---\ntitle: Basemaps\ndescription: Styles.\norder: 2\ntemplate: doc\n---\n\nBody', 'content/a.md');
    expect(r.diagnostics).toEqual([]);
    expect(r.data).toEqual({ title: 'Basemaps', description: 'Styles.', order: 2, template: 'doc' });
  });

  it('points a YAML error at the file line, not the YAML block line', () => {
    const r = parseFrontmatter('---\ntitle: A\ndescription: "unclosed\n---\n', 'content/a.md');
    expect(r.data).toBeNull();
    expect(r.diagnostics[0]).toMatchObject({ code: 'DG2001', severity: 'error', location: { file: 'content/a.md' } });
    expect(r.diagnostics[0]!.location!.line).toBeGreaterThanOrEqual(3);
  });

  it('warns of an unknown key at its own line, with a did-you-mean, and keeps it for the templates', () => {
    const r = parseFrontmatter('---\ntitle: A\ndescription: B\ntitel: typo\n---\n', 'content/a.md');
    expect(r.data).toEqual({ title: 'A', description: 'B', titel: 'typo' });
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'DG2100', severity: 'warning', message: expect.stringContaining('`titel`'), hint: expect.stringMatching(/^did you mean `title`\?/), location: expect.objectContaining({ line: 4, column: 1 }) }),
    ]);
  });

  it('makes an unknown key an error with strict', () => {
    const r = parseFrontmatter('---\ntitle: A\nsidebar_position: 3\n---\n', 'content/a.md', { strict: true });
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'DG2100', severity: 'error', hint: expect.stringMatching(/^did you mean `order`\?/), location: expect.objectContaining({ line: 3 }) })]);
  });

  it('needs neither title nor description (the h1 and first paragraph stand in)', () => {
    expect(parseFrontmatter('---\ntitle: A\n---\n', 'content/a.md')).toEqual({ data: { title: 'A' }, diagnostics: [] });
    expect(parseFrontmatter('---\noutline: deep\n---\n', 'content/a.md').data).toEqual({ outline: 'deep' });
  });

  it('reads a page without frontmatter as empty frontmatter', () => {
    expect(parseFrontmatter('# Just a heading\n', 'content/a.md')).toEqual({ data: {}, diagnostics: [] });
  });

  it('reports an alias to a missing anchor at its line instead of crashing', () => {
    const r = parseFrontmatter('---\ntitle: A\ndescription: *nowhere\n---\n', 'content/a.md');
    expect(r.data).toBeNull();
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'DG2001', message: 'malformed frontmatter: the alias `*nowhere` names no anchor before it', location: expect.objectContaining({ line: 3, column: 14 }) })]);
  });

  it('reports YAML nested too deep for the yaml package at its line instead of overflowing the stack', () => {
    for (const deep of ['['.repeat(3000) + ']'.repeat(3000), '{a: '.repeat(3000) + '1' + '}'.repeat(3000)]) {
      const r = parseFrontmatter(`---\ndescription: d\ntitle: ${deep}\n---\n`, 'content/a.md');
      expect(r.data).toBeNull();
      expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'DG2001', message: expect.stringMatching(/^malformed frontmatter: it nests \d+ levels deep, too deep to be read$/), location: expect.objectContaining({ line: 3 }) })]);
    }
  });

  it('refuses an alias bomb in frontmatter at its line', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefg'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(', ')}]`)].join('\n');
    const r = parseFrontmatter(`---\ntitle: t\ndescription: d\n${bomb}\n---\n`, 'content/a.md');
    expect(r.data).toBeNull();
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'DG2001', message: expect.stringContaining('malformed frontmatter: the aliases expand to more than 100 copies') })]);
  });
});
