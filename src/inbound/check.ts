// The build's inbound step: every URL the previous build published (the cache's list, or --since FILE) must
// still be a page or a redirect source (exact, or matched by a pattern: the servers' own matcher decides).
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { compileRedirectMatcher, matchBrowserRedirect, type BrowserRedirects, type RedirectRule } from '../redirects/index.js';
import { inboundCodes } from './codes.js';
import { proposeTargets, type Proposal } from './propose.js';
import { PUBLISHED_FILE, publishedList, readCachedList, readSinceFile, type CurrentPage, type PublishedEntry, type PublishedList } from './published.js';

/** What the build does with a removed URL: fail (`error`), report it (`warn`), or not look (`off`). */
export type RemovedPagesMode = 'error' | 'warn' | 'off';
/** The values of `--removed-pages` and config `removedPages`. */
export const REMOVED_PAGES_MODES: readonly RemovedPagesMode[] = ['error', 'warn', 'off'];

/** Inputs of checkInbound. */
export interface InboundOptions {
  root: string;
  contentDir: string;
  cacheDir: string;
  /** The output folder the list belongs to. */
  outDir: string;
  pathPrefix: string;
  siteUrl?: string | undefined;
  pages: readonly CurrentPage[];
  rules: readonly RedirectRule[];
  /** The rules as the matcher's data, when the caller made it already (the build does, for the browser). */
  compiled?: BrowserRedirects;
  mode: RemovedPagesMode;
  /** A published.json or sitemap.xml to compare with instead of the cache's list (absolute path). */
  since?: string | undefined;
  /** The previous build's web root, for the old pages' text (proposals); null when gone. */
  previousWebRoot?: string | null;
  /** Compute proposals even when nothing is reported (suggest-redirects with mode off). */
  propose?: boolean;
}

/** What checkInbound found. */
export interface InboundResult {
  diagnostics: Diagnostic[];
  /** Entries of the previous list that no longer answer. */
  removed: PublishedEntry[];
  proposals: Proposal[];
  /** The list this build publishes (written to dist/server/ and, once the build succeeds, the cache). */
  published: PublishedList;
  /** Where the previous list came from (`cache`, the --since file), or null when there was none. */
  previous: string | null;
}

/**
 * Where the cache keeps the list of the last successful build into `outDir`: one list per output folder, since a
 * trial build elsewhere (`--out dist-preview`) publishes nothing where the site is deployed from.
 */
export function cachedListFile(cacheDir: string, outDir: string): string {
  const key = createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 12);
  return path.join(cacheDir, 'inbound', `${path.basename(outDir).replace(/[^\w.-]/g, '_')}-${key}.${PUBLISHED_FILE}`);
}

/** Compares the previous list of published URLs with this build's pages and redirects. */
export async function checkInbound(o: InboundOptions): Promise<InboundResult> {
  const diagnostics: Diagnostic[] = [];
  const exact = o.rules.filter((r) => !/\/[:*]/.test(r.from)).map((r) => ({ from: r.from, file: r.location.file }));
  const build = (owed: PublishedEntry[] = []) => publishedList(o.pages, exact, { pathPrefix: o.pathPrefix, siteUrl: o.siteUrl, owed });
  if (o.mode === 'off' && !o.propose) return { diagnostics, removed: [], proposals: [], published: build(), previous: null };
  const display = o.since ? path.relative(o.root, o.since) || o.since : null;
  const previous = o.since ? await readSinceFile(o.since, { pathPrefix: o.pathPrefix, siteUrl: o.siteUrl, display: display! }) : await readCachedList(cachedListFile(o.cacheDir, o.outDir), diagnostics);
  if (!previous) return { diagnostics, removed: [], proposals: [], published: build(), previous: null };

  const pageUrls = new Set(o.pages.map((p) => `${o.pathPrefix}${p.pagePath}`));
  const compiled = o.compiled;
  const match = compiled ? (p: string) => matchBrowserRedirect(compiled, p, '') : compileRedirectMatcher(o.rules);
  const removed: PublishedEntry[] = [];
  const seen = new Set<string>();
  for (const entry of [...previous.pages, ...previous.redirects]) {
    if (seen.has(entry.url)) continue;
    seen.add(entry.url);
    if (pageUrls.has(entry.url) || match(encodeURI(entry.url)) !== null) continue;
    removed.push(entry);
  }
  const proposals = await proposeTargets(removed, { root: o.root, contentDir: o.contentDir, pathPrefix: o.pathPrefix, pages: o.pages, previousWebRoot: o.previousWebRoot ?? null });
  if (o.mode !== 'off') {
    const where = o.since ? display! : 'the last build';
    for (const p of proposals) {
      const fix = p.to ? `add a redirect to ${p.to} (${p.confidence}, ${p.score.toFixed(2)}: ${p.reason}): \`docsgen suggest-redirects --write redirects/moved.yaml\`` : 'restore the page or add a redirect to a page that covers it';
      diagnostics.push({
        code: inboundCodes.REMOVED_PAGE,
        severity: o.mode === 'error' ? 'error' : 'warning',
        message: `${p.from} was published by ${where} and is now neither a page nor a redirect source: links to it from search engines and other sites break`,
        hint: fix,
        location: { file: p.file ?? (display ?? 'redirects/'), line: 1, column: 1 },
      });
    }
  }
  // a build that only warns publishes the URL as still owed, so the warning repeats until it answers again
  return { diagnostics, removed, proposals, published: build(o.mode === 'warn' ? removed.filter((e) => previous.pages.includes(e)) : []), previous: o.since ? display : 'cache' };
}
