import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { loadProject } from '../../config/load.js';
import { codes } from '../../diagnostics/codes.js';
import { DiagnosticError, hasErrors } from '../../diagnostics/types.js';
import { formatIds } from '../../redirects/formats/index.js';
import type { RedirectFormat } from '../../redirects/index.js';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';

interface ExportRedirectsOptions extends Omit<GlobalOptions, 'format'> {
  format: string;
  out: string;
}

/**
 * `docsgen export-redirects --format F [--out FILE|-]`: one server format from the redirect source.
 * Refuses (exit 1) when the source has errors, so a broken list never reaches a server.
 */
export function registerExportRedirects(program: Command, ctx: CliContext): void {
  program
    .command('export-redirects')
    .description('write the redirects in one server format (html: one stub page per source, into a folder)')
    .requiredOption('--format <format>', `one of ${formatIds.join(', ')}`)
    .option('--out <file>', 'output file, or - for stdout (html: a folder)', '-')
    .option('--root <dir>', 'project root', '.')
    .option('--json', 'print problems as JSON on stdout')
    .option('--quiet', 'print errors only')
    .action(async (opts: ExportRedirectsOptions) => {
      // the library is loaded on use, so `docsgen --help` and the other commands do not pay for it
      const { exportRedirects, loadRedirects, validateRedirects } = await import('../../redirects/index.js');
      const global: GlobalOptions = { root: opts.root, json: opts.json, quiet: opts.quiet, format: 'text' };
      try {
        if (!(formatIds as string[]).includes(opts.format)) {
          throw new DiagnosticError({ code: codes.USAGE, severity: 'error', message: `unknown format \`${opts.format}\``, hint: `use one of ${formatIds.join(', ')}` }, 2);
        }
        const format = opts.format as RedirectFormat;
        if (format === 'html' && opts.out === '-') {
          throw new DiagnosticError({ code: codes.USAGE, severity: 'error', message: 'the html format writes one page per source', hint: 'give a folder: --out redirect-pages' }, 2);
        }
        const root = ctx.root(global);
        const project = await loadProject(root);
        const loaded = await loadRedirects(project.redirectsDir, { root });
        const diagnostics = [...loaded.diagnostics, ...validateRedirects(loaded.outputs.rules, { allowedHosts: project.config.allowedRedirectHosts, pathPrefix: project.config.pathPrefix })];
        if (hasErrors(diagnostics)) {
          if (opts.json) ctx.out(JSON.stringify({ ok: false, diagnostics }, null, 2));
          ctx.report(diagnostics, global);
          if (!opts.json) ctx.err('nothing exported: fix the redirects first (docsgen validate-redirects)');
          return;
        }
        const output = exportRedirects(loaded.outputs.rules, format, { pathPrefix: project.config.pathPrefix, siteUrl: project.config.siteUrl, proxyAllowedHosts: project.config.proxyAllowedHosts });
        const target = opts.out === '-' ? null : path.resolve(ctx.io.cwd, opts.out);
        if (output instanceof Map) {
          const dir = target!;
          for (const [rel, html] of output) {
            const file = path.resolve(dir, rel);
            // stub paths come from validated sources; this check keeps even a bad one inside the folder
            if (!file.startsWith(dir + path.sep)) continue;
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, html);
          }
          if (!opts.quiet) ctx.err(`${output.size} redirect pages written to ${path.relative(ctx.io.cwd, dir) || '.'}`);
        } else if (target) {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, output);
          if (!opts.quiet) ctx.err(`${loaded.outputs.rules.length} redirects written to ${path.relative(ctx.io.cwd, target)} (${format})`);
        } else {
          ctx.io.stdout.write(output);
        }
        if (diagnostics.length > 0) ctx.report(diagnostics, global);
      } catch (err) {
        ctx.fail(err, global);
      }
    });
}
