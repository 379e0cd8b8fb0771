// What the readers test (readers.test.ts) measures in a page of the sample site.
import type { Page } from 'playwright-core';

/** Loads a page, moves the pointer, and waits until it is hydrated, its Calcite header drawn and the sections fitted into the header. */
export async function loadPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // an islands page (partial hydration) hydrates its header at the reader's first interaction: a pointer move
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => {
    if (!window.___docsgenRuntime || !document.querySelector('.site.is-enhanced')) return false;
    const calcite = [...document.querySelectorAll('.site-header :is(calcite-navigation-logo, calcite-menu-item)')];
    if (!calcite.every((e) => e.hasAttribute('calcite-hydrated') && e.shadowRoot)) return false;
    const menu = document.querySelector('.section-menu')!;
    return getComputedStyle(menu).display === 'none' || menu.classList.contains('is-fitted');
  }, undefined, { timeout: 15_000 });
  // two frames: whatever the page does on load (focus, scroll, a second fit) has happened by then
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** What a reader sees right after load, measured in the page. */
export function inspect(page: Page) {
  return page.evaluate(() => {
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth && e.checkVisibility();
    };
    const controls = [...document.querySelectorAll('.site-header :is(a, button, calcite-navigation-logo, calcite-menu-item)')]
      .filter((e) => !e.closest('calcite-dropdown-group') && visible(e));
    const misses = controls.flatMap((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const inside = r.left >= 0 && r.right <= innerWidth;
      return hit && (hit === e || e.contains(hit)) && inside ? [] : [`${e.localName}.${e.className} hit ${hit?.localName}.${hit?.className}`];
    });
    return {
      overflow: document.documentElement.scrollWidth - innerWidth,
      scroll: [scrollX, scrollY],
      active: document.activeElement?.localName,
      controls: controls.map((e) => (e.localName === 'button' ? e.className.replace('icon-button ', '') : e.localName)),
      misses,
      sectionsInHeader: document.querySelectorAll('.section-menu > calcite-menu-item, .more-menu calcite-dropdown-item').length,
    };
  });
}
