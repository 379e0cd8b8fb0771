import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { cacheKey, hashBytes, stampedHash, stampKey } from '../cache/index.js';
import { trackReads, type ReadSummary } from '../cache/index.js';
import { ResultPacks } from '../cache/index.js';
import { compileMarkdown } from '../content/markdown.js';
import type { CompiledMarkdown } from '../content/index.js';
import { pageSizeProblem } from '../content/page-size.js';
import { decodePage } from '../content/page-text.js';
import { MAX_PAGE_BYTES } from '../config/index.js';
import { codes } from '../diagnostics/index.js';
import { hasErrors } from '../diagnostics/index.js';
import type { ContentHashOf } from '../images/index.js';
import { describeThrown, guardExit, guardExitSync, TemplateExit, templateExitError, templateFile } from './exit-guard.js';
import type { PageFurniture } from '../pagedata/index.js';
import type { PageTask, RenderSetup } from './page-task.js';
import { metaOf, storedResultText, type PageReads, type PageResult, type RenderedPage } from './page-result.js';
import { writePageFiles } from './write-page.js';
import { assemblePage, type PageFiles } from './assemble.js';
import { pageTerms } from '../search/index.js';

interface TemplateModule {
  createElement: (type: unknown, props: unknown) => unknown;
  renderToString: (node: unknown) => string;
  templates: Record<string, unknown>;
}

const modules = new Map<string, Promise<TemplateModule>>();

/** Loads the compiled template bundle once per thread. */
export function loadTemplates(file: string): Promise<TemplateModule> {
  let m = modules.get(file);
  if (!m) {
    m = import(file) as Promise<TemplateModule>;
    modules.set(file, m);
  }
  return m;
}

/** This thread's pack writers, by folder: results are appended where they are made, not sent to the main thread. */
const packs = new Map<string, ResultPacks>();

/** Closes this thread's packs (end of a build: the next build appends to new ones). */
export async function closeResultPacks(): Promise<void> {
  const open = [...packs.values()];
  packs.clear();
  await Promise.all(open.map((p) => p.close()));
}

/** Read sets this thread already sent in one build (keyed by its setup): each set's ids cross once. */
const sentSets = new WeakMap<RenderSetup, Set<string>>();

/** What goes to the main thread for a page's read set (see PageReads). */
function readsToSend(setup: RenderSetup, summary: ReadSummary): PageReads {
  let sent = sentSets.get(setup);
  if (!sent) sentSets.set(setup, (sent = new Set()));
  const known = sent.has(summary.setId);
  sent.add(summary.setId);
  return {
    setId: summary.setId,
    valueHash: summary.valueHash,
    thread: threadId,
    ...(known ? {} : { ids: summary.ids }),
    ...(summary.newPaths.length > 0 ? { newPaths: summary.newPaths } : {}),
  };
}

/**
 * Compiles a page's Markdown, renders its template and writes the page's files; the result is stored as JSON
 * in the page cache (the shell is kept apart from the result, so a cached result can get a new shell without
 * rendering).
 */
export async function renderPage(task: PageTask, setup: RenderSetup): Promise<RenderedPage> {
  const { result, reads, stale } = await renderResult(task, setup);
  const ok = result.pageContext !== null;
  // serialized once: the page-data file and the stored result both hold it
  const contextJson = ok ? JSON.stringify(result.pageContext) : '';
  const files = ok ? writePageFiles(result, setup.output, contextJson) : null;
  let stored: RenderedPage['stored'] = null;
  if (ok && !stale) {
    const text = storedResultText(result, contextJson);
    let pack = packs.get(setup.packsDir);
    if (!pack) packs.set(setup.packsDir, (pack = new ResultPacks(setup.packsDir)));
    // hashed as its whole bytes, shared start included (the same hash as the text's, without encoding it twice)
    const { at, bytes } = pack.appendShared(text);
    stored = { at, hash: cacheKey(bytes) };
  }
  return { id: task.id, meta: metaOf(result), ok, stored, files, reads, ...(result.search !== undefined ? { search: result.search } : {}) };
}

