// A page loaded from another build than the running app: reload once per session (first load), tracked in
// sessionStorage so a broken deploy cannot loop; the key is cleared afterwards so a later deploy reloads again.

/** sessionStorage key of the once-per-session reload. */
export const RELOAD_KEY = 'docsgen-reload-compilation-hash-match';

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
