// The parser docsgen used before markdown-it (issue 6) and the unified HTML stage it used before
// src/content/to-html.ts, kept only as the oracle docsgen's own parser and HTML stage must match.
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { compileMarkdown, compileMarkdownWith, type CompileOptions, type CompiledMarkdown } from '../../src/content/markdown.js';
import { unifiedTreeToHtml } from './unified-to-html.js';

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze();

/** remark-parse + remark-frontmatter(yaml) + remark-gfm, as the old compileMarkdown parsed. */
export const remarkParseMarkdown = (text: string): Root => processor.parse(text);

/** One page compiled both ways: docsgen's pipeline, and remark-parse through the same transforms into unified's HTML stage. */
export async function compileBoth(text: string, file: string, displayFile: string, relFile: string, opts: CompileOptions): Promise<{ actual: CompiledMarkdown; expected: CompiledMarkdown }> {
  const actual = await compileMarkdown(text, file, displayFile, relFile, opts);
  const expected = await compileMarkdownWith(remarkParseMarkdown, text, file, displayFile, relFile, opts, unifiedTreeToHtml);
  return { actual, expected };
}
