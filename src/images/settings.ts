// What decides an optimized image's bytes: the pipeline version and the settings. Both go into the
// content hash (the URL) and the cache key, so changing either republishes and re-encodes.
import { createHash } from 'node:crypto';
import { hashBytes } from '../cache/index.js';
import { IMAGES } from '../config/index.js';

/**
 * Bump when the encoder settings below change the output bytes, so old caches and URLs are not reused
 * (3: SVGs are published sanitized; the old URLs, cached immutable by browsers and CDNs, held them as they came).
 */
export const PIPELINE_VERSION = 3;

/** Source formats the pipeline publishes, each in its own format (no WebP or AVIF is ever written; seed section 9). */
export const PUBLISHED_FORMATS = ['png', 'jpeg', 'gif', 'svg'] as const;
export type PublishedFormat = (typeof PUBLISHED_FORMATS)[number];

/** File extensions optimize-images picks up in a folder (case-insensitive); others it leaves alone. */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.tif', '.tiff', '.bmp', '.heic'] as const;

/** The settings that shape an image's output. */
export interface ImageSettings {
  maxWidth: number;
  quality: number;
}

/** The seed's settings (max width 995, quality 50). */
export const DEFAULT_IMAGE_SETTINGS: ImageSettings = { maxWidth: IMAGES.maxWidth, quality: IMAGES.quality };

/** Full sha1 hex of the file bytes plus the settings; its first 12 characters are the URL hash. */
export function hashImage(bytes: Uint8Array, settings: ImageSettings): string {
  return imageHashOf(hashBytes(bytes), settings);
}

/**
 * hashImage from the hash of the file's bytes (`hashBytes`, which the build's fingerprint already took of every
 * file under content/): render threads describe an image without reading it again.
 */
export function imageHashOf(contentHash: string, settings: ImageSettings): string {
  return createHash('sha1')
    .update(`${contentHash}\0docsgen-images v${PIPELINE_VERSION} maxWidth=${settings.maxWidth} quality=${settings.quality}`)
    .digest('hex');
}

/** Output size for a source size: capped at maxWidth, never upscaled, aspect ratio kept. */
export function fitWidth(width: number, height: number, maxWidth: number): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  // sharp rounds the same way when given only a width
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}
