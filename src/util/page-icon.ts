// The icon pages show (favicon, header logo): a copy of the manifest's 192 px icon named by a hash of its source,
// so the nginx config and `serve` send it as an immutable hashed asset and a navigation never asks for it again.
// Shared by the build (the HTML shell, the site data) and the sw stage (which writes the file).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** URL of the pages' icon for a `pageIconVersion`. */
export function pageIconUrl(pathPrefix: string, version: string): string {
  return `${pathPrefix.replace(/\/+$/, '')}/icons/icon-192x192-${version}.png`;
}

/** Bumped when the way the icons are made changes, so the pages' icon gets a new name with new pixels. */
const ICON_PIPELINE = 'docsgen-icons v1';

/**
 * A version of the icon source the pages' icon is named by (12 hex digits and a digit for sure, so the name
 * matches the servers' hashed-asset rule); null when the source cannot be read (writeManifest reports it).
 */
export async function pageIconVersion(iconSource: string): Promise<string | null> {
  const bytes = await readFile(iconSource).catch(() => null);
  if (!bytes) return null;
  const hex = createHash('sha256').update(bytes).update(`\0${ICON_PIPELINE}`).digest('hex').slice(0, 12);
  return /\d/.test(hex) ? hex : `${hex}0`;
}
