// What a docs reader expects around an article besides the sidebar: previous and next pages in navigation
// order, "Edit this page" and "Last updated". Decided when the build is planned, so each is part of the page's
// task, and so of its cache key: a page re-renders when a neighbour is renamed or its file gets a new commit.
import { EDIT_URL_PLACEHOLDER } from '../config/index.js';
import type { SourcePage } from '../content/index.js';
import { isoFromSeconds, type GitDates } from '../content/index.js';
import type { NavItem } from './site-tree.js';

/** A link to another page. */
export interface PageLink {
  title: string;
  url: string;
}

/** The furniture of one page; each part is absent when the page has none. */
export interface PageFurniture {
  prev?: PageLink;
  next?: PageLink;
  editUrl?: string;
  /** ISO 8601: a date, or a date-time (from git, in UTC). */
  lastUpdated?: string;
}

/** Every page of the navigation in reading order: the sidebar's order, depth first (a section, then its pages). */
export function navigationOrder(nav: readonly NavItem[]): PageLink[] {
  const out: PageLink[] = [];
  const walk = (items: readonly NavItem[]) => {
    for (const item of items) {
      out.push({ title: item.title, url: item.url });
      walk(item.children);
    }
  };
  walk(nav);
  return out;
}

/** The edit link of a page: the pattern with `{path}` replaced by its file under content/, URL-encoded. */
export function editUrlOf(pattern: string, relFile: string): string {
  const encoded = relFile.split('/').map(encodeURIComponent).join('/');
  return pattern.split(EDIT_URL_PLACEHOLDER).join(encoded);
}

/** Decides the furniture of every page from the navigation, the config's edit pattern and the dates known. */
export function furnisher(nav: readonly NavItem[], pathPrefix: string, editUrl: string | undefined, gitDates: GitDates | null): (page: SourcePage) => PageFurniture {
  const order = navigationOrder(nav);
  const position = new Map(order.map((link, i) => [link.url, i]));
  return (page) => {
    const furniture: PageFurniture = {};
    const at = position.get(`${pathPrefix}${page.pagePath}`);
    if (at !== undefined && at > 0) furniture.prev = order[at - 1]!;
    if (at !== undefined && at < order.length - 1) furniture.next = order[at + 1]!;
    if (editUrl) furniture.editUrl = editUrlOf(editUrl, page.relFile);
    // the writer's own date wins over the commit's (a typo fix need not make a page look new), as in Starlight
    const committed = gitDates?.get(page.relFile);
    const lastUpdated = page.frontmatter.lastUpdated ?? (committed !== undefined ? isoFromSeconds(committed) : undefined);
    if (lastUpdated !== undefined) furniture.lastUpdated = lastUpdated;
    return furniture;
  };
}
