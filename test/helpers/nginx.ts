import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServerProcess, type ServerProcess } from './server-process.js';

/** Debian's nginx binary. */
export const NGINX_BIN = '/usr/sbin/nginx';

/** A running nginx started by a test. */
export type NginxServer = ServerProcess;

/** Options of startNginx: the two generated includes, the web root, and extra server-level lines for the test. */
export interface StartNginxOptions {
  httpConf: string;
  serverConf: string;
  root: string;
  extraServer?: string;
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Writes the config of startNginx into a fresh prefix folder: the nginx.conf path, the port, the error log reader. */
async function prepareNginx(opts: StartNginxOptions): Promise<{ prefix: string; confFile: string; port: number; errorLog: () => Promise<string> }> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'docsgen-nginx-'));
  await mkdir(path.join(prefix, 'logs'));
  await mkdir(path.join(prefix, 'tmp'));
  const httpFile = path.join(prefix, 'http.conf');
  const serverFile = path.join(prefix, 'server.conf');
  await writeFile(httpFile, opts.httpConf);
  await writeFile(serverFile, opts.serverConf);
  const port = await freePort();
  const t = path.join(prefix, 'tmp');
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  default_type application/octet-stream;
  types { text/html html; application/json json; application/javascript js; text/plain txt; }
  client_body_temp_path ${t}/body; proxy_temp_path ${t}/proxy; fastcgi_temp_path ${t}/fastcgi; uwsgi_temp_path ${t}/uwsgi; scgi_temp_path ${t}/scgi;
  include ${httpFile};
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    root ${opts.root};
    ${opts.extraServer ?? ''}
    include ${serverFile};
  }
}
`;
  const confFile = path.join(prefix, 'nginx.conf');
  await writeFile(confFile, conf);
  const errorLog = () => readFile(path.join(prefix, 'logs/error.log'), 'utf8').catch(() => '');
  return { prefix, confFile, port, errorLog };
}

/** What `nginx -t` prints for a config (warnings included): the test of a generated config, nginx not started. */
export async function testNginxConfig(opts: StartNginxOptions): Promise<string> {
  const { prefix, confFile } = await prepareNginx(opts);
  try {
    const { stderr } = await promisify(execFile)(NGINX_BIN, ['-t', '-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', confFile]).catch((err: { stderr?: string }) => ({ stderr: err.stderr ?? String(err) }));
    return stderr;
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }
}

/**
 * Starts nginx in the foreground (`daemon off`, one process) on 127.0.0.1 with its own prefix, temp dirs, pid and
 * logs, including `httpConf` in http {} and `serverConf` in a server {} whose root is `root`. `stop()` ends it.
 */
export async function startNginx(opts: StartNginxOptions): Promise<NginxServer> {
  const { prefix, confFile, port, errorLog } = await prepareNginx(opts);
  try {
    await promisify(execFile)(NGINX_BIN, ['-t', '-q', '-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', confFile]);
  } catch (err) {
    throw new Error(`nginx rejected the config: ${(err as { stderr?: string }).stderr ?? err}\n${await errorLog()}`);
  }
  return startServerProcess('nginx', NGINX_BIN, ['-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', confFile], { port, dir: prefix, errorLog });
}
