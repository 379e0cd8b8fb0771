import { decodePage } from './page-text.js';
import { NestingError, parseMarkdown } from './parse/index.js';
import { indexNodes } from './walk.js';

/** One `![alt](url)` of a Markdown file, where it starts (1-based). */
export interface ImageNode {
  url: string;
  line: number;
  column: number;
}

/**
 * The images a Markdown file shows, in document order: for `optimize-images` run alone, which reports a broken
 * image at its line without compiling the page. Read and parsed as the build does, so both see the same images;
 * a page nested past the limit gives none here (the build reports it).
 */
export function listImageNodes(bytes: Uint8Array): ImageNode[] {
  let tree;
  try {
    tree = parseMarkdown(decodePage(bytes).text);
  } catch (err) {
    if (err instanceof NestingError) return [];
    throw err;
  }
  return indexNodes(tree).images.map((node) => {
    const start = node.position?.start ?? { line: 1, column: 1 };
    return { url: node.url, line: start.line, column: start.column };
  });
}
