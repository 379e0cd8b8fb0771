// Public face of the content stage: finding pages, frontmatter, Markdown → article HTML, path rules.
// Cheap to import: the Markdown parser (markdown-it, highlight.js) loads on the first compile, so the build's
// main thread, which only discovers pages, never loads it (the render threads do).
import type { CompileOptions, CompiledMarkdown } from './markdown.js';
import type { ImageNode } from './image-nodes.js';
export { discoverPages, type SourcePage } from './discover.js';
export { parseFrontmatter, splitFrontmatter, frontmatterSchema, type Frontmatter } from './frontmatter.js';
export { gitContentHead, readGitDates, isoFromSeconds, type GitDates } from './git-dates.js';
export { pagePathOf, urlOf, rewriteHref, isExemptPath, isExternalHref, isAssetPath } from './paths.js';
export type { ImageNode } from './image-nodes.js';
export type { CompileOptions, CompiledMarkdown } from './markdown.js';
export type { TocEntry } from './headings.js';
export type { SearchText } from './search-text.js';
export type { LinkSource } from './links.js';
export type { PageImage } from './images.js';
export { SUPPORTED_CONTAINER_DIRECTIVES, SUPPORTED_LEAF_DIRECTIVES } from './directives.js';
export { SUPPORTED_CODE_META_KEYS } from './code-meta.js';
export type { CodeMeta } from './code-meta.js';

/** Compiles one Markdown file (frontmatter included, so positions are the file's own) to article HTML. */
export async function compileMarkdown(text: string, file: string, displayFile: string, relFile: string, opts: CompileOptions): Promise<CompiledMarkdown> {
  return (await import('./markdown.js')).compileMarkdown(text, file, displayFile, relFile, opts);
}

/** The images a Markdown file shows (inline and by reference), with their 1-based positions. */
export async function readImageNodes(bytes: Uint8Array): Promise<ImageNode[]> {
  return (await import('./image-nodes.js')).listImageNodes(bytes);
}

/**
 * What the Markdown plugin pipeline (src/plugins/) shares with this stage: the compile around a parser of its own,
 * and the HTML steps for code blocks. Loaded on first use, so importing this stage stays cheap.
 */
export async function loadPluginHelpers() {
  const [markdown, html, blocks] = await Promise.all([import('./markdown.js'), import('./to-html.js'), import('./code-blocks.js')]);
  return { compileMarkdownWith: markdown.compileMarkdownWith, codeBlockProperties: html.codeBlockProperties, highlightCode: html.highlightCode, decorateCodeBlock: blocks.decorateCodeBlock };
}
