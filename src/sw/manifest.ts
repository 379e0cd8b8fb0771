// writeManifest: documentation/manifest.webmanifest and its icons, generated with sharp from one source image.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MANIFEST, START_PATH } from '../config/index.js';
import type { Diagnostic, StageResult } from '../diagnostics/index.js';
import { swCodes } from './codes.js';
import { iconUrl, prefixDir } from './paths.js';
import { pageIconUrl } from '../util/page-icon.js';
import { writeAtomic } from '../util/write-atomic.js';
import { cacheKey, readChecked, writeChecked } from '../cache/index.js';

/** Options of writeManifest. */
export interface WriteManifestOptions {
  publicDir: string;
  pathPrefix: string;
  name: string;
  shortName: string;
  /** Absolute path of the icon source (PNG, JPEG or SVG; square and at least 512 px is best). */
  iconSource: string;
  /** Browser UI color; the seed names none, so it defaults to the background color. */
  themeColor?: string;
  /** Project root: messages name files relative to it. */
  root?: string;
  /** `pageIconVersion` of the source: the 192 px icon is also written under that hashed name, for the pages. */
  pageIconVersion?: string | null;
  /** Where encoded icons are kept by their source's hash (the build's cache): a rebuild copies them, no sharp run. */
  cacheDir?: string;
}

/** The manifest's JSON shape. */
export interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; type: 'image/png' }>;
}

/**
 * Writes the manifest (seed section 9: display `browser`, background `#F8F8F8`, icons of 192 and 512 px)
 * and the icons under `documentation/icons/`. A missing or corrupt icon source is a diagnostic; the manifest
 * is then not written, so pages never link a manifest whose icons are broken.
 */
export async function writeManifest(opts: WriteManifestOptions): Promise<StageResult<{ files: string[] }>> {
  const dir = path.join(opts.publicDir, prefixDir(opts.pathPrefix));
  const shown = opts.root ? path.relative(opts.root, opts.iconSource).split(path.sep).join('/') : opts.iconSource;
  const diagnostics: Diagnostic[] = [];
  const fail = (d: Diagnostic): StageResult<{ files: string[] }> => ({ diagnostics: [...diagnostics, d], outputs: { files: [] }, stats: { files: 0 } });
  let source: Buffer;
  try {
    source = await readFile(opts.iconSource);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return fail({
      code: swCodes.MANIFEST_ICON_MISSING,
      severity: 'error',
      message: code === 'ENOENT' ? `manifest icon ${shown} does not exist` : `manifest icon ${shown} cannot be read (${code})`,
      hint: 'set `manifestIcon` in docsgen.config.yaml to a square PNG or SVG of at least 512 px',
    });
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(source).metadata();
    if (!meta.width || !meta.height) throw new Error('no image size in the header');
  } catch (err) {
    return fail(corrupt(shown, err));
  }
  const largest = Math.max(...MANIFEST.iconSizes);
  const isSvg = meta.format === 'svg';
  if (!isSvg && Math.min(meta.width, meta.height) < largest) {
    diagnostics.push({
      code: swCodes.MANIFEST_ICON_SMALL,
      severity: 'warning',
      message: `manifest icon ${shown} is ${meta.width}x${meta.height} px, smaller than the ${largest} px icon made from it`,
      hint: `use a square image of at least ${largest} px (or an SVG) so the icon is sharp`,
      location: { file: shown, line: 1, column: 1 },
    });
  }
  const files: string[] = [];
  const icons: WebManifest['icons'] = [];
  try {
    await mkdir(path.join(dir, 'icons'), { recursive: true });
    for (const size of MANIFEST.iconSizes) {
      // an SVG is rasterized at the density that makes its shorter side `size` px, not scaled up from 72 dpi
      const density = isSvg ? Math.min(2400, Math.ceil((72 * size) / Math.min(meta.width, meta.height))) : undefined;
      const cached = opts.cacheDir ? path.join(opts.cacheDir, `${cacheKey(source, String(size), sharp.versions.sharp, sharp.versions.vips ?? '')}.png`) : null;
      let png = cached ? await readChecked(cached) : null;
      if (png === null) {
        try {
          png = await sharp(source, density ? { density } : {})
            .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png({ compressionLevel: 9 })
            .toBuffer();
        } catch (err) {
          return fail(corrupt(shown, err));
        }
        // kept for the next build (a cache that cannot be written only costs that build the encode again)
        if (cached) await writeChecked(cached, png).catch(() => undefined);
      }
      const file = path.join(dir, 'icons', `icon-${size}x${size}.png`);
      await writeAtomic(file, png);
      files.push(file);
      if (size === 192 && opts.pageIconVersion) {
        const hashed = path.join(dir, 'icons', path.posix.basename(pageIconUrl(opts.pathPrefix, opts.pageIconVersion)));
        await writeAtomic(hashed, png);
        files.push(hashed);
      }
      icons.push({ src: iconUrl(opts.pathPrefix, size), sizes: `${size}x${size}`, type: 'image/png' });
    }
    const manifest: WebManifest = {
      name: opts.name,
      short_name: opts.shortName,
      start_url: `${opts.pathPrefix.replace(/\/+$/, '')}${START_PATH}`,
      display: MANIFEST.display,
      background_color: MANIFEST.backgroundColor,
      theme_color: opts.themeColor ?? MANIFEST.backgroundColor,
      icons,
    };
    const file = path.join(dir, 'manifest.webmanifest');
    await writeAtomic(file, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
    files.push(file);
  } catch (err) {
    return fail({
      code: swCodes.MANIFEST_WRITE_FAILED,
      severity: 'error',
      message: `cannot write the web manifest in ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      hint: 'check that the output folder is writable',
    });
  }
  return { diagnostics, outputs: { files }, stats: { files: files.length } };
}

function corrupt(shown: string, err: unknown): Diagnostic {
  const reason = ((err as Error)?.message ?? String(err)).split('\n')[0]!.replace(/^Input (file|buffer) /, '');
  return {
    code: swCodes.MANIFEST_ICON_CORRUPT,
    severity: 'error',
    message: `manifest icon ${shown} is not a readable image (${reason})`,
    hint: 'replace it with a square PNG or SVG of at least 512 px',
    location: { file: shown, line: 1, column: 1 },
  };
}
