// For `optimize-images` run alone: which Markdown lines reference each image, so a broken image is
// reported where the writer can fix it. Resolves paths the way the content stage does (relative to the
// Markdown file, or to the content folder for a leading `/`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { readImageNodes } from '../content/index.js';
import { displayPath } from './describe.js';
import type { ImagePlace } from './optimize.js';

/** Absolute image path → its Markdown references (file relative to `root`), in file and line order. */
export async function findImageReferences(contentDir: string, root: string): Promise<Map<string, ImagePlace[]>> {
  const files = (await fg('**/*.{md,markdown,mdx}', { cwd: contentDir, absolute: true, ignore: ['**/node_modules/**'] })).sort();
  const refs = new Map<string, ImagePlace[]>();
  for (const file of files) {
    for (const node of await readImageNodes(await readFile(file))) {
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(node.url) || node.url === '') continue;
      let rel: string;
      try {
        rel = decodeURI(node.url.split(/[?#]/)[0] ?? '');
      } catch {
        continue;
      }
      const source = rel.startsWith('/') ? path.join(contentDir, rel) : path.resolve(path.dirname(file), rel);
      const list = refs.get(source) ?? [];
      list.push({ file: displayPath(file, root), line: node.line, column: node.column });
      refs.set(source, list);
    }
  }
  return refs;
}
