// `docsgen dev` as the browser and rebuild tests run it: the real binary on a port of its own, everything it
// prints gathered in one string the tests wait on, and stopped with SIGTERM as Ctrl-C would.
import { execa, type ResultPromise } from 'execa';
import { bin } from '../helpers/cli.js';

export class DevProcess {
  /** stdout and stderr as they came. */
  output = '';
  /** The site's address, from the "Dev server at" line. */
  url = '';
  readonly proc: ResultPromise<{ cwd: string; reject: false; env: Record<string, string>; all: true }>;

  private constructor(dir: string, args: string[]) {
    this.proc = execa(process.execPath, [bin, 'dev', ...args], { cwd: dir, reject: false, env: { NO_COLOR: '1', CI: 'true' }, all: true });
    this.proc.all.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  /** Starts `docsgen dev` in `dir` and waits for its address (its first build done). */
  static async start(dir: string, args = ['--host', '127.0.0.1', '--port', '0'], timeoutMs = 120_000): Promise<DevProcess> {
    const dev = new DevProcess(dir, args);
    dev.url = (await dev.waitForOutput(/Dev server at (http:\/\/\S+)/, 0, timeoutMs))[1]!;
    return dev;
  }

  /** Whether the process has ended. */
  get exited(): boolean {
    return this.proc.exitCode !== undefined && this.proc.exitCode !== null;
  }

  /** Resolves when the output after `from` characters matches `re`; throws with the output when it ends or times out. */
  async waitForOutput(re: RegExp, from = 0, timeoutMs = 90_000): Promise<RegExpMatchArray> {
    const started = Date.now();
    for (;;) {
      const m = this.output.slice(from).match(re);
      if (m) return m;
      if (this.exited) throw new Error(`docsgen dev exited (${this.proc.exitCode}):\n${this.output}`);
      if (Date.now() - started > timeoutMs) throw new Error(`no ${re} in docsgen dev output:\n${this.output.slice(from)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Stops it as Ctrl-C would (SIGTERM) and gives its result. */
  async stop(): Promise<Awaited<DevProcess['proc']>> {
    if (!this.exited) this.proc.kill('SIGTERM');
    return this.proc;
  }
}
