// The built fixture site the serve tests share: fixtures/serve/four-pages-five-redirects plus the repository's
// templates, built once with the real binary (which writes the redirect artifacts), plus the request table's extras.
import { cp, mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';
import { extras, type BuiltNames } from './request-table.js';

/** A fixture project copied to a temporary folder, with the repository's templates (as the bench does). */
export async function copyServeFixture(): Promise<string> {
  const dir = await copyFixture('serve/four-pages-five-redirects');
  await cp(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
  return dir;
}

const sockets: net.Server[] = [];

/** Closes the UNIX sockets buildServeFixture made. */
export async function closeFixtureSockets(): Promise<void> {
  await Promise.all(sockets.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
}

/**
 * A UNIX socket at `file`: bound at a short name and moved there, since a socket's path is limited to 107 bytes
 * (and Node cut a longer one short without a word, so the file was not where the table asks for it).
 */
async function listenOnSocket(file: string): Promise<net.Server> {
  const short = await mkdtemp(path.join(os.tmpdir(), 's'));
  const server = await new Promise<net.Server>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(path.join(short, 'sock'), () => resolve(s));
  });
  await rename(path.join(short, 'sock'), file);
  await rm(short, { recursive: true });
  return server;
}

/** Builds the fixture with `docsgen build` and adds the request table's extra files; returns names of hashed files. */
export async function buildServeFixture(dir: string): Promise<BuiltNames> {
  const result = await runDocsgen(['build', '--links', 'warn'], { cwd: dir });
  if (result.exitCode !== 0) throw new Error(`fixture build failed (${result.exitCode}):\n${result.stderr}`);
  const publicDir = path.join(dir, 'dist/public');
  for (const e of extras) {
    const abs = path.join(publicDir, e.path);
    if (e.latin1) {
      // a name that is not UTF-8: bytes all the way to the file system
      await mkdir(Buffer.from(abs, 'latin1'), { recursive: true });
      continue;
    }
    await mkdir(e.dir ? abs : path.dirname(abs), { recursive: true });
    if (e.symlink) await symlink(e.symlink, abs);
    else if (e.socket) sockets.push(await listenOnSocket(abs));
    else if (e.content !== undefined) await writeFile(abs, e.content);
  }
  const site = path.join(publicDir, 'documentation');
  const top = await readdir(site);
  const pick = (re: RegExp) => {
    const name = top.find((n) => re.test(n));
    if (!name) throw new Error(`no file like ${re} in ${site}`);
    return `/documentation/${name}`;
  };
  const staticDir = (await readdir(path.join(site, 'static')))[0]!;
  return {
    appJs: pick(/^app-[0-9a-f]+\.js$/),
    chunkJs: pick(/^chunk-(?=[A-Z0-9]*[0-9])[A-Z0-9]{8}\.js$/),
    css: pick(/^styles-[0-9a-f]+\.css$/),
    image: `/documentation/static/${staticDir}/diagram.png`,
    calciteJson: '/documentation/calcite/assets/notice/t9n/messages.en.json',
  };
}

/** What the request table compares. */
export interface Answer {
  status: number;
  location: string | null;
  contentType: string | null;
  cache: string | null;
  contentRange?: string | null;
}

/** Sends one request with the path exactly as given (no URL normalization) and reads the answer. */
export function request(origin: string, method: string, rawPath: string, headers: Record<string, string> = {}): Promise<Answer & { body: Buffer; headers: http.IncomingHttpHeaders }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: rawPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? null,
          contentType: res.headers['content-type'] ?? null,
          cache: res.headers['cache-control'] ?? null,
          contentRange: res.headers['content-range'] ?? null,
          body: Buffer.concat(chunks),
          headers: res.headers,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
