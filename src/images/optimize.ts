// optimizeImages: every referenced image once, in parallel, through the content-addressed cache.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic, SourceLocation, StageResult } from '../diagnostics/index.js';
import { cachePath, readCacheEntry, writeCacheEntry } from './cache.js';
import { writeAtomic } from '../util/write-atomic.js';
import { imageCodes } from './codes.js';
import { displayPath, readHeader } from './describe.js';
import { encodeImage } from './encode.js';
import { ImageError } from './image-error.js';
import { mapLimit } from '../util/map-limit.js';
import { mayBeSvg, publishSvg, svgChangedDiagnostic } from './publish-svg.js';
import { hashImage, type ImageSettings } from './settings.js';
import type { RemovedConstruct } from './sanitize-svg.js';

/** A Markdown reference to an image (1-based). */
export type ImagePlace = Pick<SourceLocation, 'file' | 'line' | 'column'>;

/** One image to publish: absolute source, output path relative to outDir, and who references it. */
export interface ImageJob {
  source: string;
  output: string;
  references: ImagePlace[];
}

/** Options of optimizeImages. */
export interface OptimizeImagesOptions extends ImageSettings {
  images: ImageJob[];
  outDir: string;
  /** The image cache folder (`.docsgen-cache/images` in a project); entries are `<key><ext>` in it. */
  cacheDir: string;
  /** Images in flight at once; default: the number of cores. sharp adds its own threads per image. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  /** Project root: messages name images relative to it. */
  root?: string;
}

/** Counters of a run; `images` counts distinct outputs. */
export interface OptimizeImagesStats {
  images: number;
  processed: number;
  cached: number;
  failed: number;
  ms: number;
}

/**
 * Writes each image's optimized version to `outDir/output`. Problems (missing, corrupt, unsupported,
 * unwritable) are one diagnostic per image at its first Markdown reference, never thrown.
 * `outputs.written` lists the outputs written, relative to outDir.
 */
export async function optimizeImages(
  opts: OptimizeImagesOptions,
): Promise<StageResult<{ written: string[] }, OptimizeImagesStats>> {
  const started = performance.now();
  const settings: ImageSettings = { maxWidth: opts.maxWidth, quality: opts.quality };
  const jobs = mergeJobs(opts.images);
  const stats: OptimizeImagesStats = { images: jobs.length, processed: 0, cached: 0, failed: 0, ms: 0 };
  const diagnostics: Diagnostic[] = [];
  const written: string[] = [];
  let done = 0;
  opts.onProgress?.(0, jobs.length);
  const concurrency = opts.concurrency ?? os.availableParallelism();
  await mapLimit(jobs, concurrency, async (job) => {
    const display = displayPath(job.source, opts.root);
    try {
      const outcome = await publishOne(job, settings, opts, display);
      if (typeof outcome === 'string') stats[outcome]++;
      else {
        stats.processed++;
        if (outcome.removed.length > 0) diagnostics.push(svgChangedDiagnostic(outcome.removed, job, display));
      }
      written.push(job.output);
    } catch (err) {
      stats.failed++;
      diagnostics.push(imageDiagnostic(err, job, display));
    }
    opts.onProgress?.(++done, jobs.length);
  });
  written.sort();
  stats.ms = Math.round(performance.now() - started);
  return { diagnostics, outputs: { written }, stats };
}

/** Publishes one image: raster ones through the cache, SVGs sanitized every time (and what was removed returned). */
async function publishOne(
  job: ImageJob,
  settings: ImageSettings,
  opts: OptimizeImagesOptions,
  display: string,
): Promise<'processed' | 'cached' | { removed: RemovedConstruct[] }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(job.source);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ImageError(
      imageCodes.IMAGE_MISSING,
      code === 'ENOENT' ? `image ${display} does not exist` : `image ${display} cannot be read (${code})`,
      job.source,
      code === 'ENOENT' ? 'check the path and its case; image paths are relative to the Markdown file' : undefined,
    );
  }
  // an SVG costs less to sanitize than a cache entry to check, and what it held is reported on every build
  if (mayBeSvg(bytes) && (await readHeader(bytes, job.source, display)).format === 'svg') {
    const svg = publishSvg(bytes, job.source, display);
    const output = path.join(opts.outDir, job.output);
    await writeStep(output, () => writeAtomic(output, svg.bytes));
    return { removed: svg.removed };
  }
  const entry = cachePath(opts.cacheDir, hashImage(bytes, settings), path.extname(job.source));
  const target = path.join(opts.outDir, job.output);
  const cached = await readCacheEntry(entry);
  if (cached) {
    await writeStep(target, () => writeAtomic(target, cached));
    return 'cached';
  }
  const optimized = await encodeImage(bytes, settings, job.source, display);
  await writeStep(entry, () => writeCacheEntry(entry, optimized));
  await writeStep(target, () => writeAtomic(target, optimized));
  return 'processed';
}

/** Runs a file-system step; its failure becomes an IMAGE_WRITE_FAILED error naming the file. */
async function writeStep<T>(file: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ImageError(imageCodes.IMAGE_WRITE_FAILED, `cannot write ${file} (${code})`, file, 'check that the folder is writable and the disk is not full');
  }
}

/** One job per output path; references of duplicates are merged (first seen first). */
function mergeJobs(images: readonly ImageJob[]): ImageJob[] {
  const byOutput = new Map<string, ImageJob>();
  for (const image of images) {
    const seen = byOutput.get(image.output);
    if (seen) seen.references.push(...image.references);
    else byOutput.set(image.output, { ...image, references: [...image.references] });
  }
  return [...byOutput.values()];
}

/** A failure of one image as one diagnostic: at its first Markdown reference (or the image), the others in the hint. */
export function imageDiagnostic(err: unknown, job: Pick<ImageJob, 'source' | 'references'>, display: string): Diagnostic {
  const error =
    err instanceof ImageError
      ? err
      : new ImageError(imageCodes.IMAGE_CORRUPT, `image ${display} could not be processed (${(err as Error)?.message ?? err})`, job.source);
  const [first, ...rest] = job.references;
  const d = error.toDiagnostic(first ? { ...first } : { file: display, line: 1, column: 1 });
  if (rest.length > 0) {
    const more = rest.slice(0, 5).map((r) => `${r.file}:${r.line}:${r.column}`);
    if (rest.length > 5) more.push(`and ${rest.length - 5} more`);
    d.hint = `${d.hint ? d.hint + '; ' : ''}also referenced at ${more.join(', ')}`;
  }
  return d;
}
