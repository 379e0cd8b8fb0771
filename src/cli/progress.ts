import cliProgress from 'cli-progress';
import type { CliContext } from './context.js';

/** Reports long work: a bar on a terminal, a plain line per phase otherwise (CI logs), nothing with --quiet. */
export function createProgress(ctx: CliContext, quiet: boolean) {
  const tty = Boolean(ctx.io.stderr.isTTY) && !quiet;
  let bar: cliProgress.SingleBar | null = null;
  let phase = '';
  return {
    update(name: string, done: number, total: number): void {
      if (quiet) return;
      if (name !== phase) {
        bar?.stop();
        bar = null;
        phase = name;
        if (tty && total > 1) {
          bar = new cliProgress.SingleBar(
            { format: `${name.padEnd(15)} {bar} {value}/{total}`, stream: ctx.io.stderr, hideCursor: true, clearOnComplete: true },
            cliProgress.Presets.shades_classic,
          );
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
