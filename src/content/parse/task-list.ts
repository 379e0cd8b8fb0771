import type { ListItem, Text } from 'mdast';

const MARKER = /^\[([ xX])\][ \t]+(?=\S)/;

/**
 * GFM task list items: `- [ ] todo` / `- [x] done` set `checked` and lose the marker from their first
 * paragraph (markdown-it has no task lists; remark-gfm does this in the parser).
 */
export function applyTaskMarker(item: ListItem): void {
  const paragraph = item.children[0];
  if (paragraph?.type !== 'paragraph') return;
  const text = paragraph.children[0];
  if (text?.type !== 'text') return;
  const m = MARKER.exec(text.value);
  if (!m) return;
  item.checked = m[1] !== ' ';
  text.value = text.value.slice(m[0].length);
  shift(text, m[0].length);
  if (paragraph.position && text.position) paragraph.position.start = { ...text.position.start };
}

function shift(text: Text, by: number): void {
  const start = text.position?.start;
  if (!start) return;
  text.position!.start = { line: start.line, column: start.column + by, offset: start.offset === undefined ? undefined : start.offset + by };
}
