import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseFrontmatter, parseFrontmatterExactly, splitFrontmatter } from '../../src/content/frontmatter.js';
import { readSimpleYaml } from '../../src/content/simple-yaml.js';
import { repoRoot } from '../helpers/cli.js';

// Property (issue 6): the fast frontmatter path (js-yaml on plain `key: value` lines) gives exactly what `yaml`
// alone gives (data and diagnostics), whatever the YAML: on the shapes it takes and on those it must refuse.
const key = fc.constantFrom('title', 'description', 'order', 'template', 'draft', 'navTitle', 'titel', 'Title', 'nav_title');
const word = fc.constantFrom('Maps', 'C#', 'what\'s', 'a: b', 'a:b', 'x #c', 'x#c', 'https://a.b/c', 'Ünï', '-x', '- x', '?x', '[x]', '{x}', '&a x', '*a', '!!str x', '|', '>', '%x', '@x', '`x`', ',x', '~', 'null', 'Null', 'NULL', 'true', 'True', 'FALSE', 'yes', 'no', 'on');
const number = fc.constantFrom('1', '+2', '-3', '007', '0o17', '0x1F', '0b101', '+0x1', '1_000', '1.5', '.5', '+.9', '-.0', '1.', '1e3', '1E+2', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', '12:30', '1,000', '3 4');
const quoted = fc.constantFrom('"Maps"', '"a: b # c"', '"x"#c', '"esc \\" q"', '"\\u00e9"', "'it''s'", "'a # b'", "'x' y", '"unclosed', "''", '""', '" "');
const value = fc.oneof(
  fc.array(fc.oneof(word, number), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  number,
  quoted,
  fc.constant(''),
);
const spacing = fc.constantFrom(' ', '  ', '\t', ' \t');
const line = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(key, spacing, value, fc.constantFrom('', ' ', ' # note')).map(([k, s, v, tail]) => `${k}:${v === '' ? '' : s + v}${tail}`) },
  { weight: 1, arbitrary: fc.constantFrom('# comment', '', '  indented: x', '- item', 'title: >\n  folded', 'title: |\n  literal', 'title: a\n  continued', 'title: [a, b]', 'order: !!int "3"', 'k: &a x\nt: *a', '? complex', '---', '...') },
);
const lines = fc.tuple(fc.array(line, { minLength: 0, maxLength: 6 }), fc.constantFrom('\n', '\r\n'));
// mostly pages the schema could accept (a title and a description, then optional keys), so both paths run
const valid = fc.tuple(fc.oneof(word, quoted), fc.oneof(word, quoted), fc.array(line, { maxLength: 3 }), fc.constantFrom('\n', '\r\n')).map(([t, d, rest, nl]) => [[`title: ${t}`, `description: ${d}`, ...rest], nl] as const);
const frontmatter = fc.oneof(lines, valid).map(([ls, nl]) => `---${nl}${ls.join(nl)}${nl}---${nl}Body${nl}`);

describe('frontmatter fast path', () => {
  it('gives what `yaml` alone gives, for generated frontmatter', () => {
    fc.assert(
      fc.property(frontmatter, (text) => {
        expect(parseFrontmatter(text, 'content/a.md')).toEqual(parseFrontmatterExactly(text, 'content/a.md'));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads what `yaml` reads, whenever it takes the YAML', () => {
    fc.assert(
      fc.property(lines, ([ls, nl]) => {
        const yaml = `${ls.join(nl)}${nl}`;
        const simple = readSimpleYaml(yaml);
        if (simple === null) return;
        const doc = parseDocument(yaml, { uniqueKeys: true });
        expect(doc.errors).toEqual([]);
        expect(simple).toEqual(doc.toJS());
      }),
      { numRuns: 5000 },
    );
  });

  it('reads every page of the sample site (the plain shape it is for)', () => {
    const files = fg.sync('content/**/*.md', { cwd: repoRoot, absolute: true });
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const { yaml } = splitFrontmatter(readFileSync(file, 'utf8'));
      expect(readSimpleYaml(yaml!), path.relative(repoRoot, file)).not.toBeNull();
    }
  });

  it('leaves exotic syntax to `yaml`', () => {
    for (const yaml of ['title: !!str 12\n', 'title: >\n  a\n', 'title: "a" # c\n', 'title: &x a\n', 'title: a\n  b\n', 'title: a: b\n']) {
      expect(readSimpleYaml(yaml), yaml).toBeNull();
    }
  });
});
