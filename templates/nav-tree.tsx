import { useState } from 'react';
import { navItemsHtml } from './nav-tree-html';
import { navTree } from './nav-tree-island';
import type { NavItem } from './types';

/**
 * The documentation navigation: every top-level section, the current one opened on its pages. A page with
 * pages under it is a group that collapses, a native <details>; groups on the way to the current page start open.
 * The server renders the pages of open groups only (the build cache re-renders a page when what it shows
 * changes, so a page does not show, or depend on, the whole section); a closed group's pages are rendered when
 * it is opened, once the page is interactive. Used by the sidebar and by the navigation drawer.
 */
export function NavTree({ nav, section, current }: { nav: NavItem[]; section: string; current: string }) {
  // on the server, the same HTML made as a string (nav-tree-html.ts): a long sidebar is most of a page's render
  const html = typeof window === 'undefined' ? navItemsHtml(nav, section, current) : null;
  if (html !== null) return <ul className="nav-tree" {...navTree.attrs()} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <ul className="nav-tree" {...navTree.attrs()}>
      {nav.map((n) =>
        n.url === section && n.children.length > 0 ? (
          <NavEntry key={n.url} item={n} current={current} top />
        ) : (
          <li key={n.url} className="nav-item">
            <a href={n.url} aria-current={n.url === current ? 'page' : undefined}>{n.title}</a>
          </li>
        ),
      )}
    </ul>
  );
}

// The server writes this markup with navItemsHtml (nav-tree-html.ts), the browser with NavEntry: a change here
// goes there too (test/templates/nav-tree-html.test.ts compares them), or drop the string path from NavTree.
function NavEntry({ item, current, top = false }: { item: NavItem; current: string; top?: boolean }) {
  const [open, setOpen] = useState(current.startsWith(item.url));
  const link = <a href={item.url} aria-current={item.url === current ? 'page' : undefined}>{item.title}</a>;
  if (item.children.length === 0) return <li className="nav-item">{link}</li>;
  return (
    <li className={top ? 'nav-item nav-group is-current-section' : 'nav-item nav-group'}>
      {link}
      {/* "is-lazy": its pages are not in the HTML yet, so without JavaScript it has no toggle (styles.css) */}
      <details open={open} className={open ? undefined : 'is-lazy'} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span className="visually-hidden">Pages in {item.title}</span>
        </summary>
        {open ? (
          <ul>
            {item.children.map((c) => (
              <NavEntry key={c.url} item={c} current={current} />
            ))}
          </ul>
        ) : null}
      </details>
    </li>
  );
}
