import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { lazyGroups } from './lazy-groups';
import { SiteHeader, type SiteHeaderProps } from './site-header';

/**
 * The drawer's navigation under the islands runtime: the sidebar's, as the server rendered it for this page, its
 * closed groups opening as the sidebar's do.
 */
function SidebarTree() {
  const ref = useRef<HTMLDivElement>(null);
  const html = document.getElementById('navigation')?.innerHTML ?? '';
  useEffect(() => {
    const stop = new AbortController();
    if (ref.current) lazyGroups(ref.current, stop.signal);
    return () => stop.abort();
  }, []);
  return <div ref={ref} className="nav-drawer-tree" dangerouslySetInnerHTML={{ __html: html }} />;
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
