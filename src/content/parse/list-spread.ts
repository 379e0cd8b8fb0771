import type { List, Nodes } from 'mdast';
import type { LineRanges } from './block-tree.js';
import type { SourceLines } from './source-lines.js';

/**
 * Sets mdast's `spread`: an item is spread when a blank line separates two of its children, a list when a
 * blank line separates two of its items (`quotes`: the block quotes around the list, whose markers a blank line
 * may carry). HTML only cares whether the list is loose (remark-rehype wraps item text in <p> then), and for
 * that markdown-it's own verdict (hidden paragraphs in tight lists) wins when the list has a paragraph to tell
 * it by.
 */
export function applyListSpread(list: List, ranges: LineRanges, source: SourceLines, tightParagraphs: boolean | undefined, quotes = 0): void {
  const blankBetween = (a: Nodes, b: Nodes) => {
    const ra = ranges.get(a);
    const rb = ranges.get(b);
    if (!ra || !rb) return false;
    if (rb[0] > ra[1]) return true;
    return ra[1] - 1 > ra[0] && isBlank(source.line(ra[1] - 1), quotes);
  };
  for (const item of list.children) {
    item.spread = item.children.some((child, i) => i > 0 && blankBetween(item.children[i - 1] as Nodes, child));
  }
  // blank lines that an unclosed fence ending the item holds are the code's, not a gap between items (micromark)
  const openFenceAtEnd = (node: Nodes): boolean => {
    const last = 'children' in node ? (node.children[node.children.length - 1] as Nodes | undefined) : undefined;
    const rl = last ? ranges.get(last) : undefined;
    const rn = ranges.get(node);
    if (!last || !rl || !rn || rl[1] !== rn[1]) return false;
    if (last.type === 'code') return FENCE_OPEN.test(source.line(rl[0])) && !FENCE_CLOSE.test(source.line(rl[1] - 1));
    return openFenceAtEnd(last);
  };
  let fenced = false;
  list.spread = list.children.some((item, i) => {
    if (i === 0 || !blankBetween(list.children[i - 1] as Nodes, item)) return false;
    if (!openFenceAtEnd(list.children[i - 1] as Nodes)) return true;
    fenced = true;
    return false;
  });
  // markdown-it counts such blanks too, so its verdict cannot overrule this one
  if (tightParagraphs === undefined || fenced) return;
  const loose = list.spread || list.children.some((item) => item.spread);
  if (loose === !tightParagraphs) return;
  if (tightParagraphs) {
    list.spread = false;
    for (const item of list.children) item.spread = false;
  } else {
    list.spread = true;
  }
}

// a line opening a fence (after any container markers), and one that can only close one
const FENCE_OPEN = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(?:`{3,}|~{3,})/;
const FENCE_CLOSE = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*$/;

/** Is the line blank once the `quotes` block quote markers around the list are taken off? (`>` alone inside an item is an empty quote) */
function isBlank(line: string, quotes: number): boolean {
  let i = 0;
  for (let q = 0; q < quotes; q++) {
    while (line.charCodeAt(i) === 0x20 || line.charCodeAt(i) === 0x09) i++;
    if (line.charCodeAt(i) !== 0x3e) break;
    i++;
  }
  for (; i < line.length; i++) if (line.charCodeAt(i) !== 0x20 && line.charCodeAt(i) !== 0x09) return false;
  return true;
}
