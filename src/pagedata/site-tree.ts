import type { SourcePage } from '../content/index.js';

/** A node of the navigation tree (static-query data every page shares). */
export interface NavItem {
  title: string;
  url: string;
  children: NavItem[];
}

interface Node {
  page: SourcePage | null;
  segment: string;
  children: Map<string, Node>;
}

/** Orders siblings by frontmatter `order`, then title, so the sidebar is stable. */
function sortKey(n: Node): [number, string] {
  return [n.page?.frontmatter.order ?? Number.MAX_SAFE_INTEGER, (n.page?.frontmatter.navTitle ?? n.page?.title ?? n.segment).toLowerCase()];
}

/** The page tree, breadcrumbs and section children derived from the page paths. */
export class SiteTree {
  private readonly root: Node = { page: null, segment: '', children: new Map() };
  private readonly byPath = new Map<string, SourcePage>();

  constructor(pages: readonly SourcePage[], private readonly prefix: string) {
    for (const page of pages) {
      this.byPath.set(page.pagePath, page);
      let node = this.root;
      for (const seg of page.pagePath.split('/').filter(Boolean)) {
        let child = node.children.get(seg);
        if (!child) {
          child = { page: null, segment: seg, children: new Map() };
          node.children.set(seg, child);
        }
        node = child;
      }
      node.page = page;
    }
  }

  /** The navigation tree below the home page (folders without an index page are skipped, their pages lifted). */
  nav(): NavItem[] {
    return this.items(this.root);
  }

  private items(node: Node): NavItem[] {
    const kids = [...node.children.values()].sort((a, b) => {
      const [oa, ta] = sortKey(a);
      const [ob, tb] = sortKey(b);
      return oa - ob || (ta < tb ? -1 : ta > tb ? 1 : 0);
    });
    const out: NavItem[] = [];
    for (const k of kids) {
      if (k.page) out.push({ title: k.page.frontmatter.navTitle ?? k.page.title, url: this.url(k.page.pagePath), children: this.items(k) });
      else out.push(...this.items(k));
    }
    return out;
  }

  /** Ancestors of a page that exist as pages, home first. */
  breadcrumbs(pagePath: string): Array<{ title: string; url: string }> {
    const segs = pagePath.split('/').filter(Boolean);
    const crumbs: Array<{ title: string; url: string }> = [];
    for (let i = 0; i < segs.length; i++) {
      const p = i === 0 ? '/' : `/${segs.slice(0, i).join('/')}/`;
      const page = this.byPath.get(p);
      if (page) crumbs.push({ title: page.frontmatter.navTitle ?? page.title, url: this.url(p) });
    }
    return crumbs;
  }

  /** The direct child pages of a page, in sidebar order (section index cards). */
  children(pagePath: string): Array<{ title: string; url: string; description: string }> {
    let node: Node | undefined = this.root;
    for (const seg of pagePath.split('/').filter(Boolean)) node = node?.children.get(seg);
    if (!node) return [];
    return this.items(node).map((item) => {
      const page = this.byPath.get(item.url.slice(this.prefix.length))!;
      return { title: item.title, url: item.url, description: page.description };
    });
  }

  /** The URL of the top-level section a page belongs to ('' for the home page). */
  section(pagePath: string): string {
    const first = pagePath.split('/').filter(Boolean)[0];
    return first ? this.url(`/${first}/`) : '';
  }

  private url(pagePath: string): string {
    return `${this.prefix}${pagePath}`;
  }
}
