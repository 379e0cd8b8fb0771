// The data every template receives. docsgen builds it from the content tree; the browser runtime rebuilds the
// same props from page-data, static-query and slice data, so server HTML and hydration always agree.

/** One entry of a page's table of contents (h2/h3). */
export interface TocEntry {
  depth: number;
  id: string;
  text: string;
}

/** A node of the navigation tree (static query data, shared by every page). */
export interface NavItem {
  title: string;
  url: string;
  children: NavItem[];
}

/** A link with a label. */
export interface Crumb {
  title: string;
  url: string;
}

/** The page itself (page-data `result.pageContext`). */
export interface PageContext {
  path: string;
  url: string;
  title: string;
  description: string;
  /**
   * The page's frontmatter as written, every key included (`outline`, `sidebar_position`, … of other
   * generators, which docsgen itself does not read). `title`/`description` above are what to show: they fall
   * back to the first h1 and the start of the first paragraph when the frontmatter has none (the article then
   * begins with that paragraph: show `description` as a lede only when `frontmatter.description` is set).
   */
  frontmatter: Record<string, unknown>;
  /** Article HTML compiled from Markdown at build time (plain HTML, readable without JavaScript). */
  html: string;
  toc: TocEntry[];
  breadcrumbs: Crumb[];
  children: Array<Crumb & { description: string }>;
  /** First top-level section URL this page belongs to ('' for the home page). */
  section: string;
  firstHeading: string | null;
  sourceFile: string;
  /** HTTP status the page stands for (404 and 500 pages). */
  status?: number;
  /** The pages before and after this one in navigation order (the sidebar's, depth first). */
  prev?: Crumb;
  next?: Crumb;
  /** "Edit this page": the config's `editUrl` with this page's file. */
  editUrl?: string;
  /** ISO 8601 date or date-time: the page's frontmatter `lastUpdated`, else its file's last commit. */
  lastUpdated?: string;
}

/** Site metadata (static query data). */
export interface SiteData {
  siteName: string;
  titlePostfix: string;
  pathPrefix: string;
  /** The config's `forumUrl`, when set. */
  forumUrl?: string;
  /** The config's `socialHandle`, when set. */
  socialHandle?: string;
  defaultLocale: string;
  /** URL of the site's 192 px icon under a hashed name (cached for good); absent when the build has no icon. */
  icon?: string;
}

/** Header slice data. */
export interface HeaderData {
  siteName: string;
  homeUrl: string;
  /** The header's links, in order: the config's `header.links`, else every top-level section. */
  sections: Crumb[];
  /** The config's `logo`, as URLs (`dark` is `light` when not set); absent without one. */
  logo?: { light: string; dark: string; alt: string };
}

/** Footer slice data. */
export interface FooterData {
  siteName: string;
  /** The config's `forumUrl`, when set. */
  forumUrl?: string;
  /** The config's `footer.links`, in order. */
  links: Crumb[];
  /** The year of the build. */
  year: number;
  /** The config's `footer.text` with `{year}` and `{siteName}` filled in; absent: "© {year} {siteName}". */
  text?: string;
}

/** Props of every template's default export. */
export interface TemplateProps {
  page: PageContext;
  nav: NavItem[];
  site: SiteData;
  header: HeaderData;
  footer: FooterData;
}
