import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PATH_PREFIX, PROJECT } from '../config/index.js';
import { DiagnosticError, type Diagnostic } from '../diagnostics/index.js';
import type { BatchResult, RunnerInit } from './page-runner.js';
import { hasAnchor, type CheckedPage, type RefPlace } from './check-page.js';
import { linkCodes } from './codes.js';
import { describeProblem, describeSkipped, kindSeverity } from './describe-problem.js';
import { checkExternalUrls } from './external.js';
import { LinkSources, parseLinkSources } from './link-sources.js';
import * as limits from './limits.js';
import { parseRedirectRules, type RedirectListEntry } from './redirect-matcher.js';
import { decodeFragment } from './resolve-href.js';
import { openResultCache, contextKeyOf, mayTarget, unpackChecks } from './result-cache.js';
import { extractPage } from './extract-page.js';
import { decodePage } from './decode-page.js';
import type { CheckLinksOptions, CheckLinksResult, LinkProblem, LinkProblemKind } from './types.js';
import { checkAllPages } from './worker-pool.js';
import { listSiteFiles } from './site-files.js';
import { readPage } from './page-file.js';

/**
 * Checks every link and resource reference of a folder of built HTML the way the server will serve it
 * (extract → resolve → check), on all cores. Problems are returned, never thrown; a folder that cannot be
 * checked at all (missing, no pages, unreadable redirect list) throws DiagnosticError with exit code 2.
 */
export async function checkLinks(opts: CheckLinksOptions): Promise<CheckLinksResult> {
  const started = performance.now();
  const cwd = opts.cwd ?? process.cwd();
  // 1. The site as the server will serve it: its files, its redirects, where each link was written.
  const site = await openSite(opts, cwd);
  const { dir, pages, diagnostics } = site;
  // 2. Every page parsed and its links resolved, on all cores; pages unchanged since the last run from the cache.
  const checked = await checkSitePages(site, opts, cwd);
  const problems = new Problems();
  // 3. The problems each page found, then anchors into other pages (known only once every page is parsed).
  const { links, anchorChecks } = collectPageProblems(checked.results, checked.changed, problems, diagnostics, (page) => rel(cwd, path.join(dir, page)));
  await checked.save();
  // 4. External links, when asked for.
  if (opts.external) diagnostics.push(...(await checkExternalLinks(checked.results, problems, opts, cwd)));
  // 5. Status: each problem at its Markdown source when the build recorded it, in page order.
  if (problems.list.length > 0) {
    const sources = await site.sources();
    if (sources) await attachSources(problems.list, problems.refIndex, sources, dir, site.init.underDir);
  }
  problems.list.sort(compareProblems);
  // everything said so far is about the run (unread pages, symlinks, encodings), not about one link
  const notices = diagnostics.slice();
  for (const p of problems.list) diagnostics.push(describeProblem(p, rel(cwd, path.join(dir, p.page))));
  const stats = { pages: pages.length, links, cachedPages: checked.reused, anchorChecks, ms: Math.round(performance.now() - started) };
  return { diagnostics, outputs: { pages: pages.length, links, problems: problems.list, notices }, stats };
}

/** The folder to check, as listed and with what the build left beside it. */
interface OpenSite {
  dir: string;
  files: string[];
  pages: string[];
  redirects: RedirectListEntry[] | null;
  /** Where the build recorded each link's Markdown place; read only when there are problems to place (megabytes on a large site). */
  sources: () => Promise<LinkSources | null>;
  /** What the page threads need once. */
  init: RunnerInit;
  /** Problems of the run so far (unlisted files, an unreadable link-sources file). */
  diagnostics: Diagnostic[];
}

