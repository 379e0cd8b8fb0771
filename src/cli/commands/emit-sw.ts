import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { loadProject } from '../../config/index.js';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';

interface EmitSwCliOptions extends GlobalOptions {
  site?: string;
}

/** `docsgen emit-sw [--site DIR]`: (re)generates `<site>/documentation/sw.js` for a built web root (default dist/public). */
export function registerEmitSw(program: Command, ctx: CliContext): void {
  withGlobalOptions(
    program
      .command('emit-sw')
      .description('generate the service worker (documentation/sw.js) with workbox-build for a built site')
      .option('--site <dir>', 'web root of a built site (default: dist/public)'),
  ).action(async (opts: EmitSwCliOptions) => {
    try {
      // the sw stage (workbox, sharp for the icons) is loaded on use: the other commands do not pay for it
      const { emitServiceWorker, prefixDir } = await import('../../sw/index.js');
      const project = await loadProject(ctx.root(opts));
      const publicDir = path.resolve(project.root, opts.site ?? 'dist/public');
      const pathPrefix = project.config.pathPrefix;
      const buildHash = await readBuildHash(path.join(publicDir, prefixDir(pathPrefix)), publicDir);
      // the worker's generated code is kept with the build's other caches, so a second run costs milliseconds
      const result = await emitServiceWorker({ publicDir, pathPrefix, buildHash, cacheDir: path.join(project.cacheDir, 'sw') });
      const shown = path.relative(project.root, result.outputs.file) || result.outputs.file;
      if (opts.json) {
        const ok = !result.diagnostics.some((d) => d.severity === 'error');
        ctx.out(JSON.stringify({ ok, diagnostics: result.diagnostics, outputs: { ...result.outputs, file: shown }, stats: result.stats }, null, 2));
      } else if (!opts.quiet && !result.diagnostics.some((d) => d.severity === 'error')) {
        const { files, bytes } = result.outputs.precache;
        ctx.out(`emit-sw: wrote ${shown} (build ${buildHash}), precaching ${files} files, ${formatBytes(bytes)}`);
      }
      ctx.report(result.diagnostics, opts);
    } catch (err) {
      ctx.fail(err, opts);
    }
  });
}

/** The site's compilation hash from app-data.json; without one, a fresh random-ish hash stands in (a new worker each run). */
async function readBuildHash(siteDir: string, publicDir: string): Promise<string> {
  const appData = path.join(siteDir, 'page-data', 'app-data.json');
  try {
    const parsed = JSON.parse(await readFile(appData, 'utf8')) as { webpackCompilationHash?: unknown };
    if (typeof parsed.webpackCompilationHash === 'string' && parsed.webpackCompilationHash) return parsed.webpackCompilationHash;
  } catch {
    // no app-data (not a docsgen build, or not built yet): fall through
  }
  return createHash('sha1').update(`${publicDir}\0${Date.now()}`).digest('hex').slice(0, 20);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
