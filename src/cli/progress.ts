import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import type { CliContext } from './context.js';

/**
 * cli-progress, required when a bar is first drawn: only a terminal shows one, so a build in CI or a script never
 * loads it (nor its string-width and ansi packages). Required from node_modules, outside the CLI bundle.
 */
export function cliProgress(): typeof cliProgressModule {
  return createRequire(import.meta.url)('cli-progress') as typeof cliProgressModule;
}

/** Reports long work: a bar on a terminal, a plain line per phase otherwise (CI logs), nothing with --quiet. */
export function createProgress(ctx: CliContext, quiet: boolean) {
  const tty = Boolean(ctx.io.stderr.isTTY) && !quiet;
  let bar: cliProgressModule.SingleBar | null = null;
  let phase = '';
  return {
    update(name: string, done: number, total: number): void {
      if (quiet) return;
      if (name !== phase) {
        bar?.stop();
        bar = null;
        phase = name;
        if (tty && total > 1) {
          const { SingleBar, Presets } = cliProgress();
          bar = new SingleBar({ format: `${name.padEnd(15)} {bar} {value}/{total}`, stream: ctx.io.stderr, hideCursor: true, clearOnComplete: true }, Presets.shades_classic);
          bar.start(total, 0);
        } else if (!tty) {
          ctx.err(`${name}…`);
        }
      }
      bar?.setTotal(total);
      bar?.update(done);
    },
    stop(): void {
      bar?.stop();
      bar = null;
    },
  };
}
