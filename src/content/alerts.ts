import type { Blockquote, Paragraph } from 'mdast';

const KINDS = { NOTE: 'Note', TIP: 'Tip', IMPORTANT: 'Important', WARNING: 'Warning', CAUTION: 'Caution' } as const;

/**
 * Turns GitHub alert blockquotes (`> [!NOTE]`) into `<aside class="note note-note" role="note">` with a label.
 * Plain HTML, not a Calcite element: the article must be readable before (and without) JavaScript.
 */
export function transformAlerts(blockquotes: readonly Blockquote[]): void {
  for (const node of blockquotes) {
    const first = node.children[0];
    if (first?.type !== 'paragraph') continue;
    const text = first.children[0];
    if (text?.type !== 'text') continue;
    const m = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(\r?\n)?/.exec(text.value);
    if (!m) continue;
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
  }
}
