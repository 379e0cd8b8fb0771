// The build the running HTML and bundles belong to is the hash in the page (`<meta name="docsgen-build">`, our
// CSP-safe form of Gatsby's inline `window.___webpackCompilationHash`), never one fetched: old HTML and bundles
// from an edge or service-worker cache run against a new deploy's data must notice and reload.
// On first load a mismatch reloads once per session (tracked in sessionStorage, so a broken deploy cannot loop);
// the key is cleared afterwards so a later deploy reloads again.

/** sessionStorage key of the once-per-session reload. */
export const RELOAD_KEY = 'docsgen-reload-compilation-hash-match';

/** The build hash the page was rendered with ('' when the HTML carries none); also set on `window` as Gatsby does. */
export function pageBuildHash(): string {
  const hash = document.head.querySelector<HTMLMetaElement>('meta[name="docsgen-build"]')?.content ?? '';
  window.___webpackCompilationHash = hash;
  return hash;
}

/** True when the page is being reloaded because its build hash differs from the app's. */
export function reloadOnHashMismatch(pageHash: string, appHash: string): boolean {
  try {
    if (pageHash && appHash && pageHash !== appHash && sessionStorage.getItem(RELOAD_KEY) !== '1') {
      sessionStorage.setItem(RELOAD_KEY, '1');
      window.location.reload();
      return true;
    }
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    // storage blocked: never reload, so there can be no loop
  }
  return false;
}

declare global {
  interface Window {
    /** The build hash of the running HTML and bundles (Gatsby's name, for scripts that read it). */
    ___webpackCompilationHash?: string;
  }
}