/** Lists the folder and reads the redirect list and the link sources a docsgen build writes beside it. */
async function openSite(opts: CheckLinksOptions, cwd: string): Promise<OpenSite> {
  const dir = path.resolve(cwd, opts.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw usage(linkCodes.LINKS_DIR_MISSING, `${rel(cwd, dir)} is not a folder`, 'build the site first (`docsgen build`), or pass the folder of built HTML');
  }
  const build = detectDocsgenBuild(dir);
  const redirectsFile = opts.redirectsFile ? path.resolve(cwd, opts.redirectsFile) : build.redirects;
  const linkSourcesFile = opts.linkSourcesFile ? path.resolve(cwd, opts.linkSourcesFile) : build.linkSources;
  const diagnostics: Diagnostic[] = [];
  const listed = opts.files ? { files: [...opts.files], skipped: [] } : listSiteFiles(dir);
  const files = listed.files;
  for (const s of listed.skipped) diagnostics.push(describeSkipped(s, rel(cwd, path.join(dir, s.path))));
  const pages = files.filter((f) => f.endsWith('.html') || f.endsWith('.htm')).sort();
  if (pages.length === 0) {
    throw usage(linkCodes.LINKS_NO_PAGES, `no HTML pages in ${rel(cwd, dir)}`, 'pass the folder of built HTML (for a docsgen build, dist/public)');
  }
  let redirects: RedirectListEntry[] | null = null;
  if (redirectsFile) {
    try {
      redirects = parseRedirectRules(await readFile(redirectsFile, 'utf8'));
    } catch (err) {
      throw usage(linkCodes.LINKS_REDIRECTS_UNREADABLE, `cannot use the redirect list ${rel(cwd, redirectsFile)}: ${(err as Error).message}`, 'pass a redirects.json array of {fromPath, toPath} or a _redirects file');
    }
  }
  const sources = async (): Promise<LinkSources | null> => {
    if (!linkSourcesFile) return null;
    try {
      return new LinkSources(parseLinkSources(await readFile(linkSourcesFile, 'utf8')), cwd, path.resolve(cwd, opts.sourceRoot ?? cwd));
    } catch (err) {
      // without it, problems still point at the HTML: worth a warning, not worth stopping for
      diagnostics.push({
        code: linkCodes.LINKS_SOURCES_UNREADABLE,
        severity: 'warning',
        message: `cannot read the link sources ${rel(cwd, linkSourcesFile)}: ${(err as Error).message}`,
        hint: 'problems are shown at the HTML file instead of the Markdown source; rebuild the site',
        location: { file: rel(cwd, linkSourcesFile), line: 1, column: 1 },
      });
      return null;
    }
  };
  const init: RunnerInit = {
    dir,
    ...(opts.underDir ? { underDir: path.resolve(cwd, opts.underDir) } : {}),
    files: files.join('\0'),
    redirects,
    // docsgen redirect sources may be written with or without the site prefix
    redirectsAlsoWithout: build.isDocsgen ? PATH_PREFIX : '',
    pathPrefix: normalisePrefix(opts.pathPrefix ?? ''),
    collectExternal: Boolean(opts.external),
    // links through these resolve to nothing here: the check says why
    skippedLinks: listed.skipped.filter((s) => s.reason !== 'unreadable').map((s) => s.path),
  };
  return { dir, files, pages, redirects, sources, init, diagnostics };
}

/** Changed pages looked for in each reused page's packed anchor checks; beyond this many, those are all checked again. */
const MAX_CHANGED_SCAN = 16;

/** The pages checked: every result, how many came from the cache, and the pages whose anchors may have changed. */
interface SitePages {
  results: CheckedPage[];
  reused: number;
  /** Pages checked again (or unreadable now) whose anchors differ from their stored result's: the only targets a reused page's anchor links must be checked against again. */
  changed: string[];
  /** Stores this run's results for the next (once collectPageProblems has settled `anchorsHeld`). */
  save(): Promise<void>;
}

