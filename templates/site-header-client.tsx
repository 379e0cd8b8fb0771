import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { SiteHeader, type SiteHeaderProps } from './site-header';

/** The drawer's navigation under the islands runtime: the sidebar's, as the server rendered it for this page. */
function SidebarTree() {
  const html = document.getElementById('navigation')?.innerHTML ?? '';
  return <div className="nav-drawer-tree" dangerouslySetInnerHTML={{ __html: html }} />;
}

const tree = () => <SidebarTree />;

/**
 * Hydrates the server's header with React (the `site-header` island's lazily loaded part); returns how to show
 * another page's header props, synchronously (the islands runtime's navigation is).
 */
export function hydrateHeader(element: HTMLElement, props: SiteHeaderProps): (next: SiteHeaderProps) => void {
  const root = hydrateRoot(element, <SiteHeader {...props} tree={tree} />);
  return (next) => flushSync(() => root.render(<SiteHeader {...next} tree={tree} />));
}
