// The Markdown front end: markdown-it tokens turned into the mdast remark-parse + remark-frontmatter + remark-gfm
// would give, with source positions, so the unified transforms and remark-rehype run unchanged.
import type { Root } from 'mdast';
import { convertBlocks } from './block-tree.js';
import { createParser } from './create-parser.js';
import { frontmatterNode } from './frontmatter-node.js';
import { SourceLines } from './source-lines.js';

const md = createParser();

/** Parses one Markdown file (frontmatter included) to mdast with positions. */
export function parseMarkdown(text: string): Root {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  const source = new SourceLines(normalized);
  const root: Root = { type: 'root', children: [], position: { start: source.point(0), end: source.point(normalized.length) } };
  let body = normalized;
  const yaml = frontmatterNode(source);
  if (yaml) {
    root.children.push(yaml.node);
    // Blank the frontmatter in place (same length) so markdown-it's line numbers and offsets stay the file's.
    const end = source.lineStart(yaml.lines - 1) + source.line(yaml.lines - 1).length;
    body = normalized.slice(0, end).replace(/[^\n]/g, ' ') + normalized.slice(end);
  }
  const tokens = md.parse(body, {});
  convertBlocks(md, tokens, source, root);
  return root;
}
