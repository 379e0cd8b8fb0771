import { isMap, isSeq, type Document, type LineCounter, type Node } from 'yaml';

/**
 * The 1-based line and column of the node at `path` in a parsed YAML document, or of its nearest
 * existing parent: schema errors point at the key a user must edit, not "entry 3".
 */
export function issuePosition(doc: Document, lineCounter: LineCounter, issuePath: readonly PropertyKey[]): { line: number; column: number } {
  let node: unknown = doc.contents;
  let best: Node | null = (doc.contents as Node | null) ?? null;
  for (const key of issuePath) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
      if (!pair) break;
      best = (pair.key as Node) ?? best;
      node = pair.value;
      if (node && (node as Node).range) best = pair.key as Node;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      if (!node) break;
      best = node as Node;
    } else break;
  }
  const offset = best?.range?.[0] ?? 0;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line, column: pos.col };
}
