import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { frontmatterSchema, parseFrontmatter, parseFrontmatterExactly, splitFrontmatter } from '../../src/content/frontmatter.js';
import { readSimpleYaml } from '../../src/content/simple-yaml.js';
import { repoRoot } from '../helpers/cli.js';
import { assertReaching } from '../helpers/reach.js';

// Property (issue 6): the fast frontmatter path (js-yaml on plain `key: value` lines) gives exactly what `yaml`
// alone gives (data and diagnostics), whatever the YAML: on the shapes it takes and on those it must refuse.
const key = fc.constantFrom('title', 'description', 'order', 'template', 'draft', 'navTitle', 'titel', 'Title', 'nav_title');
// Values of the `key: value` shape the fast path takes, where it and `yaml` could still disagree: plain scalars
// that look like numbers, booleans or nulls, `:` and `#` inside a word, quotes.
const plainWord = fc.constantFrom('Maps', 'C#', 'what\'s', 'a:b', 'x#c', 'https://a.b/c', 'Ünï', '~', 'null', 'Null', 'NULL', 'true', 'True', 'FALSE', 'yes', 'no', 'on');
const plainNumber = fc.constantFrom('1', '+2', '007', '0o17', '0x1F', '0b101', '+0x1', '1_000', '1.5', '.5', '+.9', '1.', '1e3', '1E+2', '.inf', '+.INF', '.nan', '.NaN', '12:30', '1,000', '3 4');
const plainQuoted = fc.constantFrom('"Maps"', '"a: b # c"', "'a # b'", "''", '""', '" "');
const plainValue = fc.oneof(
  fc.array(fc.oneof(plainWord, plainNumber), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  plainNumber,
  plainQuoted,
  fc.constant(''),
);
const spacing = fc.constantFrom(' ', '  ', '\t', ' \t');
const keyValue = (k: fc.Arbitrary<string>, v: fc.Arbitrary<string>, tail = fc.constantFrom('', ' ')) =>
  fc.tuple(k, spacing, v, tail).map(([k, s, v, t]) => `${k}:${v === '' ? '' : s + v}${t}`);
// Lines of shapes the fast path must refuse and leave to `yaml`: indicators, escapes, comments, block scalars.
const otherValue = fc.constantFrom('a: b', 'x #c', '-x', '- x', '?x', '[x]', '{x}', '&a x', '*a', '!!str x', '|', '>', '%x', '@x', '`x`', ',x', '-3', '-.0', '-.Inf', "'it''s'", '"x"#c', '"esc \\" q"', '"\\u00e9"', "'x' y", '"unclosed');
const otherLine = fc.oneof(
  keyValue(key, otherValue),
  keyValue(key, plainValue, fc.constant(' # note')),
  fc.constantFrom('# comment', '  indented: x', '- item', 'title: >\n  folded', 'title: |\n  literal', 'title: a\n  continued', 'title: [a, b]', 'order: !!int "3"', 'k: &a x\nt: *a', '? complex', '---', '...'),
);
/** Key-value lines (each key once, or the mapping is an error both parsers see), one in `1 + otherOdds` with one other line among them. */
const withOther = (plain: fc.Arbitrary<string[]>, otherOdds: number) =>
  fc.tuple(plain, fc.oneof({ weight: otherOdds, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(otherLine, fc.nat()) }), fc.constantFrom('\n', '\r\n')).map(([ls, other, nl]) => {
    if (other) ls.splice(other[1] % (ls.length + 1), 0, other[0]);
    return [ls, nl] as const;
  });
const lines = withOther(fc.uniqueArray(keyValue(key, plainValue), { minLength: 1, maxLength: 6, selector: (l) => l.split(':')[0] }), 6);
// A page's frontmatter the schema takes, mostly (the fast path answers only then): a title and a description,
// then optional keys with values of the schema's types in the spellings YAML allows; now and then a value of
// another type, an unknown key or an other line, which must go to `yaml`.
const text = fc.oneof(
  { weight: 20, arbitrary: fc.tuple(fc.constantFrom('Maps', 'C#', 'what\'s', 'a:b', 'x#c', 'https://a.b/c', 'Ünï', '"Maps"', "'a # b'"), fc.array(fc.oneof(plainWord, plainNumber), { maxLength: 2 })).map(([w, ws]) => (w.startsWith('"') || w.startsWith("'") ? w : [w, ...ws].join(' '))) },
  { weight: 1, arbitrary: plainValue },
);
const typed = (name: string, values: fc.Arbitrary<string>) => keyValue(fc.constant(name), fc.oneof({ weight: 15, arbitrary: values }, { weight: 1, arbitrary: plainValue }));
const optional = fc.oneof(
  { weight: 5, arbitrary: typed('order', fc.constantFrom('1', '+2', '007', '0o17', '0x1F', '+0x1', '1.5', '.5', '+.9', '1.', '1e3', '1E+2')) },
  { weight: 5, arbitrary: typed('draft', fc.constantFrom('true', 'false', 'True', 'FALSE')) },
  { weight: 5, arbitrary: keyValue(fc.constant('navTitle'), text) },
  { weight: 5, arbitrary: typed('template', fc.constantFrom('doc', 'section', 'home', '"doc"', "'doc'", 'x-1')) },
  { weight: 5, arbitrary: typed('lastUpdated', fc.constantFrom('2025-01-31', '2025-01-31T09:30:00Z', '"2025-01-31T09:30:00Z"', "'2024-02-29'")) },
  { weight: 1, arbitrary: keyValue(key, plainValue) },
);
const valid = withOther(
  fc.tuple(text, text, fc.uniqueArray(optional, { maxLength: 4, selector: (l) => l.split(':')[0] })).map(([t, d, rest]) =>
    [`title: ${t}`, `description: ${d}`, ...rest.filter((l) => !/^(title|description):/.test(l))],
  ),
  20,
);
const frontmatter = fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: lines }).map(([ls, nl]) => `---${nl}${ls.join(nl)}${nl}---${nl}Body${nl}`);

/** Whether parseFrontmatter answers from the fast path: js-yaml reads the mapping and the schema takes it. */
function fastPathTakes(text: string): boolean {
  const { yaml } = splitFrontmatter(text);
  const simple = yaml === null ? null : readSimpleYaml(yaml);
  return simple !== null && frontmatterSchema.safeParse(simple).success;
}

describe('frontmatter fast path', () => {
  it('gives what `yaml` alone gives, for generated frontmatter it takes', () => {
    assertReaching(
      fc.property(frontmatter, (text) => {
        // elsewhere parseFrontmatter is parseFrontmatterExactly: nothing to compare
        if (!fastPathTakes(text)) return;
        expect(parseFrontmatter(text, 'content/a.md')).toEqual(parseFrontmatterExactly(text, 'content/a.md'));
      }),
      { numRuns: 5000 },
      // a third carry a value of another type, an unknown key or a shape it refuses: those must go to `yaml`
      { min: 0.6 },
    );
  });

  it('reads what `yaml` reads, whenever it takes the YAML', () => {
    assertReaching(
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
