import { LineCounter, Parser, parseDocument, visit, type Alias, type Document, type DocumentOptions, type ParseOptions } from 'yaml';

/** Expansions of YAML aliases allowed in one document (the `yaml` package's default); more is an alias bomb. */
export const MAX_YAML_ALIASES = 100;

/** Why a YAML text could not become a value, and the offset to blame. */
export type YamlProblem =
  | { kind: 'syntax'; message: string; offset: number }
  | { kind: 'unresolved' | 'excessive'; /** The alias as written, e.g. `*d`. */ alias: string; offset: number }
  | { kind: 'too-deep'; /** Levels counted, when the text could be walked at all. */ depth?: number; offset: number };

/** A YAML text read with positions: its document and value, or the one problem that stopped it. */
export type YamlRead = { doc: Document; lineCounter: LineCounter; value: unknown } | { doc: Document | null; lineCounter: LineCounter; problem: YamlProblem };

/**
 * Parses a YAML text and converts it to a value without throwing for anything in the text: a syntax error, an
 * alias bomb (more than MAX_YAML_ALIASES expansions, the `yaml` package's `maxAliasCount`), an alias without
 * an anchor, or nesting deep enough to overflow the stack of `yaml`'s recursive composer are all returned as a
 * problem at an offset.
 */
export function readYaml(text: string, options: DocumentOptions & ParseOptions = {}): YamlRead {
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { ...options, lineCounter, prettyErrors: false });
  } catch (err) {
    if (!isStackOverflow(err)) throw err;
    return { doc: null, lineCounter, problem: deepest(text) };
  }
  const e = doc.errors[0];
  if (e) return { doc, lineCounter, problem: { kind: 'syntax', message: e.message.split('\n')[0]!, offset: e.pos[0] } };
  try {
    return { doc, lineCounter, value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch (err) {
    if (err instanceof ReferenceError) return { doc, lineCounter, problem: blameAlias(doc) };
    if (isStackOverflow(err)) return { doc, lineCounter, problem: deepest(text) };
    throw err;
  }
}

// `yaml` does not say which alias failed. Blame, in document order: an alias without an anchor; else the first
// alias that alone expands too far (the heart of a bomb); else where one anchor is used once too often.
function blameAlias(doc: Document): YamlProblem {
  // assigned in the visitor: typed wide, or TypeScript narrows them to null for good
  let found = null as YamlProblem | null;
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

type CstNode = { type?: string; offset?: number; items?: { key?: unknown; value?: unknown }[]; value?: unknown };

// The deepest collection of the text, found on `yaml`'s concrete syntax tree: its parser keeps an explicit
// stack, and this walk does too, where the composer recurses and overflows. Its lexer still recurses on block
// indicators within one line (`- - - - x`): then the line with the most of them is blamed.
function deepest(text: string): YamlProblem {
  let best = { depth: 0, offset: 0 };
  const stack: [CstNode, number][] = [];
  try {
    for (const token of new Parser().parse(text)) stack.push([token as CstNode, 0]);
  } catch (err) {
    if (!isStackOverflow(err)) throw err;
    return { kind: 'too-deep', offset: mostIndicators(text) };
  }
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    const collection = Array.isArray(node.items);
    const here = collection ? depth + 1 : depth;
    if (here > best.depth) best = { depth: here, offset: node.offset ?? 0 };
    const children = collection ? node.items!.flatMap((item) => [item.key, item.value]) : [node.value];
    for (const child of children) if (child && typeof child === 'object' && 'type' in child) stack.push([child as CstNode, here]);
  }
  return { kind: 'too-deep', ...best };
}

/** The offset of the first block indicator on the line that holds the most of them. */
function mostIndicators(text: string): number {
  let best = { count: -1, offset: 0 };
  let start = 0;
  for (const line of text.split('\n')) {
    const found = [...line.matchAll(/(?:^|[ \t])[-?:](?=[ \t]|$)/g)];
    if (found.length > best.count) best = { count: found.length, offset: start + (found[0]?.index ?? 0) + (found[0]?.[0].length ?? 1) - 1 };
    start += line.length + 1;
  }
  return best.offset;
}

// A stack overflow is a RangeError, except where it strikes inside the regex engine, which reports it as a
// SyntaxError ("Invalid regular expression: … Maximum call stack size exceeded") from `yaml`'s scalar folding.
function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError || (err instanceof Error && err.message.includes('Maximum call stack size exceeded'));
}
