import type { Command } from 'commander';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';
import { formatDiagnostic } from '../../diagnostics/index.js';

interface ServeFlags extends GlobalOptions {
  port: string;
  host: string;
}

/** `docsgen serve [DIR]`: previews a build with the nginx config's behaviour until Ctrl-C. */
export function registerServe(program: Command, ctx: CliContext): void {
  withGlobalOptions(program.command('serve'))
    .description('preview a build on 127.0.0.1 with the same redirect, trailing-slash, 404/500 and cache behaviour as the nginx config')
    .argument('[dir]', 'web root to serve (default dist/public under --root)')
    .option('--port <n>', 'port (0 picks a free one)', '8000')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .action(async (dir: string | undefined, flags: ServeFlags) => {
      // the library is loaded on use, so `docsgen --help` and the other commands do not pay for it
      const { serve, ServeRefusedError } = await import('../../serve/index.js');
      const port = parsePort(flags.port);
      if (port === null) return ctx.usage(`--port must be a whole number from 0 to 65535 (got "${flags.port}")`, flags);
      try {
        const server = await serve({
          root: ctx.root(flags),
          ...(dir !== undefined ? { dir: ctx.root({ ...flags, root: dir }) } : {}),
          port,
          host: flags.host,
          onError: (err) => ctx.err(`request failed: ${(err as Error)?.stack ?? String(err)}`),
        });
        // start-up problems are printed, but the server runs: a preview is still useful
        if (!flags.json) for (const d of server.diagnostics) ctx.err(formatDiagnostic(d, ctx.color));
        if (flags.json) ctx.out(JSON.stringify({ ok: true, url: server.url, dir: server.dir, redirects: server.redirects, diagnostics: server.diagnostics }));
        else {
          ctx.out(`Serving ${server.dir} at ${server.url}`);
          if (!flags.quiet) ctx.err(`${server.redirects.count} redirects${server.redirects.source ? ` from ${server.redirects.source}` : ''}; press Ctrl-C to stop`);
        }
        const signal = await untilSignal();
        await server.close();
        if (!flags.quiet && !flags.json) ctx.err(`stopped (${signal})`);
      } catch (err) {
        if (!(err instanceof ServeRefusedError)) return ctx.fail(err, flags);
        // every problem that stopped it, as validate-redirects prints them
        if (flags.json) ctx.out(JSON.stringify({ ok: false, diagnostics: err.diagnostics }, null, 2));
        ctx.report(err.diagnostics, flags);
        ctx.exitCode = err.exitCode;
      }
    });
}

/** A --port value as a number, or null when it is not a port. */
export function parsePort(value: string): number | null {
  const n = Number(value);
  return /^\d+$/.test(value) && n <= 65535 ? n : null;
}

/** Resolves with the signal's name on the first SIGINT or SIGTERM (Ctrl-C), so the command can close cleanly. */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}
