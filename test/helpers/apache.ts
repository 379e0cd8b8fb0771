import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './nginx.js';

/** Debian's Apache httpd binary and its modules. */
export const APACHE_BIN = '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

/** A running Apache started by a test. */
export interface ApacheServer {
  port: number;
  origin: string;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts Apache in the foreground (`-X`, one process) on 127.0.0.1 with its own server root, pid and log,
 * including `vhostConf` inside a <VirtualHost> whose DocumentRoot is `root`. `stop()` ends it.
 */
export async function startApache(opts: { vhostConf: string; root: string }): Promise<ApacheServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-apache-'));
  const port = await freePort();
  const include = path.join(dir, 'redirects.conf');
  await writeFile(include, opts.vhostConf);
  const conf = `
ServerRoot ${dir}
ServerName localhost
Listen 127.0.0.1:${port}
PidFile ${dir}/httpd.pid
DefaultRuntimeDir ${dir}
Mutex file:${dir} default
ErrorLog ${dir}/error.log
LogLevel warn
${process.getuid?.() === 0 ? 'User daemon\nGroup daemon' : ''}
LoadModule mpm_event_module ${MODULES}/mod_mpm_event.so
LoadModule authz_core_module ${MODULES}/mod_authz_core.so
LoadModule rewrite_module ${MODULES}/mod_rewrite.so
LoadModule dir_module ${MODULES}/mod_dir.so
DirectoryIndex index.html
<Directory />
  Require all granted
</Directory>
<VirtualHost 127.0.0.1:${port}>
  DocumentRoot ${opts.root}
  Include ${include}
</VirtualHost>
`;
  const confFile = path.join(dir, 'httpd.conf');
  await writeFile(confFile, conf);
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  try {
    await promisify(execFile)(APACHE_BIN, ['-t', '-f', confFile]);
  } catch (err) {
    throw new Error(`apache rejected the config: ${(err as { stderr?: string }).stderr ?? err}`);
  }
  const child: ChildProcess = spawn(APACHE_BIN, ['-X', '-f', confFile], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`apache exited with ${child.exitCode}: ${await errorLog()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) break;
    if (i > 400) throw new Error(`apache did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    errorLog,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
