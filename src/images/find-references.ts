// For `optimize-images` run alone: which Markdown lines reference each image, so a broken image is
// reported where the writer can fix it. Resolves paths the way the content stage does (relative to the
// Markdown file, or to the content folder for a leading `/`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Image, Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { displayPath } from './describe.js';
import type { ImageReference } from './optimize.js';

/** Absolute image path → its Markdown references (file relative to `root`), in file and line order. */
export async function findImageReferences(contentDir: string, root: string): Promise<Map<string, ImageReference[]>> {
  const files = (await fg('**/*.{md,markdown,mdx}', { cwd: contentDir, absolute: true, ignore: ['**/node_modules/**'] })).sort();
  const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']);
  const refs = new Map<string, ImageReference[]>();
  for (const file of files) {
    const tree = parser.parse(await readFile(file, 'utf8')) as Root;
    visit(tree, 'image', (node: Image) => {
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(node.url) || node.url === '') return;
      let rel: string;
      try {
        rel = decodeURI(node.url.split(/[?#]/)[0] ?? '');
      } catch {
        return;
      }
      const source = rel.startsWith('/') ? path.join(contentDir, rel) : path.resolve(path.dirname(file), rel);
      const start = node.position?.start ?? { line: 1, column: 1 };
      const list = refs.get(source) ?? [];
      list.push({ file: displayPath(file, root), line: start.line, column: start.column });
      refs.set(source, list);
    });
  }
  return refs;
}
