import path from 'node:path';
import type { Command } from 'commander';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';

interface VerifyDeployCliOptions extends GlobalOptions {
  out: string;
  concurrency: string;
  timeout: string;
  retries: string;
}

/** `docsgen verify-deploy URL`: checks a deployed site answers every page, redirect, 404 and data file as the build expects. */
export function registerVerifyDeploy(program: Command, ctx: CliContext): void {
  withGlobalOptions(
    program
      .command('verify-deploy')
      .description('request every page, redirect source (exact ones, and a sample of each pattern), the 404 page and the data files from a deployed site, and report every answer that differs from the build (status, Location, content type, case, query, trailing slash); redirects are never followed, no other origin is requested')
      .argument('<url>', 'the deployed site, http(s) (only its origin is used)')
      .option('--out <dir>', 'the build to compare with (public/ and server/ inside)', 'dist')
      .option('--concurrency <n>', 'requests in flight at once', '8')
      .option('--timeout <ms>', 'timeout per request', '10000')
      .option('--retries <n>', 'retries after a network failure, a timeout, 429 or 502-504', '2'),
  ).action(async (url: string, opts: VerifyDeployCliOptions) => {
    try {
      const numbers = { concurrency: [opts.concurrency, 1], timeout: [opts.timeout, 1], retries: [opts.retries, 0] } as const;
      for (const [flag, [value, min]] of Object.entries(numbers)) {
        const n = Number(value);
        if (!Number.isInteger(n) || n < min) return ctx.usage(`--${flag} must be a whole number of at least ${min} (got "${value}")`, opts);
      }
      // loaded on use, so `docsgen --help` and the other commands do not pay for them
      const [{ loadProject }, { loadRedirects }, { verifyDeploy, deployOrigin }, { hasErrors }] = await Promise.all([
        import('../../config/index.js'),
        import('../../redirects/index.js'),
        import('../../inbound/index.js'),
        import('../../diagnostics/index.js'),
      ]);
      const origin = deployOrigin(url);
      const root = ctx.root(opts);
      const project = await loadProject(root);
      const loaded = await loadRedirects(project.redirectsDir, { root });
      const result = await verifyDeploy({
        url,
        outDir: path.resolve(root, opts.out),
        root,
        pathPrefix: project.config.pathPrefix,
        rules: loaded.outputs.rules,
        concurrency: Number(opts.concurrency),
        timeoutMs: Number(opts.timeout),
        retries: Number(opts.retries),
      });
      const diagnostics = [...loaded.diagnostics.filter((d) => d.severity === 'error'), ...result.diagnostics];
      if (opts.json) ctx.out(JSON.stringify({ ok: !hasErrors(diagnostics), origin, stats: result.stats, diagnostics, problems: result.problems }, null, 2));
      ctx.report(diagnostics, opts);
      if (!opts.json && !opts.quiet && opts.format !== 'github') {
        const { requests, sources, differing } = result.stats;
        ctx.err(`${requests} requests to ${origin} for ${sources} pages, redirects and files: ${differing === 0 ? 'every answer as the build expects' : `${differing} ${differing === 1 ? 'answer differs' : 'answers differ'}`} (${result.stats.ms} ms)`);
      }
    } catch (err) {
      ctx.fail(err, opts);
    }
  });
}
