// Public face of the content stage: finding pages, frontmatter, Markdown → article HTML, path rules.
export { discoverPages, type SourcePage } from './discover.js';
export { parseFrontmatter, splitFrontmatter, frontmatterSchema, type Frontmatter } from './frontmatter.js';
export { listImageNodes, type ImageNode } from './image-nodes.js';
export { compileMarkdown, compileMarkdownWith, type CompileOptions, type CompiledMarkdown } from './markdown.js';
// what the Markdown plugin pipeline (src/plugins/) does to its hast as this stage's HTML does to code blocks
export { codeBlockProperties, highlightCode } from './to-html.js';
export { decorateCodeBlock } from './code-blocks.js';
export type { CodeMeta } from './code-meta.js';
export { pagePathOf, urlOf, rewriteHref, isExemptPath, isExternalHref, isAssetPath } from './paths.js';
export type { TocEntry } from './headings.js';
export type { LinkSource } from './links.js';
export type { ImageReference } from './images.js';
export { SUPPORTED_CONTAINER_DIRECTIVES, SUPPORTED_LEAF_DIRECTIVES } from './directives.js';
export { SUPPORTED_CODE_META_KEYS } from './code-meta.js';
