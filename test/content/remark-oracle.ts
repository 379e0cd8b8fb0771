// The parser docsgen used before markdown-it (issue 6), kept only as the oracle the new front end must match.
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { compileMarkdown, compileMarkdownWith, type CompileOptions, type CompiledMarkdown } from '../../src/content/markdown.js';

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze();

/** remark-parse + remark-frontmatter(yaml) + remark-gfm, as the old compileMarkdown parsed. */
export const remarkParseMarkdown = (text: string): Root => processor.parse(text);

/** One page compiled both ways. */
export async function compileBoth(text: string, file: string, displayFile: string, relFile: string, opts: CompileOptions): Promise<{ actual: CompiledMarkdown; expected: CompiledMarkdown }> {
  const actual = await compileMarkdown(text, file, displayFile, relFile, opts);
  const expected = await compileMarkdownWith(remarkParseMarkdown, text, file, displayFile, relFile, opts);
  return { actual, expected };
}
