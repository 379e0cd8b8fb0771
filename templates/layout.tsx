import { useEffect, useState, type ReactNode } from 'react';
import { CalciteMenu, CalciteMenuItem, CalciteNavigation, CalciteNavigationLogo, CalciteProgress } from './calcite';
import { ColorModeToggle } from './color-mode';
import { TableOfContents } from './toc';
import type { NavItem, TemplateProps } from './types';

/** Fired by the runtime when a navigation takes longer than 1000 ms, and when it ends. */
const DELAYED = 'docsgen:route-update-delayed';
const UPDATED = 'docsgen:route-update';

/**
 * The page chrome: Calcite header and notices, a plain-HTML sidebar, breadcrumbs, article slot, table of
 * contents and footer. Calcite elements stay hidden until their script defines them, so they never wrap the
 * article: everything a reader or crawler needs is plain server-rendered HTML.
 */
export function Layout({ page, nav, header, footer, children }: TemplateProps & { children: ReactNode }) {
  const section = nav.find((n) => n.url === page.section);
  return (
    <div className="site">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="site-header">
        <CalciteNavigation slot="header" className="site-nav">
          <CalciteNavigationLogo slot="logo" heading={header.siteName} href={header.homeUrl} />
          <CalciteMenu slot="content-end" label="Sections">
            {header.sections.map((s) => (
              <CalciteMenuItem key={s.url} text={s.title} href={s.url} active={s.url === page.section || undefined} />
            ))}
          </CalciteMenu>
          <div slot="user" className="header-tools">
            <ColorModeToggle />
          </div>
        </CalciteNavigation>
        <a className="site-title" href={header.homeUrl}>{header.siteName}</a>
        <DelayedNavigationIndicator />
      </header>
      <div className="site-body">
        <nav className="sidebar" aria-label="Documentation">
          <ul className="sidebar-sections">
            {nav.map((n) => (
              <li key={n.url} className={n.url === page.section ? 'current-section' : undefined}>
                <a href={n.url} aria-current={n.url === page.url ? 'page' : undefined}>{n.title}</a>
                {section === n && n.children.length > 0 ? <NavTree items={n.children} current={page.url} /> : null}
              </li>
            ))}
          </ul>
        </nav>
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
          <li><a href={footer.forumUrl}>Community forum</a></li>
        </ul>
        <p>© {footer.year} {footer.siteName}</p>
      </footer>
    </div>
  );
}

function NavTree({ items, current }: { items: NavItem[]; current: string }) {
  return (
    <ul>
      {items.map((item) => {
        const open = current.startsWith(item.url);
        return (
          <li key={item.url}>
            <a href={item.url} aria-current={item.url === current ? 'page' : undefined}>{item.title}</a>
            {open && item.children.length > 0 ? <NavTree items={item.children} current={current} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A progress bar shown while a slow client-side navigation loads. */
function DelayedNavigationIndicator() {
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    const on = () => setDelayed(true);
    const off = () => setDelayed(false);
    window.addEventListener(DELAYED, on);
    window.addEventListener(UPDATED, off);
    return () => {
      window.removeEventListener(DELAYED, on);
      window.removeEventListener(UPDATED, off);
    };
  }, []);
  return delayed ? <CalciteProgress className="route-progress" type="indeterminate" label="Loading page" /> : null;
}