/** Checks every page on the page threads, taking those unchanged since the last run from the result cache. */
async function checkSitePages(site: OpenSite, opts: CheckLinksOptions, cwd: string): Promise<SitePages> {
  const { init, pages, files } = site;
  // with a result cache, pages whose file is unchanged since the last run are not parsed again
  const contextKey = contextKeyOf([[...files].sort(), init.skippedLinks, site.redirects, init.redirectsAlsoWithout, init.pathPrefix, init.collectExternal]);
  const resultCache = opts.resultCache && opts.cacheDir ? await openResultCache(path.resolve(cwd, opts.cacheDir), contextKey, site.dir, init.underDir, opts.keptStamp) : null;
  let reused: CheckedPage[] = [];
  let toCheck = pages;
  if (resultCache) {
    const hits = await Promise.all(pages.map((p) => resultCache.lookup(p)));
    toCheck = pages.filter((_, i) => hits[i] === null);
    for (const h of hits) if (h) reused.push(h);
  }
  const progress = opts.onProgress && ((done: number, total: number) => opts.onProgress!(done + reused.length, total + reused.length));
  const checked = await checkAllPages(toCheck, init, chooseThreads(opts.concurrency, toCheck.length), progress);
  const changedOf = (batch: BatchResult) => (resultCache ? [...batch.results.filter((r) => r.anchors !== resultCache.storedAnchors(r.page)).map((r) => r.page), ...batch.errors.map((e) => e.page)] : []);
  const changed = changedOf(checked);
  // reused pages' anchor checks are read only when some may have to be checked again
  if (resultCache && reused.length > 0 && (changed.length > 0 || reused.some((r) => r.anchorsHeld !== true)) && !(await resultCache.attachChecks(reused))) {
    // they are lost (a damaged file): those pages are checked afresh
    const again = await checkAllPages(reused.map((r) => r.page), init, chooseThreads(opts.concurrency, reused.length));
    checked.results.push(...again.results);
    checked.stamps.push(...again.stamps);
    checked.errors.push(...again.errors);
    changed.push(...changedOf(again));
    reused = [];
  }
  const results = [...reused, ...checked.results].sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
  for (const e of checked.errors) {
    site.diagnostics.push({ code: linkCodes.LINKS_PAGE_UNREADABLE, severity: 'error', message: `cannot read ${e.page}: ${e.message}`, location: { file: rel(cwd, path.join(site.dir, e.page)), line: 1, column: 1 } });
  }
  const save = async () => {
    if (resultCache) await resultCache.save(results, checked).catch(() => undefined);
  };
  return { results, reused: reused.length, changed, save };
}

/** The link problems found, each with the index of its reference in its page (for attachSources). */
class Problems {
  readonly list: LinkProblem[] = [];
  readonly refIndex: number[] = [];

  add(page: string, place: RefPlace, kind: LinkProblemKind, extra: Partial<LinkProblem> = {}): void {
    this.list.push({ page, href: place.href, kind, severity: kindSeverity[kind], html: { line: place.line, column: place.column }, ...extra });
    this.refIndex.push(place.index);
  }
}

/**
 * Adds each page's own problems and its links to missing anchors of other pages; returns the links counted and the
 * anchor links checked. A reused page whose anchor links all held last run is not checked again unless one of them
 * may point at a `changed` page: nothing else can have moved an anchor (the site's file list is in the cache's key).
 */
