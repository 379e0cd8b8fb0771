import type { Diagnostic, StageResult } from '../diagnostics/index.js';
import type { FileStamp } from './page-runner.js';

/** What is wrong with one link. */
export type LinkProblemKind =
  | 'missing-page'
  | 'missing-anchor'
  | 'missing-asset'
  | 'case-mismatch'
  | 'redirected'
  | 'no-trailing-slash'
  | 'external-broken'
  | 'external-private'
  | 'invalid-url';

/** One broken or doubtful link on one page. */
export interface LinkProblem {
  /** The HTML page, relative to the checked folder (`documentation/maps/index.html`). */
  page: string;
  /** The href exactly as written in the page (entities decoded). */
  href: string;
  kind: LinkProblemKind;
  severity: 'error' | 'warning';
  /** Where the link was written in Markdown, for a docsgen build that recorded it. */
  source?: { file: string; line: number; column: number };
  /** The URL the link should use instead (redirect target, real letter case, with slash). */
  target?: string;
  /** Position of the attribute in the HTML page, 1-based. */
  html?: { line: number; column: number };
  /** Extra detail for the message (HTTP status, the page the fragment was looked for on). */
  detail?: string;
  /** What the link most likely meant, for the hint (`#Intro` for `#intro`, the prefixed path). */
  suggestion?: string;
  /** The symlink in the folder, not followed (it leaves the folder or loops), that the link goes through. */
  via?: string;
}

/** Options of `checkLinks`. */
export interface CheckLinksOptions {
  /** Folder of built HTML: the web root (`dist/public`). */
  dir: string;
  /** Redirect list (docsgen `redirects.json` or a Netlify `_redirects` file); auto-detected for a docsgen build. */
  redirectsFile?: string;
  /** Where rendered links came from in Markdown; auto-detected for a docsgen build. */
  linkSourcesFile?: string;
  /** URL path at which `dir` is served (default: the root, as for `dist/public`). */
  pathPrefix?: string;
  /** Also check http(s) links (network). */
  external?: boolean;
  /** External checks: also connect to loopback, private and link-local addresses (refused by default). */
  allowPrivate?: boolean;
  /** Threads that parse pages (default: every core; 1 parses on the calling thread). */
  concurrency?: number;
  /** Where external results (and, with `resultCache`, page results) are cached between runs. */
  cacheDir?: string;
  /** Reuse the last run's result for every page whose file is unchanged (same inode, size, mtime); needs `cacheDir`. */
  resultCache?: boolean;
  /** Called as pages are parsed. */
  onProgress?: (done: number, total: number) => void;
  /** Every file under `dir` (relative, `/`-separated, dot files included) when the caller has just listed them. */
  files?: readonly string[];
  /** Where listed files missing from `dir` are: a build that commits in place stages only what it wrote. */
  underDir?: string;
  /** The stamp of a page kept under `underDir` (the build's listing of it), if it knows it: not stat'ed again. */
  keptStamp?: (page: string) => FileStamp | undefined;
  /** Folder that diagnostic paths are relative to (default: process.cwd()). */
  cwd?: string;
  /** Folder the Markdown paths in the link sources are relative to: the project root (default: `cwd`). */
  sourceRoot?: string;
  /** External checks: per-request timeout in ms. */
  timeoutMs?: number;
  /** External checks: retries after the first attempt. */
  retries?: number;
  /** External checks: first back-off delay in ms (doubles per retry; Retry-After wins). */
  retryBackoffMs?: number;
  /** External checks: parallel requests in total, and per host. */
  externalConcurrency?: number;
  perHostConcurrency?: number;
  /** External checks: how long a good result is trusted, in ms. */
  cacheMaxAgeMs?: number;
}

/** What `checkLinks` returns in `outputs`. */
export interface CheckLinksOutputs {
  pages: number;
  links: number;
  problems: LinkProblem[];
  /** The diagnostics that are not about one link: unreadable pages, symlinks not followed, undecodable pages. */
  notices: Diagnostic[];
}

/** What `checkLinks` returns in `stats`. */
export interface CheckLinksStats {
  pages: number;
  links: number;
  /** Pages whose result came from the result cache (not parsed again). */
  cachedPages: number;
  /** Links to another page's anchor checked this run: a reused page's are checked again only when their target's anchors changed. */
  anchorChecks: number;
  ms: number;
}

/** The result of one run. */
export type CheckLinksResult = StageResult<CheckLinksOutputs, CheckLinksStats>;
