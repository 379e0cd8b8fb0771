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

  it('names an unknown key at its line', () => {
    const r = parseFrontmatter('---\ntitle: A\ndescription: B\ntitel: typo\n---\n', 'content/a.md');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]!.message).toBe('invalid frontmatter: Unrecognized key(s) in object: \'titel\' (titel)');
    expect(r.diagnostics[0]!.location).toMatchObject({ line: 2, column: 1 });
  });

  it('says which required key is missing', () => {
    const r = parseFrontmatter('---\ntitle: A\n---\n', 'content/a.md');
    expect(r.diagnostics.map((d) => d.message)).toEqual(['frontmatter is missing `description`']);
  });

  it('requires frontmatter', () => {
    const r = parseFrontmatter('# Just a heading\n', 'content/a.md');
    expect(r.diagnostics[0]).toMatchObject({ code: 'DG2002', message: 'the page has no frontmatter', location: { line: 1, column: 1 } });
  });

  it('reports an alias to a missing anchor at its line instead of crashing', () => {
    const r = parseFrontmatter('---\ntitle: A\ndescription: *nowhere\n---\n', 'content/a.md');
    expect(r.data).toBeNull();
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'DG2001', message: expect.stringContaining('malformed frontmatter: Unresolved alias'), location: expect.objectContaining({ line: 3, column: 14 }) })]);
  });
});
