// SVGs are published sanitized (see sanitize-svg.ts), never as they came: what a writer put in the file is
// rebuilt from the static-SVG allowlist, and anything that would run or load from elsewhere is reported.
import type { Diagnostic } from '../diagnostics/index.js';
import { imageCodes } from './codes.js';
import { decodeError } from './describe.js';
import { ImageError } from './image-error.js';
import type { ImageJob } from './optimize.js';
import { decodeSvgBytes, MAX_SVG_CHARS, sanitizeSvg, type RemovedConstruct } from './sanitize-svg.js';

/** An SVG ready to publish: the sanitized bytes (UTF-8) and what was taken out. */
export interface PublishedSvg {
  bytes: Buffer;
  removed: RemovedConstruct[];
}

/** True when the bytes may be an SVG (not a PNG, JPEG or GIF by their signature): worth asking sharp. */
export function mayBeSvg(bytes: Uint8Array): boolean {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const gif = bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46;
  return !png && !jpeg && !gif;
}

/** The sanitized SVG to publish; throws ImageError when the file is not a usable SVG document. */
export function publishSvg(bytes: Uint8Array, sourceAbs: string, display: string): PublishedSvg {
  let text: string;
  try {
    text = decodeSvgBytes(bytes);
  } catch (err) {
    throw decodeError(sourceAbs, display, err);
  }
  const clean = text.length <= MAX_SVG_CHARS ? sanitizeSvg(text) : null;
  if (!clean) {
    throw new ImageError(
      imageCodes.IMAGE_CORRUPT,
      text.length > MAX_SVG_CHARS ? `image ${display} is larger than ${MAX_SVG_CHARS / 1024 / 1024} MB of SVG text` : `image ${display} has no <svg> root element in the SVG namespace`,
      sourceAbs,
      'export it again as plain SVG, or replace it',
    );
  }
  return { bytes: Buffer.from(clean.svg, 'utf8'), removed: clean.removed };
}

/** The warning for an SVG published without what it held that runs or loads: at its first Markdown reference. */
export function svgChangedDiagnostic(removed: readonly RemovedConstruct[], job: Pick<ImageJob, 'source' | 'references'>, display: string): Diagnostic {
  const listed = removed.slice(0, 4).map((r) => `${r.what} (line ${r.line})`);
  if (removed.length > 4) listed.push(`and ${removed.length - 4} more`);
  const [first, ...rest] = job.references;
  const also = rest.length > 0 ? `; also referenced at ${rest.slice(0, 5).map((r) => `${r.file}:${r.line}:${r.column}`).join(', ')}${rest.length > 5 ? ` and ${rest.length - 5} more` : ''}` : '';
  return {
    code: imageCodes.SVG_ACTIVE_CONTENT,
    severity: 'warning',
    message: `image ${display} holds content that runs or loads from elsewhere, left out of the published copy: ${listed.join(', ')}`,
    hint: `SVGs are published without scripts, event handlers, script or external links, embedded documents and external style sheets; remove them from ${display} to publish it unchanged${also}`,
    location: first ? { ...first } : { file: display, line: removed[0]?.line ?? 1, column: 1 },
  };
}