function collectPageProblems(results: CheckedPage[], changed: readonly string[], problems: Problems, diagnostics: Diagnostic[], shown: (page: string) => string): { links: number; anchorChecks: number } {
  const anchorsOf = indexAnchors(results);
  let links = 0;
  let anchorChecks = 0;
  for (const r of results) {
    links += r.links;
    if (r.decodeProblem) {
      diagnostics.push({
        code: linkCodes.LINKS_PAGE_ENCODING,
        severity: 'warning',
        message: `page ${r.decodeProblem}`,
        hint: 'save the page as UTF-8, or declare its encoding with a byte order mark or <meta charset>',
        location: { file: shown(r.page), line: 1, column: 1 },
      });
    }
    for (const p of r.problems) {
      const suggestion = p.kind === 'missing-anchor' ? suggestAnchor(anchorsOf(r.page), fragmentOf(p.href)) : p.suggestion;
      problems.add(r.page, p, p.kind, { target: p.kind === 'missing-anchor' ? withFragment(p.href, suggestion) : p.target, detail: p.detail, suggestion, via: p.via });
    }
    if (r.checksKey !== undefined) {
      // a reused page: a few changed pages are looked for in its packed checks; with many, all are checked again
      const packed = r.packedChecks;
      if (r.anchorsHeld === true && (packed === undefined || (changed.length <= MAX_CHANGED_SCAN && !changed.some((page) => mayTarget(packed, page))))) continue;
      r.anchorChecks = packed === undefined ? [] : unpackChecks(packed);
    }
    let held = true;
    anchorChecks += r.anchorChecks.length;
    for (const a of r.anchorChecks) {
      const anchors = anchorsOf(a.targetFile);
      // a target page that failed to parse is reported on its own; do not pile anchor errors on it
      if (!anchors || hasAnchor(anchors, a.fragment)) continue;
      held = false;
      const suggestion = suggestAnchor(anchors, a.fragment);
      problems.add(r.page, a, 'missing-anchor', { target: withFragment(a.href, suggestion), detail: a.targetFile, suggestion });
    }
    r.anchorsHeld = held;
  }
  return { links, anchorChecks };
}

/** Asks the network about every external link the pages hold (cached between runs); returns the run's notices. */
async function checkExternalLinks(results: readonly CheckedPage[], problems: Problems, opts: CheckLinksOptions, cwd: string): Promise<Diagnostic[]> {
  const refs = results.flatMap((r) => r.externals.map((e) => ({ page: r.page, e })));
  const cacheDir = path.resolve(cwd, opts.cacheDir ?? path.join(PROJECT.cache, 'links'));
  const { results: answers, cacheError } = await checkExternalUrls(
    refs.map((x) => x.e.url),
    {
      timeoutMs: opts.timeoutMs ?? limits.EXTERNAL_TIMEOUT_MS,
      retries: opts.retries ?? limits.EXTERNAL_RETRIES,
      backoffMs: opts.retryBackoffMs ?? limits.EXTERNAL_BACKOFF_MS,
      concurrency: opts.externalConcurrency ?? limits.EXTERNAL_CONCURRENCY,
      perHost: opts.perHostConcurrency ?? limits.EXTERNAL_PER_HOST_CONCURRENCY,
      cacheFile: path.join(cacheDir, 'external.json'),
      cacheMaxAgeMs: opts.cacheMaxAgeMs ?? limits.EXTERNAL_CACHE_MAX_AGE_MS,
      allowPrivate: Boolean(opts.allowPrivate),
    },
  );
  for (const { page, e } of refs) {
    const answer = answers.get(e.url);
    if (!answer || answer.ok) continue;
    if (answer.refused) {
      problems.add(page, e, 'external-private', { detail: answer.refused });
      continue;
    }
    const why = answer.status !== undefined ? `HTTP ${answer.status}` : answer.error ?? 'no answer';
    problems.add(page, e, 'external-broken', { detail: answer.attempts > 1 ? `${why} (after ${answer.attempts} attempts)` : why });
  }
  if (!cacheError) return [];
  return [{ code: linkCodes.LINKS_CACHE_UNWRITABLE, severity: 'warning', message: `cannot write the link cache in ${rel(cwd, cacheDir)}: ${cacheError}`, hint: 'external links will be checked again next run' }];
}

/**
 * Names the Markdown place of each problem whose page the build recorded. Only pages with problems are
 * parsed again (for their full list of hrefs), so the common clean run pays nothing.
 */
