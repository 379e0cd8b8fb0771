// The list of URLs a build published (dist/server/published.json, and a copy in the cache): every page with
// the file it came from, its title and the hash of its bytes, and every exact redirect source. The next build
// compares its own URLs with it; `--since` reads one kept by CI, or the live site's sitemap.xml instead.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { DiagnosticError } from '../diagnostics/index.js';
import { inboundCodes } from './codes.js';

/** One published URL: a page (with its source and content hash) or an exact redirect source. */
export interface PublishedEntry {
  /** Served path under the prefix, decoded (`/documentation/guide/`). */
  url: string;
  /** The file it came from, relative to the project root (a page's Markdown, or the redirects file). */
  file?: string;
  title?: string;
  /** Hash of the page file's bytes: the same hash elsewhere is the same page moved. */
  hash?: string;
  /** Published before, reported as removed by a build that only warned: still owed an answer. */
  missing?: true;
}

/** The file's shape (version 1). */
export interface PublishedList {
  version: 1;
  pathPrefix: string;
  siteUrl: string | null;
  pages: PublishedEntry[];
  redirects: PublishedEntry[];
}

/** Name of the list in dist/server/ and in the cache folder. */
export const PUBLISHED_FILE = 'published.json';

/** A page as the inbound stage needs it (the content stage's SourcePage fits). */
export interface CurrentPage {
  pagePath: string;
  displayFile: string;
  file: string;
  textHash: string;
  frontmatter: { title?: string | undefined };
}

const byUrl = (a: PublishedEntry, b: PublishedEntry) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

/** The list this build publishes: its pages, its exact redirect sources, and URLs still owed (warn mode). */
export function publishedList(pages: readonly CurrentPage[], exactSources: ReadonlyArray<{ from: string; file: string }>, opts: { pathPrefix: string; siteUrl?: string | undefined; owed?: readonly PublishedEntry[] }): PublishedList {
  const list: PublishedEntry[] = pages.map((p) => ({ url: `${opts.pathPrefix}${p.pagePath}`, file: p.displayFile, ...(p.frontmatter.title ? { title: p.frontmatter.title } : {}), hash: p.textHash }));
  for (const o of opts.owed ?? []) list.push({ ...o, missing: true });
  return { version: 1, pathPrefix: opts.pathPrefix, siteUrl: opts.siteUrl ?? null, pages: list.sort(byUrl), redirects: exactSources.map((r) => ({ url: r.from, file: r.file })).sort(byUrl) };
}

/** Writes the list as JSON (one entry a line: diffs stay readable in CI artifacts), atomically. */
export async function writePublished(file: string, list: PublishedList): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const lines = (entries: PublishedEntry[]) => entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n');
  const text = `{\n  "version": 1,\n  "pathPrefix": ${JSON.stringify(list.pathPrefix)},\n  "siteUrl": ${JSON.stringify(list.siteUrl)},\n  "pages": [\n${lines(list.pages)}\n  ],\n  "redirects": [\n${lines(list.redirects)}\n  ]\n}\n`;
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/** The cached list, or null (none yet; a damaged one is reported and ignored). */
export async function readCachedList(file: string, diagnostics: Diagnostic[]): Promise<PublishedList | null> {
  if (!existsSync(file)) return null;
  try {
    return asList(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    diagnostics.push({ code: inboundCodes.PUBLISHED_DAMAGED, severity: 'warning', message: `the list of URLs the last build published is damaged (${path.basename(file)}): removed pages are not checked this time`, hint: 'keep dist/server/published.json as a CI artifact and pass it with --since' });
    return null;
  }
}

function asList(data: unknown): PublishedList {
  const d = data as PublishedList;
  if (!d || d.version !== 1 || !Array.isArray(d.pages) || !Array.isArray(d.redirects) || ![...d.pages, ...d.redirects].every((e) => typeof e?.url === 'string')) throw new Error('not a published list');
  return d;
}

/**
 * Reads `--since FILE`: a published.json, or a sitemap.xml (or sitemap index, whose parts are read from the same
 * folder) of the live site, whose URLs under `siteUrl` + `pathPrefix` become the list. Throws a usage error.
 */
export async function readSinceFile(file: string, opts: { pathPrefix: string; siteUrl?: string | undefined; display: string }): Promise<PublishedList> {
  const refuse = (why: string) => new DiagnosticError({ code: inboundCodes.SINCE_UNREADABLE, severity: 'error', message: `--since ${opts.display}: ${why}`, hint: 'give a published.json kept from an earlier build (dist/server/published.json) or the live site\'s sitemap.xml' }, 2);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw refuse((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot be read (${(err as Error).message})`);
  }
  if (/^\s*\{/.test(text)) {
    try {
      return asList(JSON.parse(text));
    } catch {
      throw refuse('not a published.json of docsgen (version 1)');
    }
  }
  if (!/<(urlset|sitemapindex)\b/.test(text)) throw refuse('neither a published.json nor a sitemap (no <urlset> or <sitemapindex>)');
  const locs = async (xml: string, depth: number): Promise<string[]> => {
    const found = [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((m) => unescapeXml(m[1]!));
    if (!/<sitemapindex\b/.test(xml) || depth > 0) return found;
    // the parts of an index are read beside it, by file name (a fresh CI runner has them as files, not online)
    const parts = await Promise.all(found.map((loc) => readFile(path.join(path.dirname(file), path.posix.basename(new URL(loc, 'http://x/').pathname)), 'utf8').catch(() => { throw refuse(`the sitemap index names ${loc}, which is not beside it`); })));
    return (await Promise.all(parts.map((p) => locs(p, depth + 1)))).flat();
  };
  const base = opts.siteUrl ? `${opts.siteUrl}${opts.pathPrefix}/` : null;
  const pages: PublishedEntry[] = [];
  for (const loc of await locs(text, 0)) {
    let pathname: string;
    try {
      const u = new URL(loc);
      if (base && !`${u.origin}${u.pathname}`.startsWith(base)) continue;
      pathname = decodeURI(u.pathname);
    } catch {
      continue;
    }
    if (pathname === opts.pathPrefix + '/' || pathname.startsWith(`${opts.pathPrefix}/`)) pages.push({ url: pathname });
  }
  return { version: 1, pathPrefix: opts.pathPrefix, siteUrl: opts.siteUrl ?? null, pages: pages.sort(byUrl), redirects: [] };
}

function unescapeXml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}
