// The cheap half of the image pipeline: what the rendered <img> needs (size, URL) without decoding pixels.
// Runs inside render worker threads, once per Markdown image reference, so it reads the header only and
// memoizes per file version.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageCodes } from './codes.js';
import { ImageError } from './image-error.js';
import { DEFAULT_IMAGE_SETTINGS, PUBLISHED_FORMATS, fitWidth, hashImage, imageHashOf, type PublishedFormat } from './settings.js';

/** What a page needs to reference an optimized image. */
export interface ImageDescription {
  /** Output width in px (capped at maxWidth, never upscaled). */
  width: number;
  /** Output height in px (aspect ratio kept). */
  height: number;
  /** The source format, which is also the output format. */
  format: PublishedFormat;
  /** First 12 hex of sha1(file bytes + settings): the folder of the output, so a change gets a new URL. */
  hash: string;
  /** Public URL: `${pathPrefix}/static/${hash}/${basename}` (basename percent-encoded). */
  url: string;
  /** Path relative to the web root: `documentation/static/<hash>/<basename>`. */
  output: string;
}

/** A file's `hashBytes` when already known for this size and mtime (the build's fingerprint), else undefined. */
export type ContentHashOf = (file: string, size: number, mtimeMs: number) => string | undefined;

/** Options of describeImage; quality defaults to the seed's 50 and must match what optimizeImages uses. */
export interface DescribeImageOptions {
  /** Web root; accepted for symmetry with the build, not needed to compute the description. */
  publicDir?: string;
  pathPrefix: string;
  maxWidth: number;
  quality?: number;
  /** Project root: messages name the image relative to it. */
  root?: string;
  /** See ContentHashOf: with it, a file whose hash is known is not read to describe it. */
  contentHashOf?: ContentHashOf;
}

const memo = new Map<string, Promise<ImageDescription>>();
// Header facts by content hash: docs often keep copies of one figure in several folders, and asking sharp
// for a header costs about 0.2 ms of a render thread's time even for a small PNG.
// Only successes are kept, so an error always names the file it came from.
const headers = new Map<string, Header>();

type Header = { format: PublishedFormat; width: number; height: number; pages: number };

/**
 * Describes the optimized version of an image without writing it. Throws ImageError for a missing,
 * corrupt or unsupported file. Results are memoized per file path, size, mtime and settings.
 */
export async function describeImage(sourceAbs: string, opts: DescribeImageOptions): Promise<ImageDescription> {
  const display = displayPath(sourceAbs, opts.root);
  let info;
  try {
    // synchronous: called from render threads, where the promise API's round trips cost more than the reads
    info = statSync(sourceAbs);
  } catch (err) {
    throw missingError(sourceAbs, display, err);
  }
  if (!info.isFile()) throw new ImageError(imageCodes.IMAGE_MISSING, `image ${display} is not a file`, sourceAbs);
  const quality = opts.quality ?? DEFAULT_IMAGE_SETTINGS.quality;
  const key = `${sourceAbs}\0${info.size}\0${info.mtimeMs}\0${opts.pathPrefix}\0${opts.maxWidth}\0${quality}`;
  let pending = memo.get(key);
  if (!pending) {
    const known = opts.contentHashOf?.(sourceAbs, info.size, info.mtimeMs);
    pending = describeUncached(sourceAbs, display, { pathPrefix: opts.pathPrefix, maxWidth: opts.maxWidth, quality }, known);
    memo.set(key, pending);
    // a failure may be fixed by the writer while `serve` runs: do not remember it
    pending.catch(() => memo.delete(key));
  }
  return pending;
}

