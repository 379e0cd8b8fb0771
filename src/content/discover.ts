import { statSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import { readHashedSync, stampKey } from '../cache/index.js';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { parseFrontmatter, splitFrontmatter, type Frontmatter } from './frontmatter.js';
import { imageHintsOf } from './image-hints.js';
import { isRealPathInside, listPageFiles, realPathOrSelf } from './list-pages.js';
import { pageSizeProblem } from './page-size.js';
import { decodePage, invalidUtf8 } from './page-text.js';
import { DiscoverCache, type DiscoveredFile } from './discover-cache.js';
import { descriptionFallback, descriptionFromText, headingTitle, noTitle, titleHeading } from './page-title.js';
import { pagePathOf } from './paths.js';
import { substitute, unknownVariable } from './variables.js';

/** One Markdown page found in the content folder, frontmatter already validated. */
export interface SourcePage {
  /** Absolute file path. */
  file: string;
  /** Path relative to the project root, forward slashes (for messages). */
  displayFile: string;
  /** Path relative to the content folder, forward slashes. */
  relFile: string;
  /** Site path without prefix, `/a/b/`. */
  pagePath: string;
  /** The frontmatter as written (every key: the templates get it as `page.frontmatter`). */
  frontmatter: Frontmatter;
  /** The page's title: its frontmatter `title`, else the text of its first h1. */
  title: string;
  /** Its frontmatter `description`, else the start of its first paragraph ('' when it has none). */
  description: string;
  /**
   * Hash of the file's bytes (hashBytes): the page cache's key, and how a render thread tells the file changed
   * since (it hashes the bytes it reads).
   */
  textHash: string;
}

/**
 * Finds every Markdown page, reads it and validates its frontmatter. Cheap (no Markdown parsing), so the
 * navigation tree is known before any page is rendered.
 */
export async function discoverPages(
  contentDir: string,
  root: string,
  variables: Readonly<Record<string, string>> = {},
  /**
   * Told each file's hash as it is read, with its path relative to the root in `/` form (its stamp key): the
   * build completes the fingerprint's pending stamps with it.
   */
  onRead?: (displayFile: string, hash: string) => void,
  /** A file's size in bytes by its stamp key, when the caller knows it already (else the file is stat'ed). */
  sizeOf?: (displayFile: string) => number | undefined,
  /**
   * `strict`: unknown frontmatter keys are errors, and a description taken from the text is a warning.
   * `cacheDir` keeps each file's result by its hash (discover-cache.ts), and `knownHash` gives a file's hash by its
   * stamp key when the fingerprint knows it: such a file is not read again when its result is kept.
   */
  options: { strict?: boolean; cacheDir?: string; knownHash?: (displayFile: string) => string | undefined } = {},
): Promise<{ pages: SourcePage[]; diagnostics: Diagnostic[]; imageHints: string[] }> {
  // synchronous, as the reads below; links out of the project and names no URL can carry are reported here
  const { files, diagnostics } = listPageFiles(contentDir, root);
  const pages: SourcePage[] = [];
  // the local images the pages seem to show (see image-hints.ts), so they can encode while the pages render
  const imageHints = new Set<string>();
  let parse: Parse | undefined;
  const parser = async () => (parse ??= (await import('./parse/index.js')).parseMarkdown);
  // stampKey(root, file) for every file, without a path.relative each (10,000 of them cost tens of ms)
  const contentKey = stampKey(root, contentDir);
  const cache = DiscoverCache.open(options.cacheDir, { contentDir, root, variables, strict: options.strict === true });
  // One file at a time, and no text kept: memory stays flat in the page count (render threads read the files
  // again). Synchronous: thousands of concurrent promise reads cost several times more than a plain loop.
  for (const relFile of files) {
    const file = path.join(contentDir, relFile);
    // the path writers know, and the file's key in the fingerprint's stamps (see onRead)
    const displayFile = contentKey === '' ? relFile : `${contentKey}/${relFile}`;
    // a huge page is refused before it is read: reading and parsing it would take gigabytes
    const tooLarge = pageSizeProblem(displayFile, sizeOf?.(displayFile) ?? statSync(file).size);
    if (tooLarge) {
      diagnostics.push(tooLarge);
      continue;
    }
    const known = options.knownHash?.(displayFile);
    let hash: string;
    let result = cache.get(relFile, known);
    if (result) hash = known!;
    else {
      const read = readHashedSync(file, decodePage);
      hash = read.hash;
      onRead?.(displayFile, hash);
      result = await discoverFile(read.text, displayFile, file, contentDir, variables, options, parser);
      cache.put(relFile, hash, result);
    }
    diagnostics.push(...result.diagnostics);
    for (const image of result.imageHints) imageHints.add(image);
    // two files making one page, or one output file, are reported with every other output (pagedata/outputs.ts)
    if (result.page) pages.push({ file, displayFile, relFile, pagePath: pagePathOf(relFile), ...result.page, textHash: hash });
  }
  await cache.save();
  // an image reached through a link out of the project is never read, not even to warm the cache
  const bases = [realPathOrSelf(root), realPathOrSelf(contentDir)];
  const hints = [...imageHints].filter((image) => isRealPathInside(image, bases));
  if (files.length === 0 && !diagnostics.some((d) => d.severity === 'error')) {
    diagnostics.push({
      code: codes.NO_CONTENT,
      severity: 'error',
      message: `no Markdown pages in ${path.relative(root, contentDir) || '.'}/`,
      hint: 'add content/index.md, or pass --root to the project folder',
    });
  }
  return { pages, diagnostics, imageHints: hints };
}

type Parse = typeof import('./parse/index.js').parseMarkdown;

/** What discovery makes of one file's text: its page (null for a draft or an unusable page), problems and image hints. */
async function discoverFile(
  decoded: ReturnType<typeof decodePage>,
  displayFile: string,
  file: string,
  contentDir: string,
  variables: Readonly<Record<string, string>>,
  options: { strict?: boolean },
  parser: () => Promise<Parse>,
): Promise<DiscoveredFile> {
  const diagnostics: Diagnostic[] = [];
  const text = decoded.text;
  if (decoded.invalid) diagnostics.push(invalidUtf8(displayFile, decoded.invalid, text));
  const { data, diagnostics: fm } = parseFrontmatter(text, displayFile, options);
  diagnostics.push(...fm);
  if (!data || data.draft) return { page: null, diagnostics, imageHints: [] };
  substituteFrontmatter(data, variables, displayFile, text, diagnostics);
  let { title, description } = data;
  if (title === undefined || description === undefined) {
    // the page's own Markdown says what its frontmatter does not (parsed here only for such pages)
    const fromText = titleAndDescription(await parser(), text, variables, title === undefined);
    if (title === undefined && fromText.title === null) {
      diagnostics.push(noTitle(displayFile, text.split(/\r?\n/), splitFrontmatter(text).yaml !== null));
      return { page: null, diagnostics, imageHints: [] };
    }
    title ??= fromText.title!;
    if (description === undefined) {
      description = fromText.description;
      if (options.strict) diagnostics.push(descriptionFallback(displayFile));
    }
  }
  return { page: { frontmatter: data, title, description }, diagnostics, imageHints: imageHintsOf(text, file, contentDir) };
}

// Titles and descriptions may use the documentation variables too (they show in titles, cards and metadata).
function substituteFrontmatter(data: Frontmatter, variables: Readonly<Record<string, string>>, file: string, text: string, out: Diagnostic[]): void {
  const known = Object.keys(variables).sort();
  for (const key of ['title', 'description', 'navTitle'] as const) {
    const value = data[key];
    if (value === undefined) continue;
    data[key] = substitute(value, variables, (name) => {
      const lines = text.split(/\r?\n/);
      const index = lines.findIndex((l) => l.startsWith(`${key}:`));
      const line = index + 1 || 1;
      const column = Math.max(1, (lines[index] ?? '').indexOf('{{') + 1);
      out.push(unknownVariable(name, known, file, line, column, lines));
    });
  }
}

// The title (when wanted) and description a page's Markdown gives: its first h1, its first paragraph.
function titleAndDescription(
  parse: (text: string) => Root,
  text: string,
  variables: Readonly<Record<string, string>>,
  wantTitle: boolean,
): { title: string | null; description: string } {
  let tree: Root;
  try {
    tree = parse(text);
  } catch {
    // too deep to parse: the render step reports it at its line
    return { title: wantTitle ? null : '', description: '' };
  }
  const lines = text.split(/\r?\n/);
  const heading = wantTitle ? titleHeading(tree, true) : null;
  const title = heading ? headingTitle(heading, variables, lines) : null;
  return { title: title === '' ? null : title, description: descriptionFromText(tree, variables, lines) };
}
