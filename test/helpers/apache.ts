import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './nginx.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/** Debian's Apache httpd binary and its modules. */
export const APACHE_BIN = '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

/** A running Apache started by a test. */
export type ApacheServer = ServerProcess;

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
  return startServerProcess('apache', APACHE_BIN, ['-X', '-f', confFile], { port, dir, errorLog });
}
