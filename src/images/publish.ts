// The build's images step: the images the pages show, encoded (or, with --no-images, copied as they are).
import type { Diagnostic } from '../diagnostics/index.js';
import { copyImages } from './copy-images.js';
import { optimizeImages, type ImageJob } from './optimize.js';

/** What publishImages needs of the build. */
export interface PublishImagesOptions {
  /** The web root the jobs' outputs are relative to. */
  publicDir: string;
  cacheDir: string;
  maxWidth: number;
  quality: number;
  root: string;
  /** false (`--no-images`): the source files are published unoptimized (SVGs still sanitized), so pages show them. */
  optimize: boolean;
  /** Encoding started ahead (warmImageCacheAside): waited for first, so its cache entries are found. */
  warming?: Promise<unknown> | null;
  onProgress?: (done: number, total: number) => void;
}

/** Publishes every image the pages show into the web root; the count is of distinct outputs. */
export async function publishImages(images: ImageJob[], opts: PublishImagesOptions): Promise<{ diagnostics: Diagnostic[]; images: number }> {
  if (!opts.optimize) {
    return { diagnostics: await copyImages(images, opts.publicDir, opts.root), images: 0 };
  }
  await opts.warming;
  const { publicDir: outDir, cacheDir, maxWidth, quality, root } = opts;
  const result = await optimizeImages({ images, outDir, cacheDir, maxWidth, quality, root, ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
  return { diagnostics: result.diagnostics, images: result.stats.images };
}
