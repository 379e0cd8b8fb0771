import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CalciteNavigation, CalciteNavigationLogo, CalciteProgress } from './calcite';
import { ColorModeToggle } from './color-mode';
import { TableOfContents } from './toc';
import { NavDrawer } from './nav-drawer';
import { NavTree } from './nav-tree';
import { SearchButton } from './search';
import { SectionMenu } from './section-menu';
import type { TemplateProps } from './types';

/** Fired by the runtime when a navigation takes longer than 1000 ms, and when it ends. */
const DELAYED = 'docsgen:route-update-delayed';
const UPDATED = 'docsgen:route-update';

/** Calcite's 24 px "hamburger" icon, inline: the menu button draws at once, with no icon request. */
const MENU_ICON = 'M3 5h18v1H3zm0 8h18v-1H3zm0 7h18v-1H3z';

/** Set once a page was hydrated: pages rendered later by client-side navigation start interactive. */
let enhancedBefore = false;

/**
 * The page chrome: Calcite header, a plain-HTML sidebar, breadcrumbs, article slot, table of contents and
 * footer. Calcite elements stay hidden until the page is hydrated, so they never wrap the article: without
 * JavaScript a plain header and the sidebar (after the article on small screens) carry the navigation.
 */
export function Layout({ page, nav, site, header, footer, children }: TemplateProps & { children: ReactNode }) {
  // false on the server and at hydration, so both render the same markup; true once the page is interactive
  const [enhanced, setEnhanced] = useState(enhancedBefore);
  const [drawer, setDrawer] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    enhancedBefore = true;
    setEnhanced(true);
  }, []);
  const closeDrawer = () => {
    setDrawer(false);
    menuButton.current?.focus();
  };
  const tree = <NavTree nav={nav} section={page.section} current={page.url} />;
  return (
    <div className={enhanced ? 'site is-enhanced' : 'site'}>
      <header className="site-header">
        <a className="skip-link" href="#main">Skip to content</a>
        <CalciteNavigation className="site-nav">
          <button
            ref={menuButton}
            type="button"
            slot="navigation-action"
            className="icon-button menu-button"
            aria-label="Menu"
            aria-haspopup="dialog"
            aria-expanded={drawer}
            aria-controls={drawer ? 'nav-drawer' : undefined}
            onClick={() => setDrawer(true)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d={MENU_ICON} fill="currentColor" /></svg>
          </button>
          {header.logo ? (
            <>
              <CalciteNavigationLogo slot="logo" className="logo-light" heading={header.siteName} label={header.logo.alt} href={header.homeUrl} thumbnail={header.logo.light} />
              <CalciteNavigationLogo slot="logo" className="logo-dark" heading={header.siteName} label={header.logo.alt} href={header.homeUrl} thumbnail={header.logo.dark} />
            </>
          ) : (
            <CalciteNavigationLogo slot="logo" heading={header.siteName} href={header.homeUrl} thumbnail={site.icon ?? `${site.pathPrefix}/icons/icon-192x192.png`} />
          )}
          <SectionMenu sections={header.sections} current={page.section} />
          <div slot="user" className="header-tools">
            <SearchButton pathPrefix={site.pathPrefix} />
            <ColorModeToggle />
          </div>
        </CalciteNavigation>
        <div className="plain-header">
          <a className="site-title" href={header.homeUrl}>
            {header.logo ? (
              <>
                <img className="logo-light" src={header.logo.light} alt="" height={28} />
                <img className="logo-dark" src={header.logo.dark} alt="" height={28} />
              </>
            ) : null}
            {header.siteName}
          </a>
          <a className="plain-menu-link" href="#navigation">Menu</a>
        </div>
        <DelayedNavigationIndicator />
      </header>
      <div className="site-body">
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
      {drawer ? <NavDrawer title={header.siteName} onClose={closeDrawer}>{tree}</NavDrawer> : null}
    </div>
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
