import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { CalciteNavigation, CalciteNavigationLogo, CalciteProgress } from './calcite';
import { ColorModeToggle } from './color-mode';
import { NavDrawer } from './nav-drawer';
import { SearchButton } from './search';
import { SectionMenu } from './section-menu';
import type { HeaderData, SiteData } from './types';

/** Fired by the runtime when a navigation takes longer than 1000 ms, and when it ends. */
const DELAYED = 'docsgen:route-update-delayed';
const UPDATED = 'docsgen:route-update';

/** Calcite's 24 px "hamburger" icon, inline: the menu button draws at once, with no icon request. */
const MENU_ICON = 'M3 5h18v1H3zm0 8h18v-1H3zm0 7h18v-1H3z';

/** Set once a header was hydrated: pages rendered later by client-side navigation start enhanced. */
let enhancedBefore = false;

/** True once a header has been hydrated in this page session. */
export function wasEnhanced(): boolean {
  return enhancedBefore;
}

/** What the header shows: the site's header data, its icon and path prefix, the current section. */
export interface SiteHeaderProps {
  header: HeaderData;
  site: Pick<SiteData, 'pathPrefix' | 'icon'>;
  section: string;
}

/**
 * The inside of `<header class="site-header">`: the Calcite navigation (menu button, logo, sections, search,
 * color mode), the plain header that stands in for it without JavaScript, the delayed-navigation bar and the
 * navigation drawer (`tree` is what it shows). Once hydrated it marks the page `.is-enhanced` (styles.css).
 */
export function SiteHeader({ header, site, section, tree }: SiteHeaderProps & { tree: () => ReactNode }) {
  const [drawer, setDrawer] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const plain = useRef<HTMLDivElement>(null);
  useEffect(() => {
    enhancedBefore = true;
    plain.current?.closest('.site')?.classList.add('is-enhanced');
  }, []);
  const closeDrawer = () => {
    setDrawer(false);
    menuButton.current?.focus();
  };
  return (
    <>
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
        <SectionMenu sections={header.sections} current={section} />
        <div slot="user" className="header-tools">
          <SearchButton pathPrefix={site.pathPrefix} />
          <ColorModeToggle />
        </div>
      </CalciteNavigation>
      <div className="plain-header" ref={plain}>
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
      {drawer ? <NavDrawer title={header.siteName} onClose={closeDrawer}>{tree()}</NavDrawer> : null}
    </>
  );
}

/** A progress bar shown while a slow client-side navigation loads. */
function DelayedNavigationIndicator() {
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    const on = () => setDelayed(true);
    // hidden as the navigation ends, in the same task: the next page is never shown with the bar still on
    const off = () => flushSync(() => setDelayed(false));
    window.addEventListener(DELAYED, on);
    window.addEventListener(UPDATED, off);
    return () => {
      window.removeEventListener(DELAYED, on);
      window.removeEventListener(UPDATED, off);
    };
  }, []);
  return delayed ? <CalciteProgress className="route-progress" type="indeterminate" label="Loading page" /> : null;
}
