import type { Heading, Root } from 'mdast';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { ContentHashOf } from '../images/index.js';
import { transformAlerts } from './alerts.js';
import { readCodeMeta } from './code-meta.js';
import { transformDirectives } from './directives.js';
import { linksInRenderedOrder } from './footnote-order.js';
import { assignHeadingIds, plainHeadingText, type TocEntry } from './headings.js';
import { resolveImages, type PageImage } from './images.js';
import { rewriteLinks, type LinkSource } from './links.js';
import { NESTING_LIMIT, NestingError, parseMarkdown } from './parse/index.js';
import { headingTitle, titleHeading } from './page-title.js';
import { treeToHtml } from './to-html.js';
import { reportRawHtml, reportUnknownContainers, reportUnrendered } from './unsupported.js';
import { refuseUnsafeUrls } from './unsafe-urls.js';
import { substituteVariables } from './variables.js';
import { indexNodes } from './walk.js';
import { searchTextOf, type SearchText } from './search-text.js';

/** What the build needs to know about the site while compiling one page. */
export interface CompileOptions {
  root: string;
  contentDir: string;
  pathPrefix: string;
  variables: Readonly<Record<string, string>>;
  imageMaxWidth: number;
  /** Load the page's first image eagerly and first (the start page's largest paint) instead of lazily. */
  eagerFirstImage?: boolean;
  /** See DescribeImageOptions.contentHashOf. */
  contentHashOf?: ContentHashOf;
  /**
   * The page's frontmatter `title` (after its variables), or null when it has none and its first h1 titles it.
   * Either way the title heading is taken out of the article (the templates show the title), with a warning
   * when the frontmatter has a title too. Left out, headings are left as they are.
   */
  frontmatterTitle?: string | null;
}

/** The compiled article of one page: plain HTML plus what the templates and the checker need. */
export interface CompiledMarkdown {
  html: string;
  toc: TocEntry[];
  firstHeading: string | null;
  links: LinkSource[];
  images: PageImage[];
  diagnostics: Diagnostic[];
  /** The page's text for the search index (variables substituted); absent when compiling failed. */
  searchText?: SearchText;
}

/** Markdown source (frontmatter included) to mdast with positions (async with Markdown plugins: src/plugins/). */
export type MarkdownParser = (text: string) => Root | Promise<Root>;

/** Compiles one Markdown file (frontmatter included, so positions are the file's own) to article HTML. */
export function compileMarkdown(text: string, file: string, displayFile: string, relFile: string, opts: CompileOptions): Promise<CompiledMarkdown> {
  return compileMarkdownWith(parseMarkdown, text, file, displayFile, relFile, opts);
}

/**
 * `compileMarkdown` with another parser in front of the same transforms (and another mdast → HTML stage after
 * them); the tests run remark-parse and the unified HTML stage through it as the oracle docsgen's must match.
 */
export async function compileMarkdownWith(
  parse: MarkdownParser,
  text: string,
  file: string,
  displayFile: string,
  relFile: string,
  opts: CompileOptions,
  toHtml: (tree: Root) => string | Promise<string> = treeToHtml,
): Promise<CompiledMarkdown> {
  // a byte order mark is not text (page-text.ts drops it when reading; remark and parseMarkdown drop it too)
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split(/\r?\n/);
  let tree: Root;
  try {
    tree = await parse(text);
  } catch (err) {
    return failed(err, displayFile, lines);
  }
  try {
    return await compileTree(tree, text, file, displayFile, relFile, opts, lines, toHtml);
  } catch (err) {
    // a tree too deep for a recursive step (the limit in parse/nesting.ts keeps ours clear of it) is the
    // page's problem, never a dead render thread
    if (!isStackOverflow(err)) throw err;
    return failed(err, displayFile, lines);
  }
}

