import type { List, Nodes } from 'mdast';
import type { LineRanges } from './block-tree.js';
import type { SourceLines } from './source-lines.js';

/**
 * Sets mdast's `spread`: an item is spread when a blank line separates two of its children, a list when a
 * blank line separates two of its items. HTML only cares whether the list is loose (remark-rehype wraps item
 * text in <p> then), and for that markdown-it's own verdict (hidden paragraphs in tight lists) wins when the
 * list has a paragraph to tell it by.
 */
export function applyListSpread(list: List, ranges: LineRanges, source: SourceLines, tightParagraphs: boolean | undefined): void {
  const blankBetween = (a: Nodes, b: Nodes) => {
    const ra = ranges.get(a);
    const rb = ranges.get(b);
    if (!ra || !rb) return false;
    if (rb[0] > ra[1]) return true;
    return ra[1] - 1 > ra[0] && isBlank(source.line(ra[1] - 1));
  };
  for (const item of list.children) {
    item.spread = item.children.some((child, i) => i > 0 && blankBetween(item.children[i - 1] as Nodes, child));
  }
  list.spread = list.children.some((item, i) => i > 0 && blankBetween(list.children[i - 1] as Nodes, item));
  if (tightParagraphs === undefined) return;
  const loose = list.spread || list.children.some((item) => item.spread);
  if (loose === !tightParagraphs) return;
  if (tightParagraphs) {
    list.spread = false;
    for (const item of list.children) item.spread = false;
  } else {
    list.spread = true;
  }
}

function isBlank(line: string): boolean {
  return /^[ \t>]*$/.test(line);
}
