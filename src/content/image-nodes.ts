import { parseMarkdown } from './parse/index.js';
import { indexNodes } from './walk.js';

/** One `![alt](url)` of a Markdown file, where it starts (1-based). */
export interface ImageNode {
  url: string;
  line: number;
  column: number;
}

/**
 * The images a Markdown file shows, in document order: for `optimize-images` run alone, which reports a broken
 * image at its line without compiling the page. Uses the build's own parser, so both see the same images.
 */
export function listImageNodes(text: string): ImageNode[] {
  return indexNodes(parseMarkdown(text)).images.map((node) => {
    const start = node.position?.start ?? { line: 1, column: 1 };
    return { url: node.url, line: start.line, column: start.column };
  });
}
