// The parser docsgen used before markdown-it (issue 6) and the unified HTML stage it used before
// src/content/to-html.ts, kept only as the oracle docsgen's own parser and HTML stage must match.
import type { Root } from 'mdast';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { directive } from 'micromark-extension-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { expect } from 'vitest';
import { compileMarkdown, compileMarkdownWith, type CompileOptions, type CompiledMarkdown } from '../../src/content/markdown.js';
import { parseMarkdown } from '../../src/content/parse/index.js';
import { treeToHtml } from '../../src/content/to-html.js';
import { withoutCodeDecorations } from './code-decorations.js';
import { unifiedTreeToHtml } from './unified-to-html.js';

/**
 * remark-directive's container (`:::name`) and leaf (`::name`) directives, without its text directives (`:name`),
 * which docsgen does not read: prose like `a:b` stays text.
 */
function blockDirectives(this: { data(): Record<string, unknown[] | undefined> }): void {
  const syntax = directive();
  delete (syntax as { text?: unknown }).text;
  const data = this.data();
  (data.micromarkExtensions ??= []).push(syntax);
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown());
}

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(blockDirectives).freeze();

/** remark-parse + remark-frontmatter(yaml) + remark-gfm + block directives: the mdast docsgen's parser must give. */
export const remarkParseMarkdown = (text: string): Root => processor.parse(text);

/** docsgen's HTML stage with the fence meta left unrendered, as remark-rehype (which knows no meta) does. */
function treeToHtmlWithoutMeta(tree: Root): string {
  visit(tree, 'code', (node) => {
    if (node.data && 'codeMeta' in node.data) delete (node.data as Record<string, unknown>).codeMeta;
  });
  return treeToHtml(tree);
}

/**
 * One page compiled both ways: docsgen's pipeline (`actual`), and remark-parse through the same transforms into
 * unified's HTML stage (`expected`). unified renders no fence meta (titles, marked lines, line numbers), so
 * `actual` is docsgen's output with the meta unrendered; docsgen's real output is checked here to be the same
 * but for what the meta adds to code blocks (see code-decorations.ts), and the meta's own markup is tested in
 * test/content/code-meta.test.ts.
 */
export async function compileBoth(text: string, file: string, displayFile: string, relFile: string, opts: CompileOptions): Promise<{ actual: CompiledMarkdown; expected: CompiledMarkdown }> {
  const real = await compileMarkdown(text, file, displayFile, relFile, opts);
  const actual = await compileMarkdownWith(parseMarkdown, text, file, displayFile, relFile, opts, treeToHtmlWithoutMeta);
  const expected = await compileMarkdownWith(remarkParseMarkdown, text, file, displayFile, relFile, opts, unifiedTreeToHtml);
  expect({ ...real, html: '' }).toEqual({ ...actual, html: '' });
  if (real.html !== actual.html) expect(withoutCodeDecorations(real.html)).toEqual(withoutCodeDecorations(actual.html));
  return { actual, expected };
}
