// The header and footer data every template receives, from the config's theming keys: which links appear, in
// order, the logo, the footer text. Nothing here names an organisation: a site without these keys gets its
// top-level sections in the header, no footer links and "© <year of the build> <site name>".
import type { ConfigLink, SiteConfig } from '../config/index.js';
import type { SourcePage } from '../content/index.js';

/** A link with a label. */
export interface ChromeLink {
  title: string;
  url: string;
}

/** The year the build stands for: `SOURCE_DATE_EPOCH` (reproducible builds) when set, else the clock's. */
export function buildYear(env: NodeJS.ProcessEnv = process.env): number {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  const date = env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : new Date();
  return date.getUTCFullYear();
}

/** A web path of a theming asset: an https URL as written, a file of `public/` from the web root. */
export function assetUrl(value: string): string {
  return /^https:\/\//i.test(value) ? value : `/${value.replace(/^\/+/, '')}`;
}

/** The page a site path of a link names (`/guides` or `/guides/`, fragment and query aside), if any. */
export function pageOfLink(url: string, byPath: ReadonlyMap<string, SourcePage>): SourcePage | undefined {
  const bare = url.split(/[?#]/)[0]!;
  return byPath.get(bare.endsWith('/') ? bare : `${bare}/`);
}

/**
 * Links as the templates get them: a page's path takes the prefix and, untitled, its page's title (`navTitle`
 * first when `nav`); a path with a file extension (a file of public/) and another site's URL stay as written.
 * A path that names no page is left out (the site-files stage reported it, at its line).
 */
export function resolveLinks(links: readonly ConfigLink[], byPath: ReadonlyMap<string, SourcePage>, prefix: string, nav: boolean): ChromeLink[] {
  const out: ChromeLink[] = [];
  for (const link of links) {
    const entry = typeof link === 'string' ? { url: link } : link;
    if (!entry.url.startsWith('/')) {
      out.push({ title: entry.title ?? entry.url, url: entry.url });
      continue;
    }
    const page = pageOfLink(entry.url, byPath);
    if (!page) {
      if (/\.[a-z0-9]+$/i.test(entry.url.split(/[?#]/)[0]!)) out.push({ title: entry.title ?? entry.url, url: entry.url });
      continue;
    }
    const suffix = entry.url.slice(entry.url.split(/[?#]/)[0]!.length);
    const title = entry.title ?? (nav ? page.frontmatter.navTitle ?? page.title : page.title);
    out.push({ title, url: `${prefix}${page.pagePath}${suffix}` });
  }
  return out;
}

/** The header slice: site name, home, the links (default: the top-level sections) and the logo when set. */
export function headerData(config: SiteConfig, sections: ChromeLink[], byPath: ReadonlyMap<string, SourcePage>) {
  const prefix = config.pathPrefix;
  const links = config.header?.links ? resolveLinks(config.header.links, byPath, prefix, true) : sections;
  const logo = config.logo
    ? { light: assetUrl(config.logo.light), dark: assetUrl(config.logo.dark ?? config.logo.light), alt: config.logo.alt ?? config.siteName }
    : undefined;
  return { siteName: config.siteName, homeUrl: `${prefix}/`, sections: links, ...(logo ? { logo } : {}) };
}

/** The footer slice: links, the forum link when set, the year of the build and the text when set. */
export function footerData(config: SiteConfig, byPath: ReadonlyMap<string, SourcePage>, year: number = buildYear()) {
  const links = resolveLinks(config.footer?.links ?? [], byPath, config.pathPrefix, false);
  const text = config.footer?.text?.replaceAll('{year}', String(year)).replaceAll('{siteName}', config.siteName);
  return { siteName: config.siteName, forumUrl: config.forumUrl, links, year, ...(text !== undefined ? { text } : {}) };
}
