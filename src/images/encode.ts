// The expensive half of the pipeline: decode, orient, cap the width, re-encode in the source format.
import sharp from 'sharp';
import { decodeError, readHeader } from './describe.js';
import { publishSvg } from './publish-svg.js';
import type { ImageSettings } from './settings.js';

/**
 * Returns the optimized bytes of an image in its own format: at most `maxWidth` wide (never upscaled),
 * EXIF orientation applied, metadata stripped (sharp's default), transparency kept.
 * Throws ImageError for corrupt or unsupported input.
 */
export async function encodeImage(bytes: Buffer, settings: ImageSettings, sourceAbs: string, display: string): Promise<Buffer> {
  const { format, width } = await readHeader(bytes, sourceAbs, display);
  // SVG scales without loss, but may hold script: it is published rebuilt from what static SVG allows
  if (format === 'svg') return publishSvg(bytes, sourceAbs, display).bytes;
  // a GIF within the cap is already as small as re-encoding makes it (libvips' GIF encoder re-quantizes, which
  // tends to grow small GIFs): publish those bytes as they are
  if (format === 'gif' && width <= settings.maxWidth) return bytes;
  const encode = () => {
    // failOn 'error': a truncated file is corrupt, but libpng's benign warnings (e.g. a bad sRGB chunk) are not
    const img = sharp(bytes, { failOn: 'error', animated: format === 'gif' }).autoOrient().resize({ width: settings.maxWidth, withoutEnlargement: true });
    switch (format) {
      case 'jpeg':
        return img.jpeg({ quality: settings.quality, mozjpeg: true }).toBuffer();
      case 'png':
        // palette quantization with libimagequant keeps the alpha channel. No dithering: docs images are mostly
        // diagrams and screenshots, where error-diffusion noise costs ~2x the bytes and ~20 % more time
        return img.png({ palette: true, quality: settings.quality, compressionLevel: 9, dither: 0 }).toBuffer();
      case 'gif':
        return img.gif({ effort: 7 }).toBuffer();
    }
  };
  try {
    return await encodeAlone(encode);
  } catch (err) {
    throw decodeError(sourceAbs, display, err);
  }
}

const LOST = /unknown error/i;

/**
 * Runs an encode; when it fails with libvips' "Unknown error", tries it once more alone. libvips keeps one error
 * buffer, and with several images failing at once a message can be lost: alone (no other encode of this process
 * under way, new ones held back), the image fails with its own message, or encodes. Throws the better error.
 */
export async function encodeAlone<T>(encode: () => Promise<T>): Promise<T> {
  try {
    return await counted(encode);
  } catch (err) {
    if (!LOST.test((err as Error)?.message ?? '')) throw err;
    try {
      return await alone(encode);
    } catch (again) {
      throw LOST.test((again as Error)?.message ?? '') ? err : again;
    }
  }
}

/** Encodes under way, what waits for none to be, and the retry that has the encoder to itself meanwhile. */
let running = 0;
const idle: Array<() => void> = [];
let gate: Promise<void> | null = null;
let retries: Promise<unknown> = Promise.resolve();

async function counted<T>(work: () => Promise<T>): Promise<T> {
  while (gate) await gate;
  running++;
  try {
    return await work();
  } finally {
    if (--running === 0) for (const wake of idle.splice(0)) wake();
  }
}

/** Runs `work` when no other encode runs, and holds new ones back until it is done; one at a time. */
function alone<T>(work: () => Promise<T>): Promise<T> {
  const run = retries.then(async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    try {
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
      return await work();
    } finally {
      gate = null;
      open();
    }
  });
  retries = run.catch(() => undefined);
  return run;
}
