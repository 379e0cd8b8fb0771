// `build --no-images`: the referenced images are published as their source files, unoptimized, so pages still
// show them and links still resolve; SVGs are sanitized all the same (see sanitize-svg.ts).
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { displayPath } from './describe.js';
import { imageDiagnostic, type ImageJob } from './optimize.js';
import { mayBeSvg, publishSvg, svgChangedDiagnostic } from './publish-svg.js';

/**
 * Copies each image to `outDir/output`. Every one was described (its header read by sharp) when its page
 * rendered, so a file that is not a PNG, JPEG or GIF by its signature is an SVG here.
 */
export async function copyImages(images: readonly ImageJob[], outDir: string, root?: string): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const job of images) {
    const target = path.join(outDir, job.output);
    const display = displayPath(job.source, root);
    await mkdir(path.dirname(target), { recursive: true });
    const bytes = await readFile(job.source);
    if (!mayBeSvg(bytes)) {
      await copyFile(job.source, target);
      continue;
    }
    try {
      const svg = publishSvg(bytes, job.source, display);
      await writeFile(target, svg.bytes);
      if (svg.removed.length > 0) diagnostics.push(svgChangedDiagnostic(svg.removed, job, display));
    } catch (err) {
      diagnostics.push(imageDiagnostic(err, job, display));
    }
  }
  return diagnostics;
}
