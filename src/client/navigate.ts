// Client-side navigation: internal link clicks and back/forward load the target's resources and render it in
// place, with the seed's fallbacks (full page load), redirects, delayed-navigation event, scroll, announcement
// and focus.
import { RUNTIME } from '../config/defaults.js';
import { announceRoute, focusContent } from './announcer.js';
import { setHead, updateHead } from './head.js';
import { loadDocument } from './load-document.js';
import type { LoadedPage, Loader } from './loader.js';
import { EVENTS, type AppOptions } from './options.js';
import { isPagePath } from './paths.js';
import type { Prefetcher } from './prefetch.js';
import { linkRedirect, redirectTarget } from './redirects.js';
import { mountIslands } from './template-api.js';
import { ensureLocationKey, restoreScroll, saveScroll } from './scroll.js';
import { loadAfterUpdate, serviceWorkerState } from './service-worker.js';

/** Options of a programmatic navigation. */
export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
}

/** Renders a loaded page in place, synchronously (React's render, or the islands runtime's swap). */
export type ShowPage = (page: LoadedPage, routeKey: string) => void;

/** Navigates within the site; what `window.___docsgenRuntime.navigate` is. */
export type Navigate = (to: string, options?: NavigateOptions) => Promise<void>;

/** Wires navigation for one page session and returns `navigate`. */
export function startNavigation(ctx: { options: AppOptions; loader: Loader; root: HTMLElement; prefetcher: Prefetcher; show: ShowPage }): Navigate {
  const { options, loader, root, prefetcher, show: showPage } = ctx;
  const prefix = options.pathPrefix;
  let rendered = location.pathname + location.search;
  let generation = 0;

  const currentPage = () => rendered;

  /**
   * Loads a location's page with the delayed-navigation event armed; null when a newer navigation won, 'chunk'
   * when its template chunk failed to load (then the reader is sent to the last known page: seed section 8).
   */
  async function load(path: string): Promise<LoadedPage | 'error' | 'chunk' | null> {
    const mine = ++generation;
    const timer = setTimeout(() => window.dispatchEvent(new CustomEvent(EVENTS.delayed, { detail: { pathname: path } })), RUNTIME.delayedNavigationMs);
    const page = await loader.loadPage(path);
    clearTimeout(timer);
    if (mine !== generation) return null;
    if (page.status === 'success') return page;
    return page.chunkFailed ? 'chunk' : 'error';
  }

  /** A full load of the last page that rendered (Gatsby's `nextRoute`: its pathname, query and hash dropped). */
  function toLastKnownPage(): void {
    window.location.assign(currentPage().split('?')[0]!);
  }

  /** After a page rendered: head, scroll, announcement, focus, event, prefetch of the new links. */
  function routeUpdated(page: LoadedPage): void {
    rendered = location.pathname + location.search;
    if (page.rsc) setHead(page.rsc.head);
    else updateHead(page.props);
    mountIslands(root);
    focusContent(root);
    // after the new page's custom elements have rendered (microtasks), before it is painted: the position is
    // then measured against the final layout
    requestAnimationFrame(() => restoreScroll());
    announceRoute(root);
    window.dispatchEvent(new CustomEvent(EVENTS.updated, { detail: { pathname: location.pathname } }));
    prefetcher.observe(root);
  }

  const navigate: Navigate = async (to, opts = {}) => {
    let url = new URL(to, location.href);
    const target = redirectTarget(options.redirects, url.pathname, url.search);
    if (target) url = new URL(target + url.hash, location.href);
    if (url.origin !== location.origin || !isPagePath(url.pathname, prefix)) {
      loadDocument(url.href);
      return;
    }
    const href = url.pathname + url.search + url.hash;
    if (serviceWorkerState.updated) {
      loadAfterUpdate(href);
      return;
    }
    const page = await load(url.pathname + url.search);
    if (page === null) return;
    if (page === 'chunk') return toLastKnownPage();
    if (page === 'error') {
      // the page exists only as HTML (or its resources failed): let the browser load it
      history.replaceState({}, '', location.href);
      window.location.assign(url.pathname);
      return;
    }
    if (page.webpackCompilationHash && loader.appHash && page.webpackCompilationHash !== loader.appHash) {
      window.location.assign(href);
      return;
    }
    saveScroll();
    const state = { key: String(Date.now()) };
    const same = href === location.pathname + location.search + location.hash;
    if (opts.replace || same) history.replaceState(state, '', href);
    else history.pushState(state, '', href);
    showPage(page, url.pathname);
    routeUpdated(page);
  };

  async function onPopState(): Promise<void> {
    ensureLocationKey();
    const path = location.pathname + location.search;
    const target = redirectTarget(options.redirects, location.pathname, location.search);
    if (target) {
      await navigate(target + location.hash, { replace: true });
      return;
    }
    if (path === rendered) {
      // same document, another #anchor entry
      restoreScroll();
      return;
    }
    const page = await load(path);
    if (page === null) return;
    if (page === 'chunk') return toLastKnownPage();
    if (page === 'error') {
      history.replaceState({}, '', location.href);
      window.location.assign(path);
      return;
    }
    showPage(page, location.pathname);
    routeUpdated(page);
  }

  function onClick(e: MouseEvent): void {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    const anchor = e.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement);
    if (!anchor || !anchor.href) return;
    const targetAttr = anchor.getAttribute('target');
    if ((targetAttr && targetAttr !== '_self') || anchor.hasAttribute('download')) return;
    if ((anchor.getAttribute('rel') ?? '').split(/\s+/).includes('external')) return;
    const url = new URL(anchor.href);
    // a redirect source is taken over whatever the case of its prefix: navigate() goes to its target
    const ours = isPagePath(url.pathname, prefix) || linkRedirect(options.redirects, url.pathname, url.search, prefix) !== null;
    if (url.origin !== location.origin || !ours) return;
    // an #anchor on this page: the browser scrolls, nothing to load
    if (url.hash && url.pathname === location.pathname && url.search === location.search) return;
    e.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  }

  document.addEventListener('click', onClick);
  window.addEventListener('popstate', () => void onPopState());
  // a template chunk that cannot load after a deploy: go to the page the reader was on, fully
  window.addEventListener('unhandledrejection', (e) => {
    const message = String((e.reason as Error | undefined)?.message ?? e.reason);
    if (/loading chunk \d* failed|dynamically imported module|importing a module script failed/i.test(message)) {
      toLastKnownPage();
    }
  });
  return navigate;
}
