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
export function applyListSpread(list: List, ranges: LineRanges, source: SourceLines, tightParagraphs: boolean | undefined, quotes = 0, outer: List[] = []): void {
  // quoted blank lines after a nested list are that list's, not a gap in this one (micromark, quotedRunSpread)
  let quoted = false;
  const blankBetween = (a: Nodes, b: Nodes) => {
    const ra = ranges.get(a);
    const rb = ranges.get(b);
    if (!ra || !rb) return false;
    const blank = rb[0] > ra[1] || (ra[1] - 1 > ra[0] && isBlank(source.line(ra[1] - 1), quotes));
    if (blank && quotes > 0 && endsWithList(a)) {
      quoted = true;
      return false;
    }
    return blank;
  };
  // blank lines that an unclosed fence or HTML block ending a node holds are its own, not a gap after it (micromark)
  const holdsBlanks = (node: Nodes): boolean => {
    const rn = ranges.get(node);
    if (!rn) return false;
    if (node.type === 'code') return FENCE_OPEN.test(source.line(rn[0])) && !FENCE_CLOSE.test(source.line(rn[1] - 1));
    // an unclosed HTML block (kinds 1-5) keeps the blank lines it held: its value ends in a line ending then
    if (node.type === 'html') return node.value.endsWith('\n');
    // a blank line ends a block quote: what the quote holds open cannot hold it
    if (node.type === 'blockquote') return false;
    const last = 'children' in node ? (node.children[node.children.length - 1] as Nodes | undefined) : undefined;
    const rl = last ? ranges.get(last) : undefined;
    return !!last && !!rl && rl[1] === rn[1] && holdsBlanks(last);
  };
  let fenced = false;
  const gap = (a: Nodes, b: Nodes) => {
    if (!blankBetween(a, b)) return false;
    if (!holdsBlanks(a) || a.type === 'code' || a.type === 'html') return true;
    fenced = true;
    return false;
  };
  for (const item of list.children) {
    item.spread = item.children.some((child, i) => i > 0 && gap(item.children[i - 1] as Nodes, child));
  }
  list.spread = list.children.some((item, i) => i > 0 && gap(list.children[i - 1] as Nodes, item));
  // markdown-it counts such blanks too, so its verdict cannot overrule this one
  if (tightParagraphs !== undefined && !fenced && !quoted) {
    const loose = list.spread || list.children.some((item) => item.spread);
    if (loose !== !tightParagraphs) {
      if (tightParagraphs) {
        list.spread = false;
        for (const item of list.children) item.spread = false;
      } else {
        list.spread = true;
      }
    }
  }
  // (blank lines an unclosed fence or HTML block at the list's end holds are its own, not the list's)
  const last = list.children[list.children.length - 1];
  if (quotes > 0 && !list.spread && last && !holdsBlanks(last) && quotedRunSpread(list, ranges, source, quotes, outer)) list.spread = true;
}

/** Does this node end with a list (itself, or its last child's last child…)? A block quote ends its own way. */
function endsWithList(node: Nodes): boolean {
  if (node.type === 'list') return true;
  if (node.type !== 'listItem') return false;
  const last = node.children[node.children.length - 1];
  return last !== undefined && endsWithList(last);
}

/**
 * micromark's spread for a list in a block quote that ends at a run of blank quoted lines (`>` alone): the run's
 * line endings but the last are the list's own, and two line endings at the end of a list make it spread; the
 * last one too when the next line opens a new container (a block quote, or a list that is no sibling of one
 * around). Only the innermost list ending there gets them, and no list or item around counts them as a gap.
 */
function quotedRunSpread(list: List, ranges: LineRanges, source: SourceLines, quotes: number, outer: List[]): boolean {
  const range = ranges.get(list);
  const last = list.children[list.children.length - 1];
  if (!range || !last || endsWithList(last)) return false;
  let end = range[1] - 1;
  while (end > range[0] && isBlank(source.line(end), quotes)) end--;
  let next = end + 1;
  let run = 0;
  for (; next < source.starts.length; next++) {
    const line = source.line(next);
    if (!isBlank(line, quotes) || markersEnd(line, quotes) < 0) break;
    run++;
  }
  // (the run follows the list's last non-blank line: a run between its items is a gap, counted as usual)
  if (run === 0) return false;
  if (run >= 2) return true;
  const line = next < source.starts.length ? source.line(next) : '';
  const at = markersEnd(line, quotes);
  if (at < 0) return false;
  const rest = line.slice(at).replace(/^[ \t]*/, '');
  if (rest.startsWith('>')) return true;
  const marker = LIST_MARKER.exec(rest);
  if (!marker || THEMATIC_BREAK.test(rest)) return false;
  // a sibling item of a list around this one continues that list, and micromark closes the flow first
  const column = line.length - rest.length + 1;
  const kind = markerKind(marker[1] ?? '');
  return !outer.some((l) => {
    const at = l.position?.start;
    return at?.column === column && markerKind(LIST_MARKER.exec(source.text.slice(at.offset ?? 0, (at.offset ?? 0) + 12))?.[1] ?? '') === kind;
  });
}

/** What makes list items siblings: the bullet character, or an ordered marker's delimiter. */
function markerKind(marker: string): string {
  return marker.slice(-1);
}

// a list item marker followed by a blank or the end of the line, and a thematic break (no list item)
const LIST_MARKER = /^([-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const THEMATIC_BREAK = /^(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;

/** Where the `quotes` block quote markers of a line end, or -1 when the line has fewer. */
function markersEnd(line: string, quotes: number): number {
  let i = 0;
  for (let q = 0; q < quotes; q++) {
    while (line.charCodeAt(i) === 0x20 || line.charCodeAt(i) === 0x09) i++;
    if (line.charCodeAt(i) !== 0x3e) return -1;
    i++;
  }
  return i;
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