async function describeUncached(
  sourceAbs: string,
  display: string,
  s: { pathPrefix: string; maxWidth: number; quality: number },
  contentHash: string | undefined,
): Promise<ImageDescription> {
  const read = (): Buffer => {
    try {
      return readFileSync(sourceAbs);
    } catch (err) {
      throw missingError(sourceAbs, display, err);
    }
  };
  const settings = { maxWidth: s.maxWidth, quality: s.quality };
  // with the hash known, the file is read only if no copy of it has had its header read yet
  let bytes = contentHash === undefined ? read() : null;
  const hash = (bytes ? hashImage(bytes, settings) : imageHashOf(contentHash!, settings)).slice(0, 12);
  let meta = headers.get(hash);
  if (!meta) {
    bytes ??= read();
    meta = await readHeader(bytes, sourceAbs, display);
    headers.set(hash, meta);
  }
  const size = fitWidth(meta.width, meta.height, s.maxWidth);
  const basename = path.basename(sourceAbs);
  const prefix = s.pathPrefix.replace(/\/+$/, '');
  return {
    ...size,
    format: meta.format,
    hash,
    url: `${prefix}/static/${hash}/${encodeURIComponent(basename)}`,
    output: staticOutputPath(prefix, hash, basename),
  };
}

/** `documentation/static/<hash>/<basename>` for a prefix `/documentation` (`static/...` for an empty prefix). */
export function staticOutputPath(pathPrefix: string, hash: string, basename: string): string {
  const dir = pathPrefix.replace(/^\/+|\/+$/g, '');
  return [dir, 'static', hash, basename].filter(Boolean).join('/');
}

/**
 * Reads format and oriented size from the header; classifies failures for the writer:
 * a known image extension that does not parse is corrupt, anything else unsupported.
 */
export async function readHeader(
  bytes: Buffer,
  sourceAbs: string,
  display: string,
): Promise<Header> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (err) {
    throw decodeError(sourceAbs, display, err);
  }
  const format = meta.format as string;
  if (!(PUBLISHED_FORMATS as readonly string[]).includes(format)) {
    throw new ImageError(
      imageCodes.IMAGE_UNSUPPORTED,
      `image ${display} is ${format.toUpperCase()}, a format docsgen does not publish`,
      sourceAbs,
      'convert it to PNG, JPEG, GIF or SVG (the site keeps each image in its source format and writes no WebP or AVIF)',
    );
  }
  // EXIF orientation 5-8 swaps the sides; the encoder applies it, so the page must too
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw decodeError(sourceAbs, display, new Error('no image size in the header'));
  return { format: format as PublishedFormat, width, height, pages: meta.pages ?? 1 };
}

/** The error for a file whose bytes sharp cannot read. */
export function decodeError(sourceAbs: string, display: string, err: unknown): ImageError {
  const reason = ((err as Error)?.message ?? String(err)).split('\n')[0]!.replace(/^Input (file|buffer) /, '');
  const ext = path.extname(sourceAbs).toLowerCase();
  if (['.png', '.jpg', '.jpeg', '.gif', '.svg'].includes(ext)) {
    return new ImageError(
      imageCodes.IMAGE_CORRUPT,
      `image ${display} is corrupt or not a ${ext === '.jpg' ? 'JPEG' : ext.slice(1).toUpperCase()} file (${reason})`,
      sourceAbs,
      'open it in an image editor and export it again, or replace it',
    );
  }
  return new ImageError(
    imageCodes.IMAGE_UNSUPPORTED,
    `image ${display} is not in a supported format (${reason})`,
    sourceAbs,
    'use PNG, JPEG, GIF or SVG',
  );
}

function missingError(sourceAbs: string, display: string, err: unknown): ImageError {
  const code = (err as NodeJS.ErrnoException)?.code;
  const what = code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? (err as Error)?.message})`;
  return new ImageError(imageCodes.IMAGE_MISSING, `image ${display} ${what}`, sourceAbs, code === 'ENOENT' ? 'check the path and its case; image paths are relative to the Markdown file' : undefined);
}

/** The path a writer knows: relative to the project root when given, else as is. */
export function displayPath(file: string, root?: string): string {
  if (!root) return file;
  const rel = path.relative(root, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}
