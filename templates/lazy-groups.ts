import type { NavItem } from './types';

/** Finds a navigation item by its URL. */
function findItem(items: readonly NavItem[], url: string): NavItem | null {
  for (const item of items) {
    if (item.url === url) return item;
    const inner = findItem(item.children, url);
    if (inner) return inner;
  }
  return null;
}

/** The list of a group's pages, as NavEntry renders it (groups closed, their pages left out until opened). */
function itemList(items: readonly NavItem[]): HTMLUListElement {
  const ul = document.createElement('ul');
  for (const item of items) {
    const li = document.createElement('li');
    li.className = item.children.length > 0 ? 'nav-item nav-group' : 'nav-item';
    const a = document.createElement('a');
    a.href = item.url;
    a.textContent = item.title;
    li.append(a);
    if (item.children.length > 0) {
      const details = document.createElement('details');
      details.className = 'is-lazy';
      const summary = document.createElement('summary');
      const label = document.createElement('span');
      label.className = 'visually-hidden';
      label.textContent = `Pages in ${item.title}`;
      summary.append(label);
      details.append(summary);
      li.append(details);
    }
    ul.append(li);
  }
  return ul;
}

/**
 * Makes the closed groups under `root` work without React: opening one fetches the navigation data once (the
 * runtime's `staticData('nav')`) and adds its pages, closing it takes them away again, as NavEntry does. Used by the
 * sidebar's island and by the navigation drawer, which shows a copy of the sidebar.
 */
export function lazyGroups(root: HTMLElement, signal?: AbortSignal): void {
  const runtime = () => window.___docsgenRuntime as { staticData?: (key: string) => Promise<unknown> } | undefined;
  root.addEventListener('toggle', (e) => {
    const details = e.target as HTMLDetailsElement;
    if (!(details instanceof HTMLDetailsElement)) return;
    // as NavEntry renders it: a closed group holds no pages, an open one its pages
    if (!details.open) {
      details.querySelector(':scope > ul')?.remove();
      details.classList.add('is-lazy');
      return;
    }
    if (details.querySelector(':scope > ul')) return;
    const url = details.parentElement?.querySelector(':scope > a')?.getAttribute('href') ?? '';
    void runtime()?.staticData?.('nav').then((nav) => {
      const item = Array.isArray(nav) ? findItem(nav as NavItem[], url) : null;
      if (!item || signal?.aborted || !details.open || details.querySelector(':scope > ul')) return;
      details.classList.remove('is-lazy');
      details.append(itemList(item.children));
    });
  }, { capture: true, signal });
}
