// Where the worker and the manifest live under the web root, for the stage and for page templates.

/** The path prefix as a folder of the web root: `/documentation` → `documentation`, `` → ``. */
export function prefixDir(pathPrefix: string): string {
  return pathPrefix.replace(/^\/+|\/+$/g, '');
}

/** URL of the service worker; the runtime registers it with scope `${pathPrefix}/`. */
export function serviceWorkerUrl(pathPrefix: string): string {
  return `${pathPrefix.replace(/\/+$/, '')}/sw.js`;
}

/** URL of the web manifest, for `<link rel="manifest" href="…">` on every page. */
export function manifestUrl(pathPrefix: string): string {
  return `${pathPrefix.replace(/\/+$/, '')}/manifest.webmanifest`;
}

/** URL of the icon of `size` px, written under `documentation/icons/`. */
export function iconUrl(pathPrefix: string, size: number): string {
  return `${pathPrefix.replace(/\/+$/, '')}/icons/icon-${size}x${size}.png`;
}
