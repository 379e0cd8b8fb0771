import GithubSlugger from 'github-slugger';
import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** One entry of a page's table of contents. */
export interface TocEntry {
  depth: number;
  id: string;
  text: string;
}

/**
 * Gives every heading a GitHub-style id (the anchors writers already know) and returns the h2/h3 table of
 * contents plus the first h1's text, used when a page title is missing from the screen-reader announcement.
 */
export function assignHeadingIds(headings: readonly Heading[]): { toc: TocEntry[]; firstHeading: string | null } {
  const slugger = new GithubSlugger();
  const toc: TocEntry[] = [];
  let firstHeading: string | null = null;
  for (const node of headings) {
    const text = toString(node).trim();
    const id = slugger.slug(text);
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    if (firstHeading === null) firstHeading = text;
    if (node.depth === 2 || node.depth === 3) toc.push({ depth: node.depth, id, text });
  }
  return { toc, firstHeading };
}
