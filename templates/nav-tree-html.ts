import type { NavItem } from './types';

// The sidebar's items as the HTML React's server renderer writes for NavTree (nav-tree.tsx), made as one string.
// A long sidebar is most of a page's server render: at 330 pages a section React spends about 0.8 µs an item,
// three quarters of the page. These are the same bytes, item for item (test/templates/nav-tree-html.test.ts holds
// the two equal, and equal in what they read of the shared data); anything this does not write exactly as React
// would (a URL that is not a site path, a title that is not a non-empty string) gives null, and React renders.

const SPECIAL = /["&'<>]/;

/** Text and attribute values as React escapes them (escapeTextForBrowser). */
function escape(s: string): string {
  if (!SPECIAL.test(s)) return s;
  let out = '';
  for (const c of s) out += c === '"' ? '&quot;' : c === '&' ? '&amp;' : c === "'" ? '&#x27;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c;
  return out;
}

/** The escaped URL and title of an item, or null when React would treat them otherwise than as plain text. */
function parts(item: NavItem): { url: string; title: string } | null {
  const { url, title } = item;
  // a site path never hits React's javascript: guard nor its empty-href rule; an empty title is no text node
  if (typeof url !== 'string' || !url.startsWith('/') || typeof title !== 'string' || title === '') return null;
  return { url: escape(url), title: escape(title) };
}

class Unrenderable extends Error {}

/** An item's escaped URL and title, and its link; throws Unrenderable for an item React must render. */
function link(item: NavItem, current: string): { title: string; a: string } {
  const p = parts(item);
  if (!p) throw new Unrenderable();
  return { title: p.title, a: `<a href="${p.url}"${item.url === current ? ' aria-current="page"' : ''}>${p.title}</a>` };
}

/** NavEntry's HTML: a page, or a group with its pages when it is open. */
function entry(item: NavItem, current: string, top: boolean): string {
  // read in NavEntry's order: the recorder of the shared data sees the same objects read
  const open = current.startsWith(item.url);
  const { title, a } = link(item, current);
  const children = item.children;
  if (children.length === 0) return `<li class="nav-item">${a}</li>`;
  let out = `<li class="${top ? 'nav-item nav-group is-current-section' : 'nav-item nav-group'}">${a}<details${open ? ' open=""' : ' class="is-lazy"'}><summary><span class="visually-hidden">Pages in <!-- -->${title}</span></summary>`;
  if (open) {
    out += '<ul>';
    for (const c of children) out += entry(c, current, false);
    out += '</ul>';
  }
  return `${out}</details></li>`;
}

/** What NavTree renders inside its <ul>, or null when React must render it (see above). */
export function navItemsHtml(nav: readonly NavItem[], section: string, current: string): string | null {
  if (typeof current !== 'string') return null;
  try {
    let out = '';
    for (const n of nav) out += n.url === section && n.children.length > 0 ? entry(n, current, true) : `<li class="nav-item">${link(n, current).a}</li>`;
    return out;
  } catch (err) {
    if (err instanceof Unrenderable) return null;
    throw err;
  }
}
