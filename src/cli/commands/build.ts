import path from 'node:path';
import type { Command } from 'commander';
import { DiagnosticError, hasErrors } from '../../diagnostics/index.js';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';
import { createProgress } from '../progress.js';

interface BuildFlags extends GlobalOptions {
  out: string;
  concurrency?: string;
  images: boolean;
  sw: boolean;
  links: 'error' | 'warn' | 'off';
  cache: boolean;
  strict?: boolean;
  removedPages?: string;
  since?: string;
}

/** `docsgen build`: renders the site into dist/public and the server config into dist/server. */
export function registerBuild(program: Command, ctx: CliContext): void {
  withGlobalOptions(program.command('build'))
    .description('render every page, page data, assets, images, service worker, manifest and redirect artifacts')
    .option('--out <dir>', 'output folder (public/ and server/ inside)', 'dist')
    .option('--concurrency <n>', 'render workers (default: all cores)')
    .option('--no-images', 'skip image optimization')
    .option('--no-sw', 'skip the service worker')
    .option('--links <mode>', 'broken internal links: error, warn or off', 'error')
    .option('--no-cache', 'parse and render every page, ignoring .docsgen-cache/ (it is still refreshed)')
    .option('--strict', 'unknown frontmatter keys are errors; a page without `description` is a warning')
    .option('--removed-pages <mode>', 'a URL the last build published that is now no page and no redirect source: error, warn or off (default: config removedPages, else error)')
    .option('--since <file>', 'compare published URLs with this published.json or live sitemap.xml instead of the cache')
    .action(async (flags: BuildFlags) => {
      if (!['error', 'warn', 'off'].includes(flags.links)) return ctx.usage(`--links must be error, warn or off (got "${flags.links}")`, flags);
      if (flags.removedPages !== undefined && !['error', 'warn', 'off'].includes(flags.removedPages)) return ctx.usage(`--removed-pages must be error, warn or off (got "${flags.removedPages}")`, flags);
      const concurrency = flags.concurrency === undefined ? undefined : Number(flags.concurrency);
      if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 0)) {
        return ctx.usage(`--concurrency must be a whole number ≥ 0 (got "${flags.concurrency}")`, flags);
      }
      const bar = createProgress(ctx, Boolean(flags.quiet || flags.json));
      // loaded on use, so `docsgen --help` and other commands do not pay for the build's modules
      const { build } = await import('../../build.js');
      try {
        const result = await build({
          root: ctx.root(flags),
          out: flags.out,
          ...(concurrency !== undefined ? { concurrency } : {}),
          images: flags.images,
          sw: flags.sw,
          links: flags.links,
          cache: flags.cache,
          strict: flags.strict === true,
          ...(flags.removedPages ? { removedPages: flags.removedPages as 'error' | 'warn' | 'off' } : {}),
          ...(flags.since ? { since: path.resolve(ctx.io.cwd, flags.since) } : {}),
          onProgress: (e) => bar.update(e.phase, e.done, e.total),
        });
        bar.stop();
        const ok = !hasErrors(result.diagnostics) && result.outputs !== null;
        ctx.report(result.diagnostics, flags);
        if (flags.json) {
          ctx.out(JSON.stringify({ ok, outDir: result.outputs?.outDir ?? null, buildHash: result.outputs?.buildHash ?? null, stats: result.stats, diagnostics: result.diagnostics }, null, 2));
        } else if (!flags.quiet) {
          const s = result.stats;
          const verdict = !ok ? 'build failed; the previous output is untouched' : s.upToDate ? `${flags.out}/ is up to date` : `built ${flags.out}/`;
          const work = s.upToDate ? 'nothing changed' : `${s.rendered} rendered, ${s.cached} from the cache`;
          ctx.err(`${verdict}: ${s.pages} pages (${work}), ${s.images} images, ${s.redirects} redirects, ${s.links} links checked in ${(s.ms / 1000).toFixed(2)} s`);
        }
        if (!ok) ctx.exitCode = Math.max(ctx.exitCode, 1);
      } catch (err) {
        bar.stop();
        ctx.fail(err, flags);
        // a problem reported as one line (an unwritable or full disk, a bad config) stopped the build before it
        // replaced anything: the staged files are gone and the previous output is as it was
        if (err instanceof DiagnosticError && !flags.quiet && !flags.json) ctx.err('build failed; the previous output is untouched');
      }
    });
}
