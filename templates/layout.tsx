import type { ReactNode } from 'react';
import { NavTree } from './nav-tree';
import { SiteHeader, wasEnhanced } from './site-header';
import { siteHeader } from './site-header-island';
import { TableOfContents } from './toc';
import type { TemplateProps } from './types';

/**
 * The page chrome: Calcite header, a plain-HTML sidebar, breadcrumbs, article slot, table of contents and
 * footer. Calcite elements stay hidden until the page is hydrated, so they never wrap the article: without
 * JavaScript a plain header and the sidebar (after the article on small screens) carry the navigation.
 */
export function Layout({ page, nav, site, header, footer, children }: TemplateProps & { children: ReactNode }) {
  const tree = <NavTree nav={nav} section={page.section} current={page.url} />;
  // what the header island needs (partial hydration), in the server HTML; site.icon is left out when absent
  const headerProps = { header, site: { pathPrefix: site.pathPrefix, ...(site.icon ? { icon: site.icon } : {}) }, section: page.section };
  return (
    // `.is-enhanced` is added by the hydrated header; a page React renders later starts with it
    <div className={wasEnhanced() ? 'site is-enhanced' : 'site'}>
      <header className="site-header" data-swap="header" {...siteHeader.attrs(headerProps)}>
        <SiteHeader {...headerProps} tree={() => tree} />
      </header>
      <div className="site-body" data-swap="body">
        <nav id="navigation" className="sidebar" aria-label="Documentation">{tree}</nav>
        <main id="main" className="content" tabIndex={-1}>
          {page.breadcrumbs.length > 0 ? (
            <nav className="breadcrumbs" aria-label="Breadcrumb">
              <ol>
                {page.breadcrumbs.map((c) => (
                  <li key={c.url}><a href={c.url}>{c.title}</a></li>
                ))}
                <li aria-current="page">{page.title}</li>
              </ol>
            </nav>
          ) : null}
          {children}
        </main>
        <TableOfContents toc={page.toc} />
      </div>
      <footer className="site-footer">
        <ul>
          {footer.links.map((l) => (
            <li key={l.url}><a href={l.url}>{l.title}</a></li>
          ))}
          {footer.forumUrl ? <li><a href={footer.forumUrl}>Community forum</a></li> : null}
        </ul>
        <p>{footer.text ?? `© ${footer.year} ${footer.siteName}`}</p>
      </footer>
    </div>
  );
}

