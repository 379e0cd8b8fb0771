// Applies the remembered color mode before hydration, so a reader who chose dark does not see a light flash.
// The header toggle (templates/color-mode.tsx) owns the choice and writes the same key.

const STORAGE_KEY = 'docsgen:color-mode';

/** Puts `calcite-mode-light|dark` on <body> when one is remembered; `auto` (the server's) otherwise. */
export function applyStoredColorMode(): void {
  let mode: string | null = null;
  try {
    mode = localStorage.getItem(STORAGE_KEY);
  } catch {
    return;
  }
  if (mode !== 'light' && mode !== 'dark') return;
  for (const m of ['auto', 'light', 'dark']) document.body.classList.toggle(`calcite-mode-${m}`, m === mode);
}
