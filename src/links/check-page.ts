import { extractPage, PageScans, positionsOf, type RefRole } from './extract-page.js';
import { baseUrlOf, decodeFragment, LOCAL_ORIGIN, urlOfPageFile, resolveHref } from './resolve-href.js';
import { isHtmlFile, type SiteIndex } from './site-index.js';
import type { RedirectMatcher } from './redirect-matcher.js';
import { ownString } from './own-string.js';
import { skippedLinkOn } from './site-files.js';
import type { LinkProblemKind } from './types.js';
import { PATH_PREFIX } from '../config/index.js';

/** What one thread needs to check pages: the site's files, the redirects, where the site is served. */
export interface CheckContext {
  index: SiteIndex;
  redirects: RedirectMatcher | null;
  pathPrefix: string;
  collectExternal: boolean;
  /** Symlinks in the folder that were not followed: a link through one is missing for a reason worth naming. */
  skippedLinks: readonly string[];
}

/** A link's place in its page: 1-based position, its index among the page's references, and which occurrence of the same href it is (0-based). */
export interface RefPlace {
  href: string;
  index: number;
  line: number;
  column: number;
  occurrence: number;
}

/** A problem found while checking one page (before sources are attached). */
export interface PageProblem extends RefPlace {
  kind: LinkProblemKind;
  target?: string;
  detail?: string;
  suggestion?: string;
  /** The symlink not followed that the link goes through. */
  via?: string;
}

/** A `#fragment` on another page: checked once every page's anchors are known (`fragment` as the URL parser left it). */
export interface AnchorCheck extends RefPlace {
  targetFile: string;
  fragment: string;
}

/** An http(s) link to check over the network (only collected with --external). */
export interface ExternalRef extends RefPlace {
  url: string;
}

/** Everything one page contributes; plain data so it crosses thread boundaries cheaply. */
export interface CheckedPage {
  page: string;
  /** The page's anchors joined with NUL (one string clones faster than an array). */
  anchors: string;
  links: number;
  problems: PageProblem[];
  anchorChecks: AnchorCheck[];
  externals: ExternalRef[];
  /** Why the page's bytes did not decode cleanly (its links may be incomplete). */
  decodeProblem?: string;
  /** A reused result's anchor checks, still packed (`anchorChecks` is then empty until they are unpacked). */
  packedChecks?: string;
  /** Whether every anchor check found its anchor (set when the problems are collected; stored with the result). */
  anchorsHeld?: boolean;
  /** A reused result's key of its packed anchor checks in the result cache. */
  checksKey?: string;
}

// The outcome of resolving one href, cached per thread: most links (navigation, footer) repeat on every page.
export type Outcome =
  | { t: 'skip' }
  | { t: 'external'; url: string }
  | { t: 'problem'; kind: LinkProblemKind; target?: string; detail?: string; suggestion?: string; via?: string }
  | { t: 'ok'; file: string; fragment: string | null; warn?: { kind: LinkProblemKind; target: string } };

/** Per-thread memo of href outcomes; keyed so that a relative href is only shared between pages of one folder. */
export type OutcomeCache = Map<string, Outcome>;

/** What one thread keeps from page to page: href outcomes, and the last page's scan (see PageScans). */
export class CheckMemo {
  readonly outcomes: OutcomeCache = new Map();
  readonly scans = new PageScans();
}

