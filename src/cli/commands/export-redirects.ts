import { existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { loadProject } from '../../config/index.js';
import { codes } from '../../diagnostics/index.js';
import { DiagnosticError, hasErrors } from '../../diagnostics/index.js';
import { FORMAT_IDS as formatIds, type RedirectFormat } from '../../util/redirect-formats.js';
import type { CliContext, GlobalOptions } from '../context.js';

interface ExportRedirectsOptions extends Omit<GlobalOptions, 'format'> {
  format: string;
  out: string;
  site?: string;
}

/**
 * `docsgen export-redirects --format F [--out PATH|-] [--site DIR]`: one server format from the redirect source.
 * Validates first, exactly as `validate-redirects` does (against the built site when there is one, host limits of
 * this format only) and exports nothing while there is an error (exit 1). `nginx --out DIR` writes both includes,
 * as the build does; `html --out DIR` writes stub pages and never over a file.
 */
export function registerExportRedirects(program: Command, ctx: CliContext): void {
  program
    .command('export-redirects')
    .description('write the redirects in one server format, after validating them (nothing is written while there is an error)')
    .requiredOption('--format <format>', `one of ${formatIds.join(', ')}`)
    .option('--out <path>', 'output file, or - for stdout; nginx: a folder that gets http.conf (include it in http {}) and server.conf (include it in the server {} whose root is the web root); html: the web root, stubs are never written over a file', '-')
    .option('--site <dir>', 'built web root to check targets and shadowed pages against (default: dist/public when it exists; html: the --out folder)')
    .option('--root <dir>', 'project root', '.')
    .option('--json', 'print problems as JSON on stdout')
    .option('--quiet', 'print errors only')
    .action(async (opts: ExportRedirectsOptions) => {
      // the library is loaded on use, so `docsgen --help` and the other commands do not pay for it
      const redirects = await import('../../redirects/index.js');
      const global: GlobalOptions = { root: opts.root, json: opts.json, quiet: opts.quiet, format: 'text' };
      try {
        if (!(formatIds as readonly string[]).includes(opts.format)) {
          throw new DiagnosticError({ code: codes.USAGE, severity: 'error', message: `unknown format \`${opts.format}\``, hint: `use one of ${formatIds.join(', ')}` }, 2);
        }
        const format = opts.format as RedirectFormat;
        if (format === 'html' && opts.out === '-') {
          throw new DiagnosticError({ code: codes.USAGE, severity: 'error', message: 'the html format writes one page per source', hint: 'give the web root: --out dist/public' }, 2);
        }
        const root = ctx.root(global);
        const project = await loadProject(root);
        const { config } = project;
        const target = opts.out === '-' ? null : path.resolve(ctx.io.cwd, opts.out);
        const site = siteDir(opts.site ? path.resolve(ctx.io.cwd, opts.site) : format === 'html' && target && existsSync(target) ? target : path.join(root, 'dist/public'), Boolean(opts.site), opts.site);
        const loaded = await redirects.loadRedirects(project.redirectsDir, { root });
        const rules = loaded.outputs.rules;
        const pagePaths = site ? await redirects.collectServedPaths(site) : null;
        // stubs an earlier html export wrote are not pages: this export replaces them
        if (pagePaths && site !== null && format === 'html' && site === target) {
          for (const p of [...pagePaths]) if (p.endsWith('.html') && (await redirects.isStubPage(path.join(site, p)))) for (const q of [p, p.replace(/index\.html$/, '')]) pagePaths.delete(q);
        }
        const diagnostics = [...loaded.diagnostics, ...redirects.validateRedirects(rules, {
          allowedHosts: config.allowedRedirectHosts,
          pathPrefix: config.pathPrefix,
          formats: [format],
          ...(pagePaths ? { pagePaths } : {}),
          ...(config.deployTarget ? { deployTarget: config.deployTarget } : {}),
        })];
        const refuse = () => {
          if (opts.json) ctx.out(JSON.stringify({ ok: false, diagnostics }, null, 2));
          ctx.report(diagnostics, global);
          if (!opts.json) ctx.err('nothing exported: fix the redirects first (docsgen validate-redirects)');
        };
        if (hasErrors(diagnostics)) return refuse();
        const exportOptions = { pathPrefix: config.pathPrefix, siteUrl: config.siteUrl, proxyAllowedHosts: config.proxyAllowedHosts };
        const rel = (p: string) => path.relative(ctx.io.cwd, p) || '.';
        if (format === 'html') {
          const result = await redirects.writeStubPages(redirects.htmlStubs(rules, exportOptions), target!, rel(target!));
          diagnostics.push(...result.diagnostics);
          if (hasErrors(result.diagnostics)) return refuse();
          if (!opts.quiet) ctx.err(`${result.written} redirect pages written to ${rel(target!)}`);
        } else if (format === 'nginx') {
          // the built site's matchPath pages (server/match-paths.json) go into http.conf as the build put them
          const matchPaths = site ? await redirects.readBuiltMatchPaths(site) : [];
          const files = redirects.nginxConfFiles(rules, { pathPrefix: config.pathPrefix, proxyAllowedHosts: config.proxyAllowedHosts, matchPaths });
          if (!target) {
            ctx.io.stdout.write(files[0]![1]);
            if (!opts.quiet) ctx.err('this is http.conf (include it in http {}); --out DIR also writes server.conf, which acts on it inside the server {}');
            if (diagnostics.length > 0) ctx.report(diagnostics, global);
            return;
          }
          await mkdir(target, { recursive: true });
          for (const [name, text] of files) await writeFile(path.join(target, name), text);
          if (!opts.quiet) ctx.err(`${rules.length} redirects written to ${rel(path.join(target, 'http.conf'))} (include in http {}) and ${rel(path.join(target, 'server.conf'))} (include in the server {})`);
        } else {
          const output = redirects.exportRedirects(rules, format as Exclude<RedirectFormat, 'html'>, exportOptions);
          if (target) {
            await mkdir(path.dirname(target), { recursive: true });
            await writeFile(target, output);
            if (!opts.quiet) ctx.err(`${rules.length} redirects written to ${rel(target)} (${format})`);
          } else {
            ctx.io.stdout.write(output);
          }
        }
        if (diagnostics.length > 0) ctx.report(diagnostics, global);
      } catch (err) {
        ctx.fail(err, global);
      }
    });
}

/** The web root to check against: a given `--site` must be a folder; the defaults only when they exist. */
function siteDir(dir: string, given: boolean, shown?: string): string | null {
  const ok = existsSync(dir) && statSync(dir).isDirectory();
  if (!ok && given) throw new DiagnosticError({ code: codes.USAGE, severity: 'error', message: `--site ${shown}: no such folder`, hint: 'give the built web root, e.g. dist/public (run `docsgen build` first)' }, 2);
  return ok ? dir : null;
}
