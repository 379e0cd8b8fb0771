/** Diagnostic codes of the serve stage (DG8xxx). Never reuse a code for another meaning. */
export const serveCodes = {
  /** The folder to serve does not exist or is not a folder (usually: no build yet). */
  SERVE_DIR_MISSING: 'DG8001',
  /** The address or port cannot be listened on (in use, not allowed, unknown host). */
  LISTEN_FAILED: 'DG8002',
  /** `server/redirects.json` beside the served folder cannot be read or is not a list of redirect entries. */
  REDIRECTS_JSON_INVALID: 'DG8003',
  /** The dev server's rebuild failed; the browser keeps the last good build and shows the problems. */
  DEV_BUILD_FAILED: 'DG8004',
  /** The dev server's file watcher reported an error (a watched folder vanished, too many files...). */
  DEV_WATCH_FAILED: 'DG8005',
  /** The served folder has no `<prefix>/404.html`: unknown paths get nginx's bare 404 page instead. */
  NO_404_PAGE: 'DG8006',
  /**
   * The served folder has no `server/redirects.json`, and the project's `redirects/` fails validation (an open
   * redirect, a conflict...): serve refuses to start rather than apply unvalidated redirects.
   */
  REDIRECTS_REFUSED: 'DG8010',
} as const;
