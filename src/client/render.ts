// React rendering: hydrate the server HTML once, then render each client-side page into the same root.
import { createElement, useEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { LoadedPage } from './loader.js';

let root: Root | null = null;

function Ready({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  // runs once, after hydration has committed: the page is interactive from here
  useEffect(onReady, []);
  return children;
}

/** The page element, keyed by the route so the same template on another path mounts afresh. */
function pageElement(page: LoadedPage, routeKey: string) {
  return createElement(page.component!, { ...page.props, key: routeKey });
}

/** Hydrates the server-rendered page; `onReady` runs when hydration has committed. */
export function hydratePage(container: HTMLElement, page: LoadedPage, routeKey: string, onReady: () => void): void {
  root = hydrateRoot(container, createElement(Ready, { onReady, children: pageElement(page, routeKey) }));
}

/** Renders another page synchronously (the DOM is up to date when this returns). */
export function showPage(page: LoadedPage, routeKey: string): void {
  flushSync(() => root?.render(createElement(Ready, { onReady: () => {}, children: pageElement(page, routeKey) })));
}
