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
  const resize = { width: settings.maxWidth, withoutEnlargement: true };
  try {
    // failOn 'error': a truncated file is corrupt, but libpng's benign warnings (e.g. a bad sRGB chunk) are not
    const img = sharp(bytes, { failOn: 'error', animated: format === 'gif' }).autoOrient().resize(resize);
    switch (format) {
      case 'jpeg':
        return await img.jpeg({ quality: settings.quality, mozjpeg: true }).toBuffer();
      case 'png':
        // palette quantization with libimagequant keeps the alpha channel. No dithering: docs images are mostly
        // diagrams and screenshots, where error-diffusion noise costs ~2x the bytes and ~20 % more time
        return await img.png({ palette: true, quality: settings.quality, compressionLevel: 9, dither: 0 }).toBuffer();
      case 'gif':
        return await img.gif({ effort: 7 }).toBuffer();
    }
  } catch (err) {
    throw decodeError(sourceAbs, display, err);
  }
}
