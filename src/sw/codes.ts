/** Diagnostic codes of the sw stage (DG7xxx: service worker DG70xx, web manifest DG71xx). Never reuse a code for another meaning. */
export const swCodes = {
  /** workbox-build could not generate the service worker. */
  SW_GENERATE_FAILED: 'DG7001',
  /** The web root to precache is missing or has no `documentation/` folder. */
  SW_SITE_MISSING: 'DG7002',
  /** workbox-build warned (e.g. a file too large to precache): the worker is written, offline may be partial. */
  SW_WORKBOX_WARNING: 'DG7003',
  /** No app bundle (`app-<hash>.js`) found: the precached shell cannot start offline. */
  SW_NO_APP_SHELL: 'DG7004',
  /** The manifest's icon source does not exist. */
  MANIFEST_ICON_MISSING: 'DG7101',
  /** The manifest's icon source is not a readable image. */
  MANIFEST_ICON_CORRUPT: 'DG7102',
  /** The icon source is smaller than the largest icon, so it is upscaled and looks blurry (a warning). */
  MANIFEST_ICON_SMALL: 'DG7103',
  /** The manifest or an icon could not be written. */
  MANIFEST_WRITE_FAILED: 'DG7104',
} as const;
