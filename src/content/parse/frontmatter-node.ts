import type { Yaml } from 'mdast';
import type { SourceLines } from './source-lines.js';

/**
 * The `yaml` node remark-frontmatter makes of a `---` fenced block on the very first line, and how many lines
 * it spans (markdown-it then parses the rest with those lines blanked, so every line number stays the file's).
 */
export function frontmatterNode(source: SourceLines): { node: Yaml; lines: number } | null {
  if (!/^---[ \t]*$/.test(source.line(0))) return null;
  for (let i = 1; i < source.starts.length; i++) {
    if (!/^---[ \t]*$/.test(source.line(i))) continue;
    const value = i === 1 ? '' : source.text.slice(source.lineStart(1), source.lineStart(i) - 1);
    const end = source.point(source.lineStart(i) + source.line(i).length);
    return { node: { type: 'yaml', value, position: { start: source.point(0), end } }, lines: i + 1 };
  }
  return null;
}
