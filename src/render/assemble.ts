import path from 'node:path';
import { pageDataFile } from '../util/page-data-path.js';
import { chunkNameOf } from './chunk-name.js';
import { renderDocument } from './document.js';
import { stringifyWith } from './json-text.js';
import type { PageResult } from './page-result.js';

/** Everything around a page's rendered body that is the same for every page of one build. */
export interface ShellInputs {
  pathPrefix: string;
  /** Origin (and base path) of the deployed site; unset: no canonical URL. */
  siteUrl?: string | undefined;
  titlePostfix: string;
  siteName: string;
  socialHandle?: string | undefined;
  /** The page's icon (public/'s favicon), instead of the manifest's 192 px icon. */
  favicon?: string | undefined;
  /** og:image and twitter:image, an absolute URL. */
  socialImage?: string | undefined;
  lang: string;
  appUrl: string;
  /** The islands runtime pages of `islandTemplates` load instead of `appUrl` (null: none). */
  islandsUrl?: string | null;
  /** Templates whose pages stay server HTML in the browser: they load `islandsUrl` and get a `-rsc` page-data. */
  islandTemplates?: string[];
  stylesUrl: string;
  chunks: Record<string, string>;
  staticQueryHashes: string[];
  slicesMap: Record<string, string>;
  buildHash: string;
}

/** The two files of one page, relative to the prefix folder, with their contents. */
export interface PageFiles {
  htmlFile: string;
  html: string;
  pageDataFile: string;
  pageData: string;
  /** The partial-hydration page data (`page-data-rsc.json`) of an islands page, what its navigation fetches. */
  rscFile?: string;
  rsc?: string;
}

/** The `-rsc` variant of a page-data file or URL (seed section 7, Gatsby's fetchPartialHydrationJson). */
export function rscFileOf(pageDataFile: string): string {
  return pageDataFile.replace(/\.json$/, '-rsc.json');
}

/** Where a page's HTML goes, relative to the prefix folder: `a/b/index.html`, or `404.html` for status pages. */
export function htmlFileOf(pagePath: string, status?: number): string {
  return status !== undefined ? `${status}.html` : path.posix.join(pagePath.replace(/^\/+/, ''), 'index.html');
}

/** The `path` of a page's page-data: the page path, or `/404.html` for status pages, as Gatsby names them. */
function dataPathOf(pagePath: string, status?: number): string {
  return status === undefined ? pagePath : `/${status}.html`;
}

/** A page's two files relative to the prefix folder. */
export function pageFilesOf(pagePath: string, status?: number): { htmlFile: string; pageDataFile: string } {
  return { htmlFile: htmlFileOf(pagePath, status), pageDataFile: pageDataFile(dataPathOf(pagePath, status)) };
}

/**
 * Puts the HTML shell and the page-data record around a rendered page. Cheap: no parsing, no React.
 * `contextJson`, when given, is `JSON.stringify(r.pageContext)` (made once for the page cache too).
 */
export function assemblePage(r: PageResult, s: ShellInputs, contextJson: string = JSON.stringify(r.pageContext)): PageFiles {
  const chunkName = chunkNameOf(r.template);
  const url = r.status === undefined ? `${s.pathPrefix}${r.pagePath}` : `${s.pathPrefix}/${r.status}.html`;
  const islands = Boolean(s.islandsUrl) && (s.islandTemplates ?? []).includes(r.template);
  const title = `${r.title} | ${s.titlePostfix}`;
  const html = renderDocument({
    title,
    description: r.description,
    lang: s.lang,
    ...(s.siteUrl ? { canonicalUrl: `${s.siteUrl}${encodeURI(url)}` } : {}),
    // the home page is the site; every other page an article; status pages are kept out of search engines
    ogType: r.pagePath === '/' && r.status === undefined ? 'website' : r.status === undefined ? 'article' : 'website',
    noindex: r.status !== undefined,
    ...(s.socialImage ? { socialImage: s.socialImage } : {}),
    ...(s.favicon ? { favicon: s.favicon } : {}),
    ...(s.socialHandle ? { socialHandle: s.socialHandle } : {}),
    siteName: s.siteName,
    pathPrefix: s.pathPrefix,
    stylesUrl: s.stylesUrl,
    // an islands page needs neither React nor its template chunk
    appUrl: islands ? s.islandsUrl! : s.appUrl,
    templateUrl: islands ? null : (s.chunks[chunkName] ?? null),
    buildHash: s.buildHash,
    body: r.body,
  });
  const pageData = stringifyWith(
    {
      componentChunkName: chunkName,
      path: dataPathOf(r.pagePath, r.status),
      ...(r.matchPath ? { matchPath: r.matchPath } : {}),
      result: null,
      staticQueryHashes: s.staticQueryHashes,
      slicesMap: s.slicesMap,
      webpackCompilationHash: s.buildHash,
    },
    { result: `{"pageContext":${contextJson}}` },
  );
  const files = pageFilesOf(r.pagePath, r.status);
  if (!islands) return { ...files, html, pageData };
  // what the islands runtime needs to show the page in place: its record and head. The server HTML is the page's
  // own document, which the runtime fetches beside this (client/loader.ts): a second copy here was half of what
  // a link-dense site wrote per page
  const rsc = JSON.stringify({
    componentChunkName: chunkName,
    path: dataPathOf(r.pagePath, r.status),
    ...(r.matchPath ? { matchPath: r.matchPath } : {}),
    webpackCompilationHash: s.buildHash,
    head: { title, description: r.description, url },
    staticQueryHashes: s.staticQueryHashes,
  });
  return { ...files, html, pageData, rscFile: rscFileOf(files.pageDataFile), rsc };
}
