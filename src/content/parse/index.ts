// The Markdown front end: markdown-it tokens turned into the mdast remark-parse + remark-frontmatter + remark-gfm
// would give, with source positions, so the unified transforms and remark-rehype run unchanged.
import type { Root } from 'mdast';
import type { LiteralEnv } from './autolink-literals.js';
import { linkLiteralsInText } from './autolink-transform.js';
import { convertBlocks } from './block-tree.js';
import { createParser } from './create-parser.js';
import { frontmatterNode } from './frontmatter-node.js';
import type { NestingEnv } from './nesting.js';
import { SourceLines } from './source-lines.js';

const md = createParser();

/**
 * Parses one Markdown file (frontmatter included) to mdast with positions. A leading byte order mark is
 * dropped, as remark drops it (positions count from after it). Throws NestingError for Markdown nested
 * deeper than NESTING_LIMIT.
 */
export function parseMarkdown(text: string): Root {
  let normalized = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // most pages hold neither: a search is cheaper than a replace that finds nothing
  if (normalized.includes('\r')) normalized = normalized.replace(/\r\n?/g, '\n');
  if (normalized.includes('\0')) normalized = normalized.replace(/\0/g, '\uFFFD');
  const source = new SourceLines(normalized);
  const root: Root = { type: 'root', children: [], position: { start: source.point(0), end: source.point(normalized.length) } };
  let body = normalized;
  const yaml = frontmatterNode(source);
  if (yaml) {
    root.children.push(yaml.node);
    // Blank the frontmatter in place (same length) so markdown-it's line numbers and offsets stay the file's.
    const end = source.lineStart(yaml.lines - 1) + source.line(yaml.lines - 1).length;
    body = blank(normalized.slice(0, end)) + normalized.slice(end);
  }
  const env: NestingEnv = {};
  const tokens = md.parse(body, env);
  convertBlocks(md, tokens, source, root, env);
  // remark-gfm's second pass over autolink literals, only where some inline content could hold one (most
  // pages have nothing for it to look at: literals outside code are made by the tokenizer)
  if ((env as LiteralEnv).literalText) linkLiteralsInText(root);
  return root;
}

/** Every character but line feeds made a space (a replace per character costs more than this on every page). */
function blank(text: string): string {
  let out = '';
  let from = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
    out += ' '.repeat(nl - from) + '\n';
    from = nl + 1;
  }
  return out + ' '.repeat(text.length - from);
}

export { NESTING_LIMIT, NestingError } from './nesting.js';
