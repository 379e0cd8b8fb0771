// What templates may import from docsgen's runtime as `docsgen/runtime` (an esbuild alias in both template
// bundles): small, dependency-free helpers that work on the server and in the browser.
export { CALCITE_DEBOUNCE } from './fetch-retry.js';
/** What the runtime's `search()` answers, for a template's search UI (types only: search.ts loads on first use). */
export type { SearchAnswer, SearchHit } from './search.js';

/**
 * Runs `fn` once calls have paused for `ms` (trailing edge); `cancel()` drops a pending call. The component
 * library's delays are `CALCITE_DEBOUNCE` (filter 250, resize 150 ms, seed section 9).
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  return Object.assign(run, { cancel: () => clearTimeout(timer) });
}

/**
 * An island's enhancer: makes the server's HTML of one `data-island` element interactive, without React. It runs
 * after the page is interactive and after every client navigation that brings such an element; `signal` aborts
 * when the element has left the page (undo listeners and timers there).
 */
export type IslandEnhancer<P> = (element: HTMLElement, props: P, signal: AbortSignal) => void | IslandHandle;

/**
 * What an enhancer may return: `update(incoming)` is offered the same island of the next page (the islands
 * runtime's client navigation); true keeps this element (it took the new page's state), false replaces it.
 */
export interface IslandHandle {
  update?(incoming: HTMLElement): boolean;
}

/** What defineIsland returns: the attributes that mark an element as this island (spread them in JSX). */
export interface Island<P> {
  name: string;
  attrs(props?: P): { 'data-island': string; 'data-island-props'?: string };
}

let partial = false;

/**
 * True under the islands runtime (partial hydration: the page is the server's HTML, no React renders it), false
 * under the React app, where templates render everything themselves and an island need only add behaviour.
 */
export function isPartialHydration(): boolean {
  return partial;
}

/** Called by the islands runtime as it starts (see isPartialHydration). */
export function startPartialHydration(): void {
  partial = true;
}

const enhancers = new Map<string, IslandEnhancer<never>>();
const mounted = new Map<HTMLElement, AbortController>();
const handles = new WeakMap<HTMLElement, IslandHandle>();

/** Offers `incoming` (the next page's element) to the island mounted on `element`: true when it was kept. */
export function updateIsland(element: HTMLElement, incoming: HTMLElement): boolean {
  const handle = handles.get(element);
  if (!handle?.update || !mounted.has(element) || element.dataset.island !== incoming.dataset.island) return false;
  try {
    return handle.update(incoming);
  } catch (err) {
    console.error(`docsgen: island "${element.dataset.island}" failed to update`, err);
    return false;
  }
}

/**
 * Declares an island: `name` (unique across the templates) and the enhancer the runtime runs on every element
 * carrying `attrs()`. Safe on the server (only registers). See templates/README.md.
 */
export function defineIsland<P = undefined>(name: string, enhance: IslandEnhancer<P>): Island<P> {
  enhancers.set(name, enhance as IslandEnhancer<never>);
  return {
    name,
    attrs: (props) => ({ 'data-island': name, ...(props === undefined ? {} : { 'data-island-props': JSON.stringify(props) }) }),
  };
}

/**
 * Runs the enhancers of the islands under `root` not yet enhanced, and aborts those of islands that left the page.
 * The runtime calls it once the page is interactive and after each client navigation has rendered.
 */
export function mountIslands(root: ParentNode): void {
  for (const [el, controller] of mounted) {
    if (!el.isConnected) {
      controller.abort();
      mounted.delete(el);
    }
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const enhance = enhancers.get(el.dataset.island ?? '');
    if (!enhance || mounted.has(el)) continue;
    const controller = new AbortController();
    mounted.set(el, controller);
    let props: unknown;
    try {
      props = el.dataset.islandProps === undefined ? undefined : JSON.parse(el.dataset.islandProps);
    } catch {
      props = undefined;
    }
    try {
      const handle = enhance(el, props as never, controller.signal);
      if (handle) handles.set(el, handle);
    } catch (err) {
      // one broken island must not keep the others (or navigation) from working
      console.error(`docsgen: island "${el.dataset.island}" failed`, err);
    }
  }
}
