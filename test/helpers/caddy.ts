import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './nginx.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/** Debian's Caddy binary (2.6.2 on bookworm). */
export const CADDY_BIN = '/usr/bin/caddy';

/** A running Caddy started by a test. */
export type CaddyServer = ServerProcess;

/**
 * Starts Caddy in the foreground on 127.0.0.1 (plain HTTP, no admin endpoint, its own data folder), pasting
 * `siteConf` (the exported directives) into the site block whose root is `root`, before `file_server`. The
 * Caddyfile is adapted first (`caddy adapt`), so a rejected config fails with Caddy's own message. `stop()` ends it.
 */
export async function startCaddy(opts: { siteConf: string; root: string }): Promise<CaddyServer> {
  // never a silent skip: a machine without Caddy fails here, with what to do
  if (!existsSync(CADDY_BIN)) throw new Error(`Caddy is not installed (${CADDY_BIN}): apt-get install caddy (test/setup/ensure-system-deps.mjs does it as root)`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-caddy-'));
  await mkdir(path.join(dir, 'data'));
  const port = await freePort();
  const conf = `{
\tadmin off
\tauto_https off
\tstorage file_system ${dir}/data
\tlog {
\t\toutput file ${dir}/error.log
\t\tlevel WARN
\t}
}
http://127.0.0.1:${port} {
\tbind 127.0.0.1
\troot * ${opts.root}
${opts.siteConf}
\tfile_server
}
`;
  const confFile = path.join(dir, 'Caddyfile');
  await writeFile(confFile, conf);
  // Caddy reads its config and data folders from XDG_* (or $HOME): keep them in the test's folder
  const env = { ...process.env, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'data'), HOME: dir };
  try {
    await promisify(execFile)(CADDY_BIN, ['adapt', '--config', confFile, '--adapter', 'caddyfile'], { env, maxBuffer: 1 << 30 });
  } catch (err) {
    throw new Error(`caddy rejected the config: ${(err as { stderr?: string }).stderr ?? err}`);
  }
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  return startServerProcess('caddy', CADDY_BIN, ['run', '--config', confFile, '--adapter', 'caddyfile'], { port, dir, errorLog, env });
}
