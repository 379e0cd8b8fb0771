import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { ValueNode } from './walk.js';

/** A page's text as the search index weighs it: headings, prose (inline code included) and code blocks apart. */
export interface SearchText {
  headings: string[];
  prose: string;
  code: string;
}

/**
 * The searchable text of a compiled page, read off the nodes the transforms already listed (after the
 * variables were substituted): no second walk of the tree.
 */
export function searchTextOf(values: readonly ValueNode[], headings: readonly Heading[]): SearchText {
  const prose: string[] = [];
  const code: string[] = [];
  for (const node of values) {
    if (node.type === 'text' || node.type === 'inlineCode') prose.push(node.value);
    else if (node.type === 'code') code.push(node.value);
    else if (node.type === 'image' && node.alt) prose.push(node.alt);
  }
  return { headings: headings.map((h) => toString(h)), prose: prose.join(' '), code: code.join('\n') };
}
