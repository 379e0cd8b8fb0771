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
 * How the page cache stores a result: the body's raw parts, the rest of the result as JSON with `"body":0` where
 * the body goes (keys keep their order), then a last line with the parts' lengths. The body holds the article
 * HTML, which `pageContext.html` holds too, so when it is found there the parts are what comes before and after it
 * (a third less to write per page); and the parts are not JSON: escaping a template's thousands of quotes, and
 * unescaping them on read, cost more than the rest of the result.
 * The parts are kept without the `aria-current="page"` that marks the page's own link, and the lengths line (not a
 * header) says where it was: so the pages of one section begin with the same bytes, their header and sidebar, and
 * the pack stores those bytes once (ResultPacks.appendShared).
 * `<before><after><json>\n3:<before>,<after>[,-]` then `;<at>` per mark taken out of before and `/<at>` per mark
 * taken out of after (`-`: no article found in the body, which is all `before`).
 */
export function storedResultText(r: PageResult, contextJson: string = JSON.stringify(r.pageContext)): string {
  const html = r.pageContext?.['html'];
  const at = typeof html === 'string' && html !== '' ? r.body.indexOf(html) : -1;
  const json = stringifyWith({ ...r, body: 0 }, { pageContext: contextJson });
  const before = unmarked(at < 0 ? r.body : r.body.slice(0, at));
  const after = unmarked(at < 0 ? '' : r.body.slice(at + (html as string).length));
  const marks = before.marks.map((m) => `;${m}`).join('') + after.marks.map((m) => `/${m}`).join('');
  return `${before.text}${after.text}${json}\n3:${before.text.length},${after.text.length}${at < 0 ? ',-' : ''}${marks}`;
}

/** The current page's mark (its link in the sidebar, its breadcrumb): what tells a section's sidebars apart. */
const MARK = ' aria-current="page"';

/** A text without MARK, and where each was (in the text without them, ascending). */
function unmarked(text: string): { text: string; marks: number[] } {
  if (!text.includes(MARK)) return { text, marks: [] };
  const parts = text.split(MARK);
  const marks: number[] = [];
  let at = 0;
  for (let i = 0; i < parts.length - 1; i++) marks.push((at += parts[i]!.length));
  return { text: parts.join(''), marks };
}

/** `text` with MARK put back at each of `marks`; throws when they are not ascending places in it. */
function marked(text: string, marks: readonly number[]): string {
  let out = '';
  let from = 0;
  for (const m of marks) {
    if (m < from || m > text.length) throw new Error('not a stored page result');
    out += text.slice(from, m) + MARK;
    from = m;
  }
  return out + text.slice(from);
}

/** The result a stored text holds (see storedResultText); throws on a text that is not one. */
export function parseStoredResult(text: string): PageResult {
  const eol = text.lastIndexOf('\n');
  const trailer = /^3:(\d+),(\d+)(,-)?((?:;\d+)*)((?:\/\d+)*)$/.exec(text.slice(eol + 1));
  if (eol < 0 || !trailer || Number(trailer[1]) + Number(trailer[2]) > eol) throw new Error('not a stored page result');
  const end = Number(trailer[1]);
  const before = marked(text.slice(0, end), trailer[4]!.split(';').slice(1).map(Number));
  const after = marked(text.slice(end, end + Number(trailer[2])), trailer[5]!.split('/').slice(1).map(Number));
  const result = JSON.parse(text.slice(end + Number(trailer[2]), eol)) as PageResult;
  result.body = trailer[3] ? before : before + (result.pageContext!['html'] as string) + after;
  return result;
}
