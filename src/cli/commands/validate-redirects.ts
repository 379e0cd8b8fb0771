import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadProject } from '../../config/index.js';
import { codes } from '../../diagnostics/index.js';
import { DiagnosticError, hasErrors } from '../../diagnostics/index.js';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';

interface ValidateRedirectsOptions extends GlobalOptions {
  site?: string;
}

/** `docsgen validate-redirects [--site DIR]`: loads redirects/, reports every problem, exit 1 on any error (warnings do not fail). */
export function registerValidateRedirects(program: Command, ctx: CliContext): void {
  withGlobalOptions(
    program
      .command('validate-redirects')
      .description('check redirects/*.yaml: schema, invalid or unsafe paths, duplicates and conflicts (across encodings and case), chains, loops, open redirects, temporary statuses, host limits (errors only for config deployTarget); with a built site also missing targets and shadowed pages')
      .option('--site <dir>', 'built web root to check targets against (default: dist/public when it exists)'),
  ).action(async (opts: ValidateRedirectsOptions) => {
    // the library is loaded on use, so `docsgen --help` and the other commands do not pay for it
    const { collectServedPaths, loadRedirects, validateRedirects } = await import('../../redirects/index.js');
    try {
      const root = ctx.root(opts);
      const project = await loadProject(root);
      const loaded = await loadRedirects(project.redirectsDir, { root });
      let site: string | null = null;
      if (opts.site) {
        site = path.resolve(ctx.io.cwd, opts.site);
        if (!existsSync(site) || !statSync(site).isDirectory()) {
          throw new DiagnosticError({ code: codes.USAGE, severity: 'error', message: `--site ${opts.site}: no such folder`, hint: 'give the built web root, e.g. dist/public (run `docsgen build` first)' }, 2);
        }
      } else if (existsSync(path.join(root, 'dist/public'))) site = path.join(root, 'dist/public');
      const pagePaths = site ? await collectServedPaths(site) : undefined;
      const diagnostics = [...loaded.diagnostics];
      if (!hasErrors(loaded.diagnostics) || loaded.outputs.rules.length > 0) {
        const { deployTarget } = project.config;
        diagnostics.push(...validateRedirects(loaded.outputs.rules, { allowedHosts: project.config.allowedRedirectHosts, pathPrefix: project.config.pathPrefix, ...(pagePaths ? { pagePaths } : {}), ...(deployTarget ? { deployTarget } : {}) }));
      }
      const stats = { ...loaded.stats, site: site ? path.relative(root, site) || '.' : null };
      if (opts.json) ctx.out(JSON.stringify({ ok: !hasErrors(diagnostics), stats, diagnostics }, null, 2));
      ctx.report(diagnostics, opts);
      if (!opts.json && !opts.quiet) {
        ctx.err(`${loaded.stats.rules} redirects in ${loaded.stats.files} files${site ? `, checked against ${stats.site}` : ' (no built site: targets and shadowed pages not checked)'}`);
      }
    } catch (err) {
      ctx.fail(err, opts);
    }
  });
}
