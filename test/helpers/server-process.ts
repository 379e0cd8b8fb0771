import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import net from 'node:net';

/** A web server a test started on 127.0.0.1 (nginx, Apache, Caddy). */
export interface ServerProcess {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The server's error log so far (for failure messages). */
  errorLog(): Promise<string>;
  /** Ends the server and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts `bin args` in the foreground, waits until it accepts connections on `port` (up to 10 s), and returns
 * a handle whose stop() ends it and removes `dir` (its config, pid file and logs).
 */
export async function startServerProcess(name: string, bin: string, args: string[], opts: { port: number; dir: string; errorLog: () => Promise<string>; env?: NodeJS.ProcessEnv }): Promise<ServerProcess> {
  const { port, dir, errorLog } = opts;
  const child = spawn(bin, args, { stdio: 'ignore', ...(opts.env ? { env: opts.env } : {}) });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${await errorLog()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) break;
    if (i >= 400) throw new Error(`${name} did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    errorLog,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      // a server that has not ended 5 s after SIGTERM (seen once with Apache under load) is killed: a test's stop
      // must not hang until its timeout
      const late = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(late);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
