import type { FileStamps } from '../cache/index.js';
import type { Frontmatter } from '../content/index.js';
import type { PageFurniture } from '../pagedata/index.js';
import type { ResolvedPlugins } from '../plugins/index.js';
import type { PageOutput } from './write-page.js';

/**
 * One page to render, as sent to a worker (plain data, structured-clone friendly; the Markdown is read by the
 * worker). All of it is the page's cache key, its furniture (previous/next, edit link, last updated) included.
 */
export interface PageTask extends PageFurniture {
  id: number;
  file: string;
  displayFile: string;
  relFile: string;
  pagePath: string;
  /** Hash of the file text the plan saw; the worker reports a page whose file changed since as stale. */
  textHash: string;
  /** The frontmatter as written (templates get it as `page.frontmatter`). */
  frontmatter: Frontmatter;
  /** The page's title and description: from the frontmatter, else from its first h1 and paragraph. */
  title: string;
  description: string;
  template: string;
  breadcrumbs: Array<{ title: string; url: string }>;
  children: Array<{ title: string; url: string; description: string }>;
  section: string;
  /** Set for the 404/500 pages, which have no Markdown. */
  status?: number;
}

/** What every worker needs once: the compiled templates, the compile options and the data all pages share. */
export interface RenderSetup {
  serverBundle: string;
  /** The templates folder as messages name it (relative to the root, or absolute when outside it). */
  templatesDir?: string;
  root: string;
  contentDir: string;
  pathPrefix: string;
  variables: Record<string, string>;
  imageMaxWidth: number;
  /** Merged static-query data (nav, site) and slices (header, footer): the template props besides `page`. */
  shared: Record<string, unknown>;
  /** Where rendered pages are written (by the thread that rendered them). */
  output: PageOutput;
  /** The page cache's pack folder: each thread appends its results to a pack of its own. */
  packsDir: string;
  /** The site's language (config `defaultLocale`): how the search index cuts words. */
  lang?: string;
  /** Size, mtime and hash of content files other than pages, by path relative to `root` (the build's fingerprint). */
  fileStamps?: FileStamps;
  /** The site's remark/rehype plugins, when it has any: its pages go through their unified pipeline (src/plugins/). */
  markdownPlugins?: ResolvedPlugins;
}
