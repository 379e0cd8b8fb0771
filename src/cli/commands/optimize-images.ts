import { stat } from 'node:fs/promises';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { loadProject } from '../../config/index.js';
import { codes } from '../../diagnostics/index.js';
import { DiagnosticError, type Diagnostic } from '../../diagnostics/index.js';
import type * as DescribeModule from '../../images/describe.js';
import type { ImageJob } from '../../images/index.js';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';
import { cliProgress } from '../progress.js';

interface OptimizeImagesCliOptions extends GlobalOptions {
  in?: string;
  out?: string;
  maxWidth?: number;
  quality?: number;
}

/**
 * `docsgen optimize-images`: every image under --in (default `content/`) to
 * `<out>/<hash>/<name>` (default out: `dist/public/documentation/static`, the folder a build links to),
 * at most --max-width px wide, at --quality, in its own format, through the image cache.
 */
export function registerOptimizeImages(program: Command, ctx: CliContext): void {
  withGlobalOptions(
    program
      .command('optimize-images')
      .description('resize and recompress images with sharp (source format kept, cached by content)')
      .option('--in <dir>', 'folder of source images, searched recursively (default: content)')
      .option('--out <dir>', 'output folder; each image lands in <out>/<hash>/<name> (default: dist/public/documentation/static)')
      .option('--max-width <px>', 'maximum width in pixels; smaller images are never upscaled (default: 995)', parsePositiveInt)
      .option('--quality <1-100>', 'JPEG and PNG quality (default: 50)', parseQuality),
  ).action(async (opts: OptimizeImagesCliOptions) => {
    try {
      await runOptimizeImages(ctx, opts);
    } catch (err) {
      ctx.fail(err, opts);
    }
  });
}

async function runOptimizeImages(ctx: CliContext, opts: OptimizeImagesCliOptions): Promise<void> {
  // sharp and the image stage are loaded on use, so `docsgen --help` and the other commands do not pay for them
  const [{ describeImage, displayPath, staticOutputPath }, { findImageReferences }, { imageDiagnostic, optimizeImages }, { imageCodes, IMAGE_EXTENSIONS }] = await Promise.all([
    import('../../images/describe.js') as Promise<typeof DescribeModule>,
    import('../../images/find-references.js'),
    import('../../images/optimize.js'),
    import('../../images/index.js'),
  ]);
  const project = await loadProject(ctx.root(opts));
  const { root } = project;
  const pathPrefix = project.config.pathPrefix;
  const inDir = opts.in ? path.resolve(root, opts.in) : project.contentDir;
  const outDir = opts.out ? path.resolve(root, opts.out) : path.join(root, 'dist/public', staticOutputPath(pathPrefix, '', '').replace(/\/+$/, ''));
  const maxWidth = opts.maxWidth ?? project.config.images.maxWidth;
  const quality = opts.quality ?? project.config.images.quality;

  const sources = await listImages(inDir, root);
  // references are looked up in the content folder, where the Markdown lives, even when --in is a subfolder
  const references = await findImageReferences(project.contentDir, root);
  const diagnostics: Diagnostic[] = [];
  const jobs: ImageJob[] = [];
  const urls: Array<{ source: string; url: string; output: string; width: number; height: number }> = [];
  for (const source of sources) {
    const refs = references.get(source) ?? [];
    try {
      const d = await describeImage(source, { pathPrefix, maxWidth, quality, root });
      const output = path.posix.join(d.hash, path.basename(source));
      jobs.push({ source, output, references: refs });
      urls.push({ source: displayPath(source, root), url: d.url, output: displayPath(path.join(outDir, output), root), width: d.width, height: d.height });
    } catch (err) {
      diagnostics.push(imageDiagnostic(err, { source, references: refs }, displayPath(source, root)));
    }
  }
  if (sources.length === 0) {
    diagnostics.push({
      code: imageCodes.IMAGE_NONE_FOUND,
      severity: 'warning',
      message: `no images found in ${displayPath(inDir, root) || '.'}`,
      hint: `docsgen looks for ${IMAGE_EXTENSIONS.join(' ')} files; pass --in to choose another folder`,
    });
  }

  const progress = createProgress(ctx, opts);
  const result = await optimizeImages({ images: jobs, outDir, cacheDir: path.join(project.cacheDir, 'images'), maxWidth, quality, root, onProgress: progress.update });
  progress.stop();
  diagnostics.push(...result.diagnostics);
  const stats = { ...result.stats, images: sources.length, failed: sources.length - jobs.length + result.stats.failed };

  if (opts.json) {
    const ok = !diagnostics.some((d) => d.severity === 'error');
    ctx.out(JSON.stringify({ ok, diagnostics, outputs: { outDir: displayPath(outDir, root), images: urls }, stats }, null, 2));
  } else if (!opts.quiet) {
    ctx.out(
      `optimize-images: ${stats.images} images, ${stats.processed} processed, ${stats.cached} cached, ${stats.failed} failed` +
        ` in ${stats.ms} ms → ${displayPath(outDir, root)} (max width ${maxWidth} px, quality ${quality})`,
    );
  }
  ctx.report(diagnostics, opts);
}

/** The images under a folder (or the one file given); a missing --in is a usage error. */
async function listImages(inDir: string, root: string): Promise<string[]> {
  const info = await stat(inDir).catch(() => null);
  if (!info) {
    const { displayPath } = (await import('../../images/describe.js')) as typeof DescribeModule;
    throw new DiagnosticError(
      { code: codes.USAGE, severity: 'error', message: `input ${displayPath(inDir, root)} does not exist`, hint: 'pass --in with a folder of images (default: content)' },
      2,
    );
  }
  if (info.isFile()) return [inDir];
  const { IMAGE_EXTENSIONS } = await import('../../images/index.js');
  const pattern = `**/*.{${IMAGE_EXTENSIONS.map((e) => e.slice(1)).join(',')}}`;
  const { default: fg } = await import('fast-glob'); // on use: the other commands do not load it
  return (await fg(pattern, { cwd: inDir, absolute: true, caseSensitiveMatch: false, ignore: ['**/node_modules/**'] })).sort();
}

/** A progress bar on a terminal; otherwise a plain line every 10 % (CI logs stay short). */
function createProgress(ctx: CliContext, opts: GlobalOptions): { update: (done: number, total: number) => void; stop: () => void } {
  if (opts.json || opts.quiet) return { update: () => {}, stop: () => {} };
  if (ctx.io.stderr.isTTY) {
    const { SingleBar, Presets } = cliProgress();
    const bar = new SingleBar(
      { format: 'images {bar} {value}/{total} ({percentage}%)', stream: ctx.io.stderr as NodeJS.WritableStream, hideCursor: true, clearOnComplete: true },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update: (done, total) => {
        if (!started) bar.start(total, done);
        else bar.update(done);
        started = true;
      },
      stop: () => bar.stop(),
    };
  }
  let lastTenth = -1;
  return {
    update: (done, total) => {
      if (total === 0 || done === 0) return;
      const tenth = Math.floor((done * 10) / total);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      ctx.err(`images: ${done}/${total}`);
    },
    stop: () => {},
  };
}

function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a whole number of pixels above 0');
  return n;
}

function parseQuality(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new InvalidArgumentError('expected a whole number from 1 to 100');
  return n;
}
