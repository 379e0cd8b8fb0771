// Screen-reader feedback after a client-side navigation: the live region outside the React root says where the
// reader is, and focus moves to the main content so the next Tab starts there.

/** Announces 'Navigated to {first heading, else title, else the address}' in `#docsgen-announcer`. */
export function announceRoute(root: HTMLElement): void {
  requestAnimationFrame(() => {
    let name = `new page at ${location.pathname}`;
    if (document.title) name = document.title;
    const h1 = root.querySelector('h1')?.textContent?.trim();
    if (h1) name = h1;
    const text = `Navigated to ${name}`;
    const region = document.getElementById('docsgen-announcer');
    if (region && region.textContent !== text) region.textContent = text;
  });
}

/** Moves focus to `<main>` (or the root) without scrolling, so scroll restoration is not undone. */
export function focusContent(root: HTMLElement): void {
  const target = root.querySelector<HTMLElement>('main') ?? root;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
