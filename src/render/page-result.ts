import type { ImageReference } from '../content/images.js';
import type { LinkSource } from '../content/links.js';
import type { Diagnostic } from '../diagnostics/types.js';
import type { PackLocation } from '../cache/result-packs.js';
import { stringifyWith } from './json-text.js';

/** The small part of a rendered page the build needs even when it reuses the page's files unchanged. */
export interface PageMeta {
  pagePath: string;
  /** Set for the 404/500 pages. */
  status?: number;
  template: string;
  title: string;
  description: string;
  links: LinkSource[];
  images: ImageReference[];
  diagnostics: Diagnostic[];
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
}

/**
 * A page's read set as a render thread reports it. A page reads a few hundred places of the shared data and
 * nearly every page's set differs (its own branch of the nav), so paths cross to the main thread once per
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
    template: r.template,
    title: r.title,
    description: r.description,
    links: r.links,
    images: r.images,
    diagnostics: r.diagnostics,
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
  /** Which shared data its template read. */
  reads: PageReads;
}

/**
 * A result as the page cache stores it: the body holds the article HTML, which `pageContext.html` holds too, so
 * the body is kept as what comes before and after it (a third less to serialize, hash and write per page).
 */
type StoredResult = Omit<PageResult, 'body'> & ({ body: string } | { bodyAround: [string, string] });

/**
 * The JSON text a result is stored as (see StoredResult); keys keep their order, `bodyAround` in place of `body`.
 * `contextJson`, when given, is `JSON.stringify(r.pageContext)` already made for the page-data file.
 */
export function storedResultText(r: PageResult, contextJson: string = JSON.stringify(r.pageContext)): string {
  const html = r.pageContext?.['html'];
  const at = typeof html === 'string' && html !== '' ? r.body.indexOf(html) : -1;
  const raw = { pageContext: contextJson };
  if (at < 0) return stringifyWith(r as unknown as Record<string, unknown>, raw);
  const around = [r.body.slice(0, at), r.body.slice(at + (html as string).length)];
  return stringifyWith(Object.fromEntries(Object.entries(r).map(([k, v]) => (k === 'body' ? ['bodyAround', around] : [k, v]))), raw);
}

/** The result a stored text holds (see storedResultText). */
export function parseStoredResult(text: string): PageResult {
  const stored = JSON.parse(text) as StoredResult;
  if (!('bodyAround' in stored)) return stored;
  const [before, after] = stored.bodyAround;
  const body = before + (stored.pageContext!['html'] as string) + after;
  return Object.fromEntries(Object.entries(stored).map(([k, v]) => (k === 'bodyAround' ? ['body', body] : [k, v]))) as unknown as PageResult;
}