/**
 * Renders one page as a build's thread would and puts its shell around it, in memory (nothing written or cached):
 * `docsgen dev` shows a saved page this way before the build that follows writes the same bytes.
 */
export async function previewPage(task: PageTask, setup: RenderSetup): Promise<{ result: PageResult; files: PageFiles | null; stale: boolean }> {
  const { result, stale } = await renderResult(task, setup);
  return { result, files: result.pageContext === null ? null : assemblePage(result, setup.output.shell), stale };
}

const stampLookups = new WeakMap<RenderSetup, ContentHashOf>();

/** The fingerprint's hash of a content file, while it still has the size and mtime the fingerprint saw. */
function stampLookup(setup: RenderSetup): ContentHashOf {
  let lookup = stampLookups.get(setup);
  if (!lookup) {
    const stamps = setup.fileStamps ?? {};
    lookup = (file, size, mtimeMs) => stampedHash(stamps[stampKey(setup.root, file)], size, mtimeMs);
    stampLookups.set(setup, lookup);
  }
  return lookup;
}

/** The page's previous/next links, edit link and last-updated date, as far as it has them. */
function furnitureOf(task: PageTask): PageFurniture {
  const out: PageFurniture = {};
  if (task.prev) out.prev = task.prev;
  if (task.next) out.next = task.next;
  if (task.editUrl) out.editUrl = task.editUrl;
  if (task.lastUpdated) out.lastUpdated = task.lastUpdated;
  return out;
}

/** A page's Markdown to HTML: the fast path, or the site's plugin pipeline (loaded only for a site that has one). */
async function compile(setup: RenderSetup, ...args: Parameters<typeof compileMarkdown>): Promise<CompiledMarkdown> {
  if (!setup.markdownPlugins) return compileMarkdown(...args);
  const { compileWithPlugins } = await import('../plugins/index.js');
  return compileWithPlugins(...args, setup.markdownPlugins);
}

/** The thread's buffer pages are read into (see readPage), grown up to just over MAX_PAGE_BYTES. */
let pageBuffer = Buffer.allocUnsafeSlow(16 * 1024);

/**
 * A page's bytes (a view of the thread's buffer, valid until the next read), or its size when it grew past
 * MAX_PAGE_BYTES since discovery: then no more than the limit is read. Synchronous (a render thread has nothing
 * else to do meanwhile) and without a stat of its own: open, read to the end, close.
 */
