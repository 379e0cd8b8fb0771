import type { Frontmatter } from '../content/frontmatter.js';

/** One page to render, as sent to a worker (plain data, structured-clone friendly). */
export interface PageTask {
  id: number;
  file: string;
  displayFile: string;
  relFile: string;
  pagePath: string;
  text: string;
  frontmatter: Frontmatter;
  template: string;
  breadcrumbs: Array<{ title: string; url: string }>;
  children: Array<{ title: string; url: string; description: string }>;
  section: string;
  /** Set for the 404/500 pages, which have no Markdown. */
  status?: number;
}

/** What every worker needs once: the compiled templates and the shared data of the site. */
export interface RenderSetup {
  serverBundle: string;
  root: string;
  contentDir: string;
  pathPrefix: string;
  siteUrl: string;
  variables: Record<string, string>;
  imageMaxWidth: number;
  lang: string;
  appUrl: string;
  stylesUrl: string;
  chunks: Record<string, string>;
  /** Merged static-query data (nav, site) and slices (header, footer): the template props besides `page`. */
  shared: Record<string, unknown>;
  staticQueryHashes: string[];
  slicesMap: Record<string, string>;
  titlePostfix: string;
  siteName: string;
  socialHandle: string;
}
