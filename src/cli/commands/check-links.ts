import path from 'node:path';
import type { Command } from 'commander';
import { PROJECT } from '../../config/index.js';
import { DiagnosticError, hasErrors } from '../../diagnostics/index.js';
import { codes } from '../../diagnostics/index.js';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';
import { cliProgress } from '../progress.js';

interface CheckLinksCliOptions extends GlobalOptions {
  redirects?: string;
  linkSources?: string;
  pathPrefix?: string;
  external?: boolean;
  allowPrivate?: boolean;
  concurrency?: string;
  timeout?: string;
  retries?: string;
  cacheDir?: string;
}

/** `docsgen check-links [DIR]`: checks a folder of built HTML; exit 1 when any link is broken. */
export function registerCheckLinks(program: Command, ctx: CliContext): void {
  withGlobalOptions(
    program
      .command('check-links')
      .description('check every link, anchor and asset of a folder of built HTML (default: dist/public)')
      .argument('[dir]', 'folder of built HTML, the web root (default: dist/public under --root)')
      .option('--redirects <file>', 'redirect list (redirects.json or _redirects); found automatically for a docsgen build')
      .option('--link-sources <file>', 'where rendered links came from in Markdown; found automatically for a docsgen build')
      .option('--path-prefix <prefix>', 'URL path the folder is served at (default: the folder is the web root)')
      .option('--external', 'also check http(s) links over the network')
      .option('--allow-private', 'external links: also request loopback, private and link-local addresses (refused by default)')
      .option('--concurrency <n>', 'threads parsing pages (default: every core)')
      .option('--timeout <ms>', 'external links: timeout per request', '10000')
      .option('--retries <n>', 'external links: retries after a timeout, 429 or 5xx', '2')
      .option('--cache-dir <dir>', 'external links: cache of good results (default: .docsgen-cache/links under --root)'),
  ).action(async (dir: string | undefined, opts: CheckLinksCliOptions) => {
    // the library is loaded on use, so `docsgen --help` and the other commands do not pay for it
    const { checkLinks } = await import('../../links/index.js');
    const progress = createProgress(ctx, opts);
    try {
      const root = ctx.root(opts);
      const result = await checkLinks({
        dir: dir ? path.resolve(ctx.io.cwd, dir) : path.join(root, PROJECT.out, 'public'),
        redirectsFile: opts.redirects ? path.resolve(ctx.io.cwd, opts.redirects) : undefined,
        linkSourcesFile: opts.linkSources ? path.resolve(ctx.io.cwd, opts.linkSources) : undefined,
        pathPrefix: opts.pathPrefix,
        external: Boolean(opts.external),
        allowPrivate: Boolean(opts.allowPrivate),
        concurrency: opts.concurrency === undefined ? undefined : toNumber('--concurrency', opts.concurrency, 1),
        timeoutMs: toNumber('--timeout', opts.timeout ?? '10000', 1),
        retries: toNumber('--retries', opts.retries ?? '2', 0),
        cacheDir: path.resolve(root, opts.cacheDir ?? path.join(PROJECT.cache, 'links')),
        cwd: ctx.io.cwd,
        // the build records Markdown paths relative to the project root
        sourceRoot: root,
        onProgress: progress.update,
      });
      progress.stop();
      const { pages, links, problems } = result.outputs;
      if (opts.json) {
        const list = problems.map((p) => ({
          page: p.page,
          href: p.href,
          kind: p.kind,
          ...(p.source ? { source: p.source } : {}),
          ...(p.target !== undefined ? { target: p.target } : {}),
        }));
        // the shape of every command ({ ok, stats, diagnostics }), plus the problems by page and link
        const ok = !hasErrors(result.diagnostics);
        ctx.out(JSON.stringify({ ok, stats: result.stats, diagnostics: result.diagnostics, pages, links, problems: list }, null, 2));
      } else if (!opts.quiet && opts.format !== 'github') {
        ctx.err(`checked ${links} ${links === 1 ? 'link' : 'links'} on ${pages} ${pages === 1 ? 'page' : 'pages'} in ${result.stats.ms} ms`);
      }
      // sorted by file: problems come out grouped by the Markdown (or HTML) file to fix
      ctx.report(result.diagnostics, opts);
    } catch (err) {
      progress.stop();
      ctx.fail(err, opts);
    }
  });
}

function toNumber(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    throw new DiagnosticError({ code: codes.USAGE, severity: 'error', message: `${flag} must be a whole number of at least ${min}, got \`${value}\`` }, 2);
  }
  return n;
}

/** A progress bar on a terminal; on a log, a plain line every quarter for sites big enough to wait for. */
function createProgress(ctx: CliContext, opts: GlobalOptions): { update: (done: number, total: number) => void; stop: () => void } {
  if (opts.quiet || opts.json || opts.format === 'github') return { update: () => undefined, stop: () => undefined };
  if (ctx.io.stderr.isTTY) {
    const { SingleBar, Presets } = cliProgress();
    const bar = new SingleBar(
      { stream: ctx.io.stderr as NodeJS.WriteStream, format: 'checking links [{bar}] {value}/{total} pages', clearOnComplete: true, hideCursor: true },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update: (done, total) => {
        if (!started) {
          bar.start(total, 0);
          started = true;
        }
        bar.update(done);
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
  let lastQuarter = 0;
  return {
    update: (done, total) => {
      if (total < 1000) return;
      const quarter = Math.floor((done / total) * 4);
      if (quarter > lastQuarter && quarter < 4) {
        lastQuarter = quarter;
        ctx.err(`checking links: ${done}/${total} pages`);
      }
    },
    stop: () => undefined,
  };
}
