// The HTML lists footnotes after the article (footnotes-html.ts), so the links written inside a footnote come after
// every other link of the page. check-links finds a link's Markdown line by aligning the page's links with the
// list the compiler records, in order: that list must be in the order of the HTML, not of the source.
import type { FootnoteDefinition, Link, LinkReference, Nodes, Root } from 'mdast';

/** `links` (document order) reordered as the HTML shows them: footnotes last, in the order they are numbered. */
export function linksInRenderedOrder<T extends Link | LinkReference>(links: T[], definitions: readonly FootnoteDefinition[], tree: Root): T[] {
  if (definitions.length === 0) return links;
  const byId = new Map<string, FootnoteDefinition>();
  for (const d of definitions) if (!byId.has(d.identifier.toUpperCase())) byId.set(d.identifier.toUpperCase(), d);
  const inFootnote = new Map<Nodes, FootnoteDefinition>();
  for (const d of definitions) for (const node of descendants(d)) inFootnote.set(node, d);
  // numbered in order of first call: in the body first, then in each footnote as it is listed
  const order: string[] = [];
  const note = (from: Nodes, skipFootnotes: boolean) => {
    for (const node of descendants(from, skipFootnotes)) {
      if (node.type === 'footnoteReference' && !order.includes(node.identifier.toUpperCase())) order.push(node.identifier.toUpperCase());
    }
  };
  note(tree, true);
  for (let i = 0; i < order.length; i++) {
    const d = byId.get(order[i]!);
    if (d) note(d, false);
  }
  const rank = new Map<FootnoteDefinition, number>();
  order.forEach((id, i) => {
    const d = byId.get(id);
    if (d) rank.set(d, i);
  });
  const body = links.filter((l) => !inFootnote.has(l));
  const notes = links.filter((l) => inFootnote.has(l));
  // a stable sort: within one footnote the links keep their order; footnotes never called are not shown, so last
  notes.sort((a, b) => (rank.get(inFootnote.get(a)!) ?? Infinity) - (rank.get(inFootnote.get(b)!) ?? Infinity));
  return [...body, ...notes];
}

/** Every node below `node` in document order (footnote definitions skipped when asked), with a stack. */
function* descendants(node: Nodes, skipFootnotes = false): Generator<Nodes> {
  const stack: Nodes[] = [...((node as { children?: Nodes[] }).children ?? [])].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (skipFootnotes && n.type === 'footnoteDefinition') continue;
    yield n;
    const children = (n as { children?: Nodes[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}
