/**
 * Diagnostic codes of the inbound stage (DG5200-DG5249): URLs the site published that stop answering, the
 * redirects proposed for them, and a deployed server that answers otherwise than the build says. Never reused.
 */
export const inboundCodes = {
  // DG520x: published URLs compared with the previous list
  /** A URL published before is now neither a page nor a redirect source (error in build, warning in dev). */
  REMOVED_PAGE: 'DG5200',
  /** `--since FILE` cannot be read or is neither a published.json nor a sitemap (usage, exit 2). */
  SINCE_UNREADABLE: 'DG5201',
  /** The cached list of published URLs is damaged: ignored, this build starts a new one (warning). */
  PUBLISHED_DAMAGED: 'DG5202',
  /** `--removed-pages` has a value other than error, warn or off (usage, exit 2). */
  REMOVED_PAGES_MODE: 'DG5203',
  // DG521x: suggest-redirects
  /** No previous list of published URLs to compare with (info: nothing to suggest). */
  NO_PREVIOUS_LIST: 'DG5210',
  /** A proposal was not written because the redirects would not validate with it (error). */
  PROPOSAL_INVALID: 'DG5211',
  // DG522x: verify-deploy
  /** The deployed server answers a page, redirect source, 404 page or data file otherwise than the build. */
  DEPLOY_MISMATCH: 'DG5220',
  /** A request to the deployed site failed after its retries (timeout, connection refused, reset). */
  DEPLOY_UNREACHABLE: 'DG5221',
  /** The URL to verify is not an http(s) URL (usage, exit 2). */
  DEPLOY_URL_REFUSED: 'DG5222',
  /** There is no build to verify against (no dist/server/published.json; usage, exit 2). */
  DEPLOY_NO_BUILD: 'DG5223',
} as const;
