import { defineIsland, isPartialHydration } from 'docsgen/runtime';
import type { SiteHeaderProps } from './site-header';

/** What makes the header come alive early: the reader's first move, key, touch or scroll. */
const FIRST_INTERACTION = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin', 'wheel', 'scroll'] as const;
/** Keys that only modify another: never the one replayed. */
const MODIFIERS = new Set(['Control', 'Meta', 'Alt', 'Shift']);

/**
 * The `site-header` island (partial hydration): the header is the only part of an islands page React hydrates.
 * React, the component library and the header's code (about 110 KB gzipped) load in chunks of their own at the
 * reader's first move, key, touch or scroll, so a page read as it arrived loads none of them. Until then (and
 * without JavaScript) the plain header of the same height stands in. On a client navigation the hydrated header
 * takes the next page's props; one not hydrated yet is replaced by the next page's. Under the React app the
 * template renders it.
 */
export const siteHeader = defineIsland<SiteHeaderProps>('site-header', (element, props, signal) => {
  if (!isPartialHydration()) return;
  let render: ((next: SiteHeaderProps) => void) | null = null;
  let started = false;
  // a key pressed before the header is live (Ctrl/Cmd-K or "/" for search) is pressed again for it once it is
  let key: KeyboardEvent | null = null;
  const keys = new AbortController();
  signal.addEventListener('abort', () => keys.abort());
  window.addEventListener('keydown', (e) => {
    const typing = e.target instanceof Element && e.target.closest('input, textarea, select, [contenteditable="true"]') !== null;
    if (!MODIFIERS.has(e.key) && !typing) key = e;
  }, { capture: true, signal: keys.signal });
  const start = () => {
    if (started || signal.aborted) return;
    started = true;
    // the component library's asset path is set before its components are defined (they fetch icons at once)
    void import('@esri/calcite-components')
      .then((calcite) => calcite.setAssetPath(`${props.site.pathPrefix}/calcite/`))
      .then(() => import('./site-header-client'))
      .then((m) => {
        if (signal.aborted || !element.isConnected) return;
        render = m.hydrateHeader(element, props);
        replayOnceLive(element, () => {
          keys.abort();
          return key;
        });
      });
  };
  for (const type of FIRST_INTERACTION) window.addEventListener(type, start, { once: true, passive: true, capture: true, signal });
  return {
    update(incoming) {
      if (!render) return false;
      render(JSON.parse(incoming.dataset.islandProps ?? '{}') as SiteHeaderProps);
      return true;
    },
  };
});

/**
 * Presses `key` again once the header's effects have run (they add its key listeners and mark the page
 * `.is-enhanced`); given up after about 5 s.
 */
function replayOnceLive(element: HTMLElement, pressed: () => KeyboardEvent | null, tries = 300): void {
  if (!element.closest('.is-enhanced')) {
    if (tries > 0) setTimeout(() => replayOnceLive(element, pressed, tries - 1), 16);
    return;
  }
  const key = pressed();
  if (!key) return;
  const { key: name, code, ctrlKey, metaKey, altKey, shiftKey } = key;
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, code, ctrlKey, metaKey, altKey, shiftKey, bubbles: true, cancelable: true }));
}
