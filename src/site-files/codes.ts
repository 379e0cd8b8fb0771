/**
 * Diagnostic codes of `public/`, theming and siteUrl (DG1300-DG1329; the config's own checks of the theming keys,
 * DG1300, DG1303 and DG1304, are in config/codes.ts) and of the sitemap (DG8100-DG8119). Never reused.
 */
export const siteFileCodes = {
  /** The file `logo` or `socialImage` names is not in `public/`. */
  ASSET_MISSING: 'DG1301',
  /** A header or footer link names a site path that is no page. */
  LINK_NO_PAGE: 'DG1302',
  /** A file of `public/` is a link out of the project, or cannot be read. */
  PUBLIC_FILE_REFUSED: 'DG1305',
  /** `siteUrl` is not set: what the build leaves out (info). */
  NO_SITE_URL: 'DG1306',
  /** `socialImage` is a file but `siteUrl` is not set, so no absolute og:image can be written (warning). */
  SOCIAL_IMAGE_NEEDS_SITE_URL: 'DG1307',
  /** (issue 19) An SVG in `public/` holds script, event handlers or external loads, or is no SVG document. */
  PUBLIC_SVG_REFUSED: 'DG1400',
  /** A single page path is longer than a sitemap allows (2,048 characters). */
  SITEMAP_URL_TOO_LONG: 'DG8100',
} as const;
