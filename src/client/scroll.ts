// Scroll restoration per history entry: positions saved in sessionStorage under `@@scroll|<pathname>|<key>`,
// the key being `history.state.key` (set on every push) or `initial` for the entry the reader arrived on.

const memory: Record<string, number> = {};

/** The history entry's key. */
export function locationKey(): string {
  const state = history.state as { key?: unknown } | null;
  return typeof state?.key === 'string' ? state.key : 'initial';
}

/**
 * Gives the current entry a key when it has none: `initial` for the entry the reader arrived on (so a reload finds
 * its position again), a fresh one for entries the browser made itself (`#anchor` links).
 */
export function ensureLocationKey(key: string = String(Date.now())): void {
  const state = history.state as Record<string, unknown> | null;
  if (typeof state?.key !== 'string') history.replaceState({ ...(state ?? {}), key }, '');
}

function storageKey(pathname: string, key: string): string {
  return `@@scroll|${pathname}|${key}`;
}

/** The saved position of an entry, 0 when none. */
export function readScroll(pathname: string, key: string): number {
  const k = storageKey(pathname, key);
  try {
    const v = sessionStorage.getItem(k);
    return v ? (JSON.parse(v) as number) || 0 : 0;
  } catch {
    return memory[k] ?? 0;
  }
}

/** Saves the current position under the current entry. */
export function saveScroll(pathname = location.pathname, key = locationKey(), y = window.scrollY): void {
  const k = storageKey(pathname, key);
  try {
    sessionStorage.setItem(k, JSON.stringify(y));
  } catch {
    // storage blocked (private modes): remember for this page session only
    memory[k] = y;
  }
}

/** Saves the position on scroll, at most once per animation frame. */
export function startScrollSaving(): void {
  let queued = false;
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        saveScroll();
      });
    },
    { passive: true },
  );
}

/**
 * Scrolls to the `#anchor` of the address if it exists, else to the entry's saved position (top for a new one).
 * On the first render (`mount`) a missing position leaves the page where it is: the reader may already have
 * scrolled while the page hydrated.
 */
export function restoreScroll(mount = false): void {
  if (location.hash) {
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // keep the raw id
    }
    const el = document.getElementById(id);
    if (el) {
      el.scrollIntoView();
      return;
    }
  }
  const y = readScroll(location.pathname, locationKey());
  if (y || !mount) window.scrollTo(0, y);
}