async function attachSources(problems: LinkProblem[], refIndex: readonly number[], sources: LinkSources, dir: string, underDir: string | undefined): Promise<void> {
  const places = new Map<string, ReturnType<LinkSources['placesFor']>>();
  for (let k = 0; k < problems.length; k++) {
    const p = problems[k]!;
    if (sources.sourceOf(p.page) === null) continue;
    let list = places.get(p.page);
    if (!list) {
      let hrefs: string[] = [];
      try {
        hrefs = extractPage(decodePage(await readPage(dir, underDir, p.page)).html).refs.map((r) => r.href);
      } catch {
        // unreadable now: it was read a moment ago, so leave the HTML position
      }
      list = sources.placesFor(p.page, hrefs);
      places.set(p.page, list);
    }
    const place = list[refIndex[k]!];
    if (place) p.source = place;
  }
}

/** For `<x>/public`, the docsgen build's `<x>/server/redirects.json` and `<x>/server/link-sources.json` when present. */
export function detectDocsgenBuild(dir: string): { isDocsgen: boolean; redirects: string | null; linkSources: string | null } {
  if (path.basename(dir) !== 'public') return { isDocsgen: false, redirects: null, linkSources: null };
  const server = path.join(path.dirname(dir), 'server');
  const redirects = path.join(server, 'redirects.json');
  const linkSources = path.join(server, 'link-sources.json');
  const r = existsSync(redirects) ? redirects : null;
  const s = existsSync(linkSources) ? linkSources : null;
  return { isDocsgen: r !== null || s !== null, redirects: r, linkSources: s };
}

function chooseThreads(requested: number | undefined, pages: number): number {
  if (requested !== undefined) return Math.max(1, Math.floor(requested));
  // worker start-up costs more than it saves on small sites
  if (pages < limits.INLINE_PAGE_THRESHOLD) return 1;
  return Math.max(1, os.availableParallelism());
}

/** Anchors of a page as a set, built on first need from the NUL-joined string the threads returned. */
function indexAnchors(results: readonly CheckedPage[]): (page: string) => Set<string> | null {
  const raw = new Map<string, string>();
  for (const r of results) raw.set(r.page, r.anchors);
  const sets = new Map<string, Set<string>>();
  return (page) => {
    let set = sets.get(page);
    if (!set) {
      const joined = raw.get(page);
      if (joined === undefined) return null;
      set = new Set(joined ? joined.split('\0') : []);
      sets.set(page, set);
    }
    return set;
  };
}

/** An anchor that differs only in case (or encoding) from the fragment, for "did you mean". */
function suggestAnchor(anchors: ReadonlySet<string> | null, fragment: string | undefined): string | undefined {
  if (!anchors || fragment === undefined) return undefined;
  const wanted = decodeFragment(fragment).toLowerCase();
  for (const a of anchors) if (a.toLowerCase() === wanted) return a;
  return undefined;
}

/** The fragment of an href as written, without `#`. */
function fragmentOf(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? '' : href.slice(i + 1);
}

/** The href with its fragment replaced by the suggested anchor; undefined when there is no suggestion. */
function withFragment(href: string, anchor: string | undefined): string | undefined {
  if (anchor === undefined) return undefined;
  const i = href.indexOf('#');
  return `${i < 0 ? href : href.slice(0, i)}#${anchor}`;
}

function compareProblems(a: LinkProblem, b: LinkProblem): number {
  if (a.page !== b.page) return a.page < b.page ? -1 : 1;
  return (a.html?.line ?? 0) - (b.html?.line ?? 0) || (a.html?.column ?? 0) - (b.html?.column ?? 0) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

function normalisePrefix(prefix: string): string {
  const p = prefix.trim().replace(/\/+$/, '');
  if (!p) return '';
  return p.startsWith('/') ? p : `/${p}`;
}

function rel(cwd: string, abs: string): string {
  const r = path.relative(cwd, abs) || '.';
  return r.split(path.sep).join('/');
}

function usage(code: string, message: string, hint: string): DiagnosticError {
  return new DiagnosticError({ code, severity: 'error', message, hint }, 2);
}