/** Extracts and checks every reference of one page; cross-page anchors and external links are left to the caller. */
export function checkPage(page: string, html: string, ctx: CheckContext, memo: CheckMemo): CheckedPage {
  const { refs, offsets, anchors, baseHref } = extractPage(html, memo.scans);
  const cache = memo.outcomes;
  const self = urlOfPageFile(page, ctx.pathPrefix);
  const base = baseUrlOf(self, baseHref);
  const localBase = base.origin === LOCAL_ORIGIN;
  const dirKey = base.href.slice(0, base.href.lastIndexOf('/') + 1);
  let anchorSet: Set<string> | null = null;

  const flagged: Array<{ index: number; make: (p: RefPlace) => void }> = [];
  const problems: PageProblem[] = [];
  const anchorChecks: AnchorCheck[] = [];
  const externals: ExternalRef[] = [];
  let links = 0;

  for (let index = 0; index < refs.length; index++) {
    const ref = refs[index]!;
    if (!ref.check) continue;
    const href = hasOuterSpace(ref.href) ? ref.href.trim() : ref.href;
    // a ref the last page shared with this one (PageScans) keeps its outcome when it is the same on any page (an
    // absolute path on the site's own origin, see outcomeOf); only once its href is its own: an outcome may hold
    // a part of the href (a fragment), which must not keep a page's text alive
    let outcome = localBase ? (ref.outcome as Outcome | undefined) : undefined;
    if (outcome === undefined) {
      outcome = outcomeOf(href, ref.role, base, localBase, dirKey, ctx, cache);
      if (localBase && ref.own === true && href.charCodeAt(0) === 47 && href.charCodeAt(1) !== 47) ref.outcome = outcome;
    }
    if (outcome.t === 'skip') continue;
    links++;
    if (outcome.t === 'external') {
      if (ctx.collectExternal) {
        const url = outcome.url;
        flagged.push({ index, make: (p) => externals.push({ ...p, url }) });
      }
      continue;
    }
    if (outcome.t === 'problem') {
      const o = outcome;
      flagged.push({ index, make: (p) => problems.push({ ...p, kind: o.kind, target: o.target, detail: o.detail, suggestion: o.suggestion, via: o.via }) });
      continue;
    }
    if (outcome.warn) {
      const w = outcome.warn;
      flagged.push({ index, make: (p) => problems.push({ ...p, kind: w.kind, target: w.target }) });
    }
    const { file, fragment } = outcome;
    if (fragment === null || !isHtmlFile(file) || isTopOfPage(fragment)) continue;
    if (file === page) {
      anchorSet ??= new Set(anchors);
      if (!hasAnchor(anchorSet, fragment)) {
        flagged.push({ index, make: (p) => problems.push({ ...p, kind: 'missing-anchor', detail: page }) });
      }
    } else {
      flagged.push({ index, make: (p) => anchorChecks.push({ ...p, targetFile: file, fragment: ownString(fragment) }) });
    }
  }

  // positions and occurrence counts only for the few references that need them
  if (flagged.length) {
    const places = positionsOf(html, flagged.map((f) => offsets[f.index]!));
    const occurrences = occurrencesOf(refs, flagged);
    flagged.forEach((f, i) => {
      f.make({ href: ownString(refs[f.index]!.href), index: f.index, line: places[i]!.line, column: places[i]!.column, occurrence: occurrences[i]! });
    });
  }
  // joined anew (one anchor would come back as itself: a slice of the page's HTML)
  return { page, anchors: ownString(anchors.join('\0')), links, problems, anchorChecks, externals };
}

/**
 * The outcome of one href, each distinct link target resolved once per thread: the cache is keyed by the href
 * without its fragment (absolute paths site-wide, relative ones per folder), and a plain fragment is taken as
 * written, which is what the URL parser would leave of it. Same-page `#x` links reuse the page's own outcome.
 */
export function outcomeOf(href: string, role: RefRole, base: URL, localBase: boolean, dirKey: string, ctx: CheckContext, cache: OutcomeCache): Outcome {
  const hash = href.indexOf('#');
  const target = hash < 0 ? href : href.slice(0, hash);
  const fragment = hash < 0 ? null : href.slice(hash + 1);
  if (fragment !== null && !isPlainFragment(fragment)) return resolveOutcome(href, base, role, ctx);
  // absolute-path hrefs mean the same on every page; relative ones (and `#x`, the page itself) only within one folder
  const c0 = target.charCodeAt(0);
  const key = c0 === 47 /* / */ && target.charCodeAt(1) !== 47 && localBase ? (role === 'page' ? target : `\u0001${target}`) : `${role}\0${target === '' ? base.href : dirKey}\0${target}`;
  let outcome = cache.get(key);
  if (!outcome) {
    // cached for the whole run: nothing in it may be a slice of this page's HTML (see own-string.ts)
    outcome = resolveOutcome(ownString(target), base, role, ctx);
    cache.set(ownString(key), outcome);
  }
  if (fragment === null || outcome.t !== 'ok') return outcome;
  // a redirect suggestion keeps the query and fragment of the href as written: resolved whole (rare)
  if (outcome.warn) return resolveOutcome(href, base, role, ctx);
  return { t: 'ok', file: outcome.file, fragment };
}

/**
 * True when the URL parser keeps a fragment byte for byte: no character of its percent-encode set (C0 controls,
 * space, `"`, `<`, `>`, backquote) and nothing outside ASCII.
 */
function isPlainFragment(fragment: string): boolean {
  for (let i = 0; i < fragment.length; i++) {
    const c = fragment.charCodeAt(i);
    if (c <= 32 || c >= 127 || c === 34 || c === 60 || c === 62 || c === 96) return false;
  }
  return true;
}

/**
 * For each flagged reference (in page order), how many earlier references have the same href: one pass over the
 * page counting only the flagged hrefs, instead of comparing every earlier href per flagged one (a long sidebar
 * made that 400 string comparisons per anchored link).
 */