function readPage(file: string): { bytes: Uint8Array } | { size: number } {
  const fd = openSync(file, 'r');
  try {
    let length = 0;
    for (;;) {
      if (length === pageBuffer.length) {
        if (length > MAX_PAGE_BYTES) return { size: fstatSync(fd).size };
        const grown = Buffer.allocUnsafeSlow(Math.min(pageBuffer.length * 2, MAX_PAGE_BYTES + 1));
        grown.set(pageBuffer);
        pageBuffer = grown;
      }
      const n = readSync(fd, pageBuffer, length, pageBuffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return length > MAX_PAGE_BYTES ? { size: length } : { bytes: pageBuffer.subarray(0, length) };
  } finally {
    closeSync(fd);
  }
}

/** Compiles and renders one page (no files written). */
async function renderResult(task: PageTask, setup: RenderSetup): Promise<{ result: PageResult; reads: RenderedPage['reads']; stale: boolean }> {
  let mod: TemplateModule;
  try {
    // a render thread imports the bundle itself, and runs its top-level code again
    mod = await guardExit(() => loadTemplates(setup.serverBundle));
  } catch (err) {
    if (err instanceof TemplateExit) throw templateExitError(err, task.template, task.displayFile, setup.templatesDir);
    throw err;
  }
  let text = '';
  let stale = false;
  const read = task.status === undefined ? readPage(task.file) : null;
  // discovery refused larger pages; this one grew since (the limit keeps a render thread's memory bounded)
  const tooLarge = read && 'size' in read ? pageSizeProblem(task.displayFile, read.size) : null;
  if (read && 'bytes' in read) {
    stale = hashBytes(read.bytes) !== task.textHash;
    // decoded as discovery decoded it (which reported any bytes that are not UTF-8)
    text = decodePage(read.bytes).text;
  }
  const compiled = tooLarge
    ? { html: '', toc: [], firstHeading: null, links: [], images: [], diagnostics: [tooLarge] }
    : task.status === undefined
      ? await compile(setup, text, task.file, task.displayFile, task.relFile, {
          root: setup.root,
          contentDir: setup.contentDir,
          pathPrefix: setup.pathPrefix,
          variables: setup.variables,
          imageMaxWidth: setup.imageMaxWidth,
          // the start page's first image is its largest paint: loaded at once, not lazily
          eagerFirstImage: task.pagePath === '/',
          // the title is shown by the templates: the page's own h1 is taken out (see CompileOptions)
          frontmatterTitle: task.frontmatter.title ?? null,
          ...(setup.fileStamps ? { contentHashOf: stampLookup(setup) } : {}),
        })
      : { html: '', toc: [], firstHeading: null, links: [], images: [], diagnostics: [] };
  const result: PageResult = {
    pagePath: task.pagePath,
    ...(task.status !== undefined ? { status: task.status } : {}),
    ...(task.frontmatter.matchPath ? { matchPath: task.frontmatter.matchPath } : {}),
    template: task.template,
    title: task.title,
    description: task.description,
    body: '',
    pageContext: null,
    links: JSON.stringify(compiled.links),
    images: compiled.images,
    diagnostics: compiled.diagnostics,
  };
  const noReads = { setId: '', valueHash: '' };
  if (hasErrors(compiled.diagnostics)) return { result, reads: noReads, stale };
  const url = task.status === undefined ? `${setup.pathPrefix}${task.pagePath}` : `${setup.pathPrefix}/${task.status}.html`;
  const pageContext = {
    path: task.pagePath,
    url,
    title: task.title,
    description: task.description,
    frontmatter: task.frontmatter,
    html: compiled.html,
    toc: compiled.toc,
    breadcrumbs: task.breadcrumbs,
    children: task.children,
    section: task.section,
    firstHeading: compiled.firstHeading,
    sourceFile: task.displayFile,
    ...(task.status !== undefined ? { status: task.status } : {}),
    ...furnitureOf(task),
  };
  const component = mod.templates[task.template];
  // the template sees the shared data through a recorder: the cache reuses this page only while what it read is unchanged
  const tracked = trackReads(setup.shared);
  try {
    result.body = guardExitSync(() => mod.renderToString(mod.createElement(component, { ...tracked.mirror, page: pageContext })));
  } catch (err) {
    // ending the process is not a page's problem: the build stops, naming the template
    if (err instanceof TemplateExit) throw templateExitError(err, task.template, task.displayFile, setup.templatesDir);
    result.diagnostics = [
      ...compiled.diagnostics,
      {
        code: codes.TEMPLATE_RENDER,
        severity: 'error',
        message: `template \`${task.template}\` failed to render this page: ${describeThrown(err)}`,
        hint: `fix ${templateFile(setup.templatesDir, task.template)} (the page's data is in its page-data.json)`,
        location: { file: task.displayFile, line: 1, column: 1 },
      },
    ];
    result.thrown = stackOf(err);
    return { result, reads: noReads, stale };
  }
  result.pageContext = pageContext;
  // published pages only: not the status pages, nor a page whose frontmatter says `search: false`
  if (task.status === undefined && task.frontmatter.search !== false && 'searchText' in compiled && compiled.searchText) {
    result.search = pageTerms(task.title, compiled.searchText, setup.lang ?? 'en');
  }
  return { result, reads: readsToSend(setup, tracked.summary()), stale };
}

/** The stack of a thrown value ('' when it has none), read without trusting it: a template may throw anything. */
function stackOf(err: unknown): string {
  try {
    return err instanceof Error && typeof err.stack === 'string' ? err.stack : '';
  } catch {
    return '';
  }
}
