// The islands runtime's page change: the next page's server HTML (from its -rsc page data) replaces the regions
// of the current one, so the page stays plain HTML; an island that can take the next page's state keeps its element.
import { updateIsland } from './template-api.js';

/**
 * Puts the regions (`data-swap` elements) of `html` in place of the current page's ones, by name; when the two
 * pages' regions differ (another layout), the root's whole content is replaced.
 */
export function swapRegions(root: HTMLElement, html: string): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  const incoming = new Map<string, HTMLElement>();
  for (const el of template.content.querySelectorAll<HTMLElement>('[data-swap]')) incoming.set(el.dataset.swap!, el);
  const current = [...root.querySelectorAll<HTMLElement>('[data-swap]')];
  if (current.length === 0 || current.length !== incoming.size || current.some((el) => !incoming.has(el.dataset.swap!))) {
    root.replaceChildren(template.content);
    return;
  }
  for (const el of current) {
    const next = incoming.get(el.dataset.swap!)!;
    if (el.dataset.island && next.dataset.island && updateIsland(el, next)) continue;
    document.adoptNode(next);
    el.replaceWith(next);
  }
}
