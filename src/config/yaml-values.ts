import { visit, type Alias, type Document } from 'yaml';

/** Expansions of YAML aliases allowed in one document (the `yaml` package's default); more is an alias bomb. */
export const MAX_YAML_ALIASES = 100;

/** Why a YAML document could not become a value, and the offset of the alias to blame. */
export interface YamlAliasProblem {
  kind: 'unresolved' | 'excessive';
  /** The alias as written, e.g. `*d`. */
  alias: string;
  offset: number;
}

/**
 * The JavaScript value of a parsed YAML document. `yaml` expands aliases only here, and throws for an alias
 * bomb (more than MAX_YAML_ALIASES expansions, its `maxAliasCount`) or an alias without an anchor; that
 * throw is returned as a problem at the alias to blame instead.
 */
export function yamlToJS(doc: Document): { value: unknown } | { problem: YamlAliasProblem } {
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch (err) {
    if (!(err instanceof ReferenceError)) throw err;
    return { problem: blameAlias(doc) };
  }
}

// `yaml` does not say which alias failed. Blame, in document order: an alias without an anchor; else the first
// alias that alone expands too far (the heart of a bomb); else where one anchor is used once too often.
function blameAlias(doc: Document): YamlAliasProblem {
  // assigned in the visitor: typed wide, or TypeScript narrows them to null for good
  let found = null as YamlAliasProblem | null;
  let last = null as Alias | null;
  let overused = null as Alias | null;
  const uses = new Map<unknown, number>();
  visit(doc, {
    Alias(_, node) {
      last = node;
      const target = node.resolve(doc);
      if (target === undefined) {
        found = { kind: 'unresolved', alias: `*${node.source}`, offset: node.range?.[0] ?? 0 };
        return visit.BREAK;
      }
      try {
        node.toJS(doc, { maxAliasCount: MAX_YAML_ALIASES });
      } catch {
        found = { kind: 'excessive', alias: `*${node.source}`, offset: node.range?.[0] ?? 0 };
        return visit.BREAK;
      }
      const n = (uses.get(target) ?? 0) + 1;
      uses.set(target, n);
      if (n > MAX_YAML_ALIASES && overused === null) overused = node;
      return undefined;
    },
  });
  if (found) return found;
  const blamed = overused ?? last;
  return { kind: 'excessive', alias: blamed ? `*${blamed.source}` : '*', offset: blamed?.range?.[0] ?? 0 };
}
