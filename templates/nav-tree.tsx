import type { NavItem } from './types';

/**
 * The documentation navigation: every top-level section, the current one opened on its pages. A page with
 * pages under it is a group that collapses: a native <details>, so groups open and close without JavaScript
 * too; groups on the way to the current page start open. Used by the sidebar and by the navigation drawer.
 */
export function NavTree({ nav, section, current }: { nav: NavItem[]; section: string; current: string }) {
  return (
    <ul className="nav-tree">
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

function NavEntry({ item, current, top = false }: { item: NavItem; current: string; top?: boolean }) {
  const link = <a href={item.url} aria-current={item.url === current ? 'page' : undefined}>{item.title}</a>;
  if (item.children.length === 0) return <li className="nav-item">{link}</li>;
  return (
    <li className={top ? 'nav-item nav-group is-current-section' : 'nav-item nav-group'}>
      {link}
      <details open={current.startsWith(item.url)}>
        <summary>
          <span className="visually-hidden">Pages in {item.title}</span>
        </summary>
        <ul>
          {item.children.map((c) => (
            <NavEntry key={c.url} item={c} current={current} />
          ))}
        </ul>
      </details>
    </li>
  );
}
