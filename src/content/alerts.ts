import type { Blockquote, Paragraph, Root } from 'mdast';
import { eachNode } from './walk.js';

const KINDS = { NOTE: 'Note', TIP: 'Tip', IMPORTANT: 'Important', WARNING: 'Warning', CAUTION: 'Caution' } as const;

/**
 * Turns GitHub alert blockquotes (`> [!NOTE]`) into `<aside class="note note-note" role="note">` with a label.
 * Plain HTML, not a Calcite element: the article must be readable before (and without) JavaScript.
 */
export function transformAlerts(tree: Root): void {
  eachNode(tree, 'blockquote', (node: Blockquote) => {
    const first = node.children[0];
    if (first?.type !== 'paragraph') return;
    const text = first.children[0];
    if (text?.type !== 'text') return;
    const m = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(\r?\n)?/.exec(text.value);
    if (!m) return;
    const kind = m[1] as keyof typeof KINDS;
    text.value = text.value.slice(m[0].length);
    if (text.value === '') first.children.shift();
    if (first.children.length === 0) node.children.shift();
    const label: Paragraph = {
      type: 'paragraph',
      children: [{ type: 'text', value: KINDS[kind] }],
      data: { hProperties: { className: ['note-label'] } },
    };
    node.children.unshift(label);
    node.data = { ...node.data, hName: 'aside', hProperties: { className: ['note', `note-${kind.toLowerCase()}`], role: 'note' } };
  });
}
