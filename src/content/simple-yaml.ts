// The fast path of frontmatter parsing. js-yaml reads YAML about ten times faster than `yaml` (0.3 s of a
// 4,000-page discovery), but keeps no positions and parts from `yaml` on exotic syntax (tags, block scalars,
// odd quoting, some number forms). So it only reads frontmatter of the plain shape nearly every page has:
// one `key: value` per line, values plain or simply quoted; and it resolves plain scalars with `yaml`'s YAML
// 1.2 core rules. Anything else returns null and goes to `yaml`, which also places every problem.
import jsYaml from 'js-yaml';

// `key: value` lines: a plain value starts with no YAML indicator, has no `: ` and no ` #` (a comment);
// a quoted one has no escapes and nothing after its closing quote.
const PLAIN = String.raw`[^\s\-?:,\[\]{}#&*!|>'"%@\x60](?:[^\s:]|:(?=[^\s])|[ \t]+(?=[^\s#:]))*`;
const LINE = new RegExp(String.raw`^[A-Za-z][A-Za-z0-9_]*:(?:[ \t]+(?:${PLAIN}|"[^"\\\n]*"|'[^'\n]*'))?[ \t]*$`);

// Plain scalars resolve as `yaml`'s core schema does (js-yaml's core schema also reads 0b101, +0x1 and _).
const scalar = (tag: string, test: RegExp, construct: (s: string) => unknown) =>
  new jsYaml.Type(`tag:yaml.org,2002:${tag}`, { kind: 'scalar', resolve: (s: string | null) => s !== null && test.test(s), construct });
const int = scalar('int', /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/, (s) =>
  s.startsWith('0o') ? parseInt(s.slice(2), 8) : s.startsWith('0x') ? parseInt(s.slice(2), 16) : Number(s),
);
const float = scalar('float', /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, (s) => {
  const t = s.toLowerCase();
  if (t.endsWith('.nan')) return NaN;
  if (t.endsWith('.inf')) return t.startsWith('-') ? -Infinity : Infinity;
  return Number(s);
});
const SCHEMA = jsYaml.CORE_SCHEMA.extend({ implicit: [int, float] });

/** The mapping in `yaml` when it has the plain one-key-per-line shape and parses; otherwise null. */
export function readSimpleYaml(yaml: string): Record<string, unknown> | null {
  for (const line of yaml.split('\n')) {
    if (line.trim() !== '' && !LINE.test(line.replace(/\r$/, ''))) return null;
  }
  let value: unknown;
  try {
    value = jsYaml.load(yaml, { schema: SCHEMA });
  } catch {
    return null;
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