async function compileTree(
  tree: Root,
  text: string,
  file: string,
  displayFile: string,
  relFile: string,
  opts: CompileOptions,
  lines: readonly string[],
  toHtml: (tree: Root) => string | Promise<string>,
): Promise<CompiledMarkdown> {
  const diagnostics: Diagnostic[] = [];
  // our transforms run on the plain mdast, between parsing and HTML, so positions (what check-links reports) stay intact
  const nodes = indexNodes(tree);
  diagnostics.push(...substituteVariables(nodes.values, opts.variables, displayFile, lines));
  diagnostics.push(...reportRawHtml(nodes.html, displayFile, lines));
  diagnostics.push(...reportUnrendered(tree, text, displayFile, lines));
  transformAlerts(nodes.blockquotes);
  diagnostics.push(...readCodeMeta(nodes.codes, displayFile, lines));
  // after the fence meta, whose title names a fence's tab
  diagnostics.push(...reportUnknownContainers(nodes.containers, displayFile, lines));
  transformDirectives(nodes.containers);
  const lifted = opts.frontmatterTitle === undefined ? null : liftTitle(tree, opts.frontmatterTitle, displayFile, lines, diagnostics);
  const headings = lifted ? nodes.headings.filter((h) => h !== lifted.node) : nodes.headings;
  const { toc, firstHeading, diagnostics: idProblems } = assignHeadingIds(headings, displayFile, lines);
  diagnostics.push(...idProblems);
  // after the variables, which may write a URL
  const publishable = refuseUnsafeUrls(tree, nodes, displayFile, lines);
  diagnostics.push(...publishable.diagnostics);
  const links = rewriteLinks(publishable.definitions, linksInRenderedOrder(publishable.links, nodes.footnoteDefinitions, tree), { relFile, pathPrefix: opts.pathPrefix });
  const { images, diagnostics: imageProblems } = await resolveImages(publishable.images, {
    file,
    displayFile,
    root: opts.root,
    contentDir: opts.contentDir,
    pathPrefix: opts.pathPrefix,
    maxWidth: opts.imageMaxWidth,
    eagerFirst: opts.eagerFirstImage === true,
    lines,
    ...(opts.contentHashOf ? { contentHashOf: opts.contentHashOf } : {}),
  });
  diagnostics.push(...imageProblems);
  let html: string;
  try {
    html = await toHtml(tree);
  } catch (err) {
    return failed(err, displayFile, lines);
  }
  return { html, toc, firstHeading: lifted?.text ?? firstHeading, links, images, diagnostics, searchText: searchTextOf(nodes.values, nodes.headings) };
}

function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /call stack/i.test(err.message);
}

/**
 * Takes the page's title heading out of the tree: the templates show the title above the article, so it
 * would show twice. Without a frontmatter `title`, that is the first h1 (discovery made its text the page's
 * title); with one, a leading h1 that repeats it, with a warning (a different h1 is the writer's own heading).
 */
function liftTitle(tree: Root, frontmatterTitle: string | null, file: string, lines: readonly string[], out: Diagnostic[]): { node: Heading; text: string } | null {
  const node = titleHeading(tree, frontmatterTitle === null);
  if (!node) return null;
  if (frontmatterTitle !== null) {
    if (plainHeadingText(node).toLowerCase() !== frontmatterTitle.replace(/\s+/g, ' ').trim().toLowerCase()) return null;
    const start = node.position?.start ?? { line: 1, column: 1 };
    out.push({
      code: codes.TITLE_TWICE,
      severity: 'warning',
      message: 'this h1 repeats the frontmatter `title`: the title is shown once',
      hint: 'remove this `# …` line or the frontmatter `title`: either alone titles the page',
      location: { file, line: start.line, column: start.column, lineText: lines[start.line - 1] ?? '' },
    });
  }
  tree.children.splice(tree.children.indexOf(node), 1);
  return { node, text: headingTitle(node, {}, lines) };
}

function failed(err: unknown, file: string, lines: readonly string[]): CompiledMarkdown {
  const place = (err as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
  const line = place?.start?.line ?? place?.line ?? 1;
  const column = place?.start?.column ?? place?.column ?? 1;
  const location = { file, line, column, lineText: lines[line - 1] ?? '' };
  const tooDeep = err instanceof NestingError || isStackOverflow(err);
  const diagnostic: Diagnostic = tooDeep
    ? {
        code: codes.MARKDOWN_TOO_DEEP,
        severity: 'error',
        message: `the Markdown is nested more than ${NESTING_LIMIT} levels deep (quotes, lists, emphasis or links inside one another)`,
        hint: 'nest less deeply here: no page needs that many levels',
        location,
      }
    : {
        code: codes.MARKDOWN_COMPILE,
        severity: 'error',
        message: `the Markdown could not be compiled: ${(err as Error).message.split('\n')[0]}`,
        hint: 'check the syntax near this line',
        location,
      };
  return { html: '', toc: [], firstHeading: null, links: [], images: [], diagnostics: [diagnostic] };
}
