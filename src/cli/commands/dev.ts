import type { Command } from 'commander';
import { formatDiagnostic, formatSummary, sortDiagnostics } from '../../diagnostics/index.js';
import type { DevEvent } from '../../serve/index.js';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';
import { parsePort, untilSignal } from './serve.js';

interface DevFlags extends GlobalOptions {
  port: string;
  host: string;
  strict?: boolean;
}

/** `docsgen dev`: builds, serves with live reload, rebuilds on every change until Ctrl-C. */
export function registerDev(program: Command, ctx: CliContext): void {
  withGlobalOptions(program.command('dev'))
    .description('build, serve with live reload, and rebuild when content, templates, redirects, images or the config change')
    .option('--port <n>', 'port (0 picks a free one)', '8000')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--strict', 'unknown frontmatter keys are errors; a page without `description` is a warning')
    .action(async (flags: DevFlags) => {
      // the library is loaded on use, so `docsgen --help` and the other commands do not pay for it
      const { dev } = await import('../../serve/index.js');
      const port = parsePort(flags.port);
      if (port === null) return ctx.usage(`--port must be a whole number from 0 to 65535 (got "${flags.port}")`, flags);
      // an info line (DG1306, no siteUrl) is said once, not after every save: again only when it changes
      let infosBefore = new Set<string>();
      const print = (diagnostics: DevEventDiagnostics, build = true) => {
        const infos = new Set<string>();
        for (const d of sortDiagnostics(diagnostics)) {
          const line = formatDiagnostic(d, ctx.color);
          if (d.severity === 'info') infos.add(line);
          if ((!flags.quiet || d.severity === 'error') && !(d.severity === 'info' && infosBefore.has(line))) ctx.err(line);
        }
        if (build) infosBefore = infos;
      };
      const onEvent = (e: DevEvent) => {
        if (flags.json) return ctx.out(JSON.stringify(e.type === 'request-error' ? { type: e.type, error: String(e.error) } : e));
        switch (e.type) {
          case 'build-start':
            if (!flags.quiet) ctx.err(e.changed[0] === '(start)' ? 'building…' : `changed: ${e.changed.join(', ')}; rebuilding…`);
            break;
          case 'preview':
            if (!flags.quiet) ctx.err(`shown before the build: ${e.pages.join(', ')}`);
            break;
          case 'build-done':
            print(e.diagnostics);
            if (!flags.quiet) {
              // what the cache saved: a one-page edit should say "1 rendered"
              const work = e.stats.upToDate ? 'nothing changed' : `${e.stats.rendered} rendered, ${e.stats.cached} from the cache`;
              const problems = e.diagnostics.some((d) => d.severity !== 'info') ? `; ${formatSummary(e.diagnostics, ctx.color)}` : '';
              ctx.err(`built ${e.stats.pages} pages in ${e.ms} ms (${work}${problems}); ${e.shown ? 'the pages showed it already' : 'pages reloaded'}`);
            }
            break;
          case 'build-failed':
            print(e.diagnostics);
            ctx.err(`${formatSummary(e.diagnostics, ctx.color)}: the build failed after ${e.ms} ms; the browser keeps the last good build and shows the problems`);
            break;
          case 'watch-error':
            print([e.diagnostic], false);
            break;
          case 'request-error':
            ctx.err(`request failed: ${(e.error as Error)?.stack ?? String(e.error)}`);
            break;
        }
      };
      try {
        const server = await dev({ root: ctx.root(flags), port, host: flags.host, strict: flags.strict === true, onEvent });
        if (flags.json) ctx.out(JSON.stringify({ type: 'ready', url: server.url }));
        else ctx.out(`Dev server at ${server.url}`);
        if (!flags.quiet && !flags.json) ctx.err('watching content/, templates/, redirects/ and docsgen.config.yaml; press Ctrl-C to stop');
        const signal = await untilSignal();
        await server.close();
        if (!flags.quiet && !flags.json) ctx.err(`stopped (${signal})`);
      } catch (err) {
        ctx.fail(err, flags);
      }
    });
}

type DevEventDiagnostics = Parameters<typeof sortDiagnostics>[0];
