import type { PageImage } from '../content/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { PackLocation } from '../cache/index.js';
import { stringifyWith } from './json-text.js';
import type { FileSum } from './write-page.js';

/** The small part of a rendered page the build needs even when it reuses the page's files unchanged. */
export interface PageMeta {
  pagePath: string;
  /** Set for the 404/500 pages. */
  status?: number;
  /** The frontmatter's `matchPath`, when the page has one (page-data carries it). */
  matchPath?: string;
  template: string;
  title: string;
  description: string;
  /**
   * The page's links with their Markdown places (a LinkSource[]) as JSON text: they only pass through, from the
   * render thread to the page cache and link-sources.json, so nothing parses them again (18 MB at 10,000 dense pages).
   */
  links: string;
  images: PageImage[];
  diagnostics: Diagnostic[];
  /** The stack of what its template threw, on a page that failed so (template-errors.ts groups them by where). */
  thrown?: string;
}

/**
 * What rendering one page yields, before the HTML shell and page-data are put around it. This is what the
 * page cache stores: everything here depends only on the page's own inputs and the shared data it read.
 */
export interface PageResult extends PageMeta {
  /** The server-rendered template ('' when the page failed). */
  body: string;
  /** The page's data as the template received it (null when the page failed). */
  pageContext: Record<string, unknown> | null;
  /** The page's search terms and scores (see search/page-terms.ts); absent for pages kept out of search. */
  search?: string;
}

/**
 * A page's read set as a render thread reports it. A page reads from a hundred-odd objects of the shared data
 * and nearly every page's set differs (its own branch of the nav), so paths cross to the main thread once per
 * thread: `newPaths` are the paths this thread numbered next (from its count so far), and `ids` the set's
 * paths by those numbers. `ids` is left out when the thread already sent this set.
 */
export interface PageReads {
  setId: string;
  valueHash: string;
  /** The sending thread (its numbering is its own). */
  thread?: number;
  ids?: Int32Array;
  newPaths?: string[];
}

/** The meta part of a result. */
export function metaOf(r: PageResult): PageMeta {
  return {
    pagePath: r.pagePath,
    ...(r.status !== undefined ? { status: r.status } : {}),
    ...(r.matchPath ? { matchPath: r.matchPath } : {}),
    template: r.template,
    title: r.title,
    description: r.description,
    links: r.links,
    images: r.images,
    diagnostics: r.diagnostics,
    ...(r.thrown !== undefined ? { thrown: r.thrown } : {}),
  };
}

/**
 * A page as a render thread reports it: the thread has written the page's files and appended its result to
 * the thread's own pack; the main thread gets what its book-keeping needs and where the result is.
 */
export interface RenderedPage {
  id: number;
  meta: PageMeta;
  /** False when the page has errors (then nothing was written). */
  ok: boolean;
  /** Where the result (JSON) went in the page cache's packs, with its hash; null when it was not stored (errors, or the file changed meanwhile). */
  stored: { at: PackLocation; hash: string } | null;
  /** Size and hash of the HTML and page-data files written (null when none were). */
  files: [html: FileSum, pageData: FileSum] | null;
  /** Which shared data its template read. */
  reads: PageReads;
  /** The page's search terms (PageResult.search). */
  search?: string;
}

/**
 * How the page cache stores a result: a header line with the lengths of the body's raw parts, the parts, then the
 * rest of the result as JSON with `"body":0` where the body goes (keys keep their order). The body holds the
 * article HTML, which `pageContext.html` holds too, so when it is found there the parts are what comes before and
 * after it (a third less to write per page); and the parts are not JSON: escaping a template's thousands of
 * quotes, and unescaping them on read, cost more than the rest of the result.
 * `1:<n>\n<body><json>` or `2:<before>,<after>\n<before><after><json>`.
 */
export function storedResultText(r: PageResult, contextJson: string = JSON.stringify(r.pageContext)): string {
  const html = r.pageContext?.['html'];
  const at = typeof html === 'string' && html !== '' ? r.body.indexOf(html) : -1;
  const json = stringifyWith({ ...r, body: 0 }, { pageContext: contextJson });
  if (at < 0) return `1:${r.body.length}\n${r.body}${json}`;
  const before = r.body.slice(0, at);
  const after = r.body.slice(at + (html as string).length);
  return `2:${before.length},${after.length}\n${before}${after}${json}`;
}

/** The result a stored text holds (see storedResultText); throws on a text that is not one. */
export function parseStoredResult(text: string): PageResult {
  const eol = text.indexOf('\n');
  const header = /^([12]):(\d+)(?:,(\d+))?$/.exec(text.slice(0, eol));
  if (eol < 0 || !header || (header[1] === '2') !== (header[3] !== undefined)) throw new Error('not a stored page result');
  const first = Number(header[2]);
  let at = eol + 1;
  const part1 = text.slice(at, (at += first));
  const part2 = header[3] === undefined ? null : text.slice(at, (at += Number(header[3])));
  const result = JSON.parse(text.slice(at)) as PageResult;
  result.body = part2 === null ? part1 : part1 + (result.pageContext!['html'] as string) + part2;
  return result;
}