function occurrencesOf(refs: ReadonlyArray<{ href: string }>, flagged: ReadonlyArray<{ index: number }>): number[] {
  // by length first: a number is looked up without hashing the href (a shared ref's href was never hashed)
  const counts = new Map<string, number>();
  const lengths = new Set<number>();
  for (const f of flagged) {
    counts.set(refs[f.index]!.href, 0);
    lengths.add(refs[f.index]!.href.length);
  }
  const out: number[] = [];
  const last = flagged[flagged.length - 1]!.index;
  for (let k = 0, fi = 0; k <= last; k++) {
    const href = refs[k]!.href;
    if (!lengths.has(href.length)) continue;
    const seen = counts.get(href);
    if (seen === undefined) continue;
    // a reference can be flagged twice (a missing slash and an anchor to check)
    while (fi < flagged.length && flagged[fi]!.index === k) {
      out.push(seen);
      fi++;
    }
    counts.set(href, seen + 1);
  }
  return out;
}

function hasOuterSpace(s: string): boolean {
  return s.length > 0 && (s.charCodeAt(0) <= 32 || s.charCodeAt(s.length - 1) <= 32);
}

/** Resolves one whole href against the site with no memo (what outcomeOf must always agree with). */
export function resolveOutcome(href: string, base: URL, role: RefRole, ctx: CheckContext): Outcome {
  const r = resolveHref(href, base);
  if (r.type === 'ignore') return { t: 'skip' };
  if (r.type === 'invalid') return { t: 'problem', kind: 'invalid-url' };
  if (r.type === 'external') return { t: 'external', url: r.url };
  const found = ctx.index.lookup(r.path);
  if (found.status === 'ok') return { t: 'ok', file: found.file, fragment: r.fragment };
  if (found.status === 'no-slash') {
    // keep the query and fragment so the suggested href can replace the old one as is
    const rest = /[?#]/.exec(href);
    return { t: 'ok', file: found.file, fragment: r.fragment, warn: { kind: 'no-trailing-slash', target: found.url + (rest ? href.slice(rest.index) : '') } };
  }
  // a file that exists in other case is the better advice than a (case-insensitive) redirect that would
  // shadow it: the redirect list's own check reports such shadowing
  const realCase = ctx.index.caseInsensitive(r.path);
  if (realCase !== null) return { t: 'problem', kind: 'case-mismatch', target: realCase };
  const redirected = ctx.redirects?.match(r.path);
  if (redirected != null) {
    if (isInternalTarget(redirected) && !targetExists(redirected, ctx)) {
      return { t: 'problem', kind: role === 'page' ? 'missing-page' : 'missing-asset', target: redirected, detail: 'redirect-to-missing' };
    }
    return { t: 'problem', kind: 'redirected', target: redirected };
  }
  const kind = role === 'page' ? 'missing-page' : 'missing-asset';
  const rel = ctx.skippedLinks.length ? ctx.index.relative(r.path) : null;
  const through = rel === null ? null : skippedLinkOn(rel, ctx.skippedLinks);
  if (through !== null) return { t: 'problem', kind, detail: 'through-skipped-symlink', via: through };
  // a docsgen link written without the site prefix is the commonest slip: name the prefixed path
  if (!r.path.startsWith(`${PATH_PREFIX}/`) && ctx.index.lookup(`${PATH_PREFIX}${r.path}`).status !== 'missing') {
    return { t: 'problem', kind, target: `${PATH_PREFIX}${r.path}`, suggestion: `${PATH_PREFIX}${r.path}` };
  }
  return { t: 'problem', kind, detail: found.status === 'missing' && found.outsidePrefix ? 'outside-prefix' : undefined };
}

function isInternalTarget(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//');
}

function targetExists(target: string, ctx: CheckContext): boolean {
  const r = resolveHref(target, new URL(`${LOCAL_ORIGIN}/`));
  if (r.type !== 'internal') return true;
  return ctx.index.lookup(r.path).status !== 'missing';
}

/** `#` and `#top` scroll to the top of any page (HTML spec, "scroll to the fragment"). */
function isTopOfPage(fragment: string): boolean {
  return fragment === '' || fragment.toLowerCase() === 'top';
}

/** Browsers look for the fragment as written, then percent-decoded. */
export function hasAnchor(anchors: ReadonlySet<string>, fragment: string): boolean {
  return anchors.has(fragment) || anchors.has(decodeFragment(fragment));
}

/** True when a `#fragment` needs no element: `#` and `#top`. */
export { isTopOfPage };
