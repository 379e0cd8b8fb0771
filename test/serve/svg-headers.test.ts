// A published SVG is sanitized (src/images/sanitize-svg.ts); opened on its own it is still a document on the
// site's origin, so nginx and `docsgen serve` both answer every SVG with a Content-Security-Policy that lets no
// script run in it: a second layer, should anything ever get past the sanitizer.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeResult } from '../../src/serve/index.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { startNginx, type NginxServer } from '../helpers/nginx.js';

const CSP = "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; sandbox";
let dir: string;
let nginx: NginxServer;
let server: ServeResult;
let svg: string;

beforeAll(async () => {
  dir = await copyFixture('images/hostile-svg');
  const built = await runDocsgen(['build', '--root', dir, '--no-sw']);
  if (built.exitCode !== 0) throw new Error(built.stderr);
  const publicDir = path.join(dir, 'dist/public');
  svg = `/${(await fg('documentation/static/*/hostile.svg', { cwd: publicDir }))[0]}`;
  // a content-hashed name: immutable and the CSP
  await writeFile(path.join(publicDir, 'documentation/icon-1a2b3c4d.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const conf = path.join(dir, 'dist/server/nginx');
  nginx = await startNginx({
    httpConf: await readFile(path.join(conf, 'http.conf'), 'utf8'),
    serverConf: await readFile(path.join(conf, 'server.conf'), 'utf8'),
    root: publicDir,
    extraServer: 'include /etc/nginx/mime.types;',
  });
  server = await serve({ root: dir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await nginx?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function headers(base: string, pathname: string) {
  const res = await fetch(new URL(pathname, base), { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, csp: res.headers.get('content-security-policy'), cache: res.headers.get('cache-control') };
}

describe('SVG responses', () => {
  it('carry a CSP that runs no script, from nginx and from docsgen serve alike', async () => {
    for (const base of [`http://127.0.0.1:${nginx.port}`, server.url]) {
      expect(await headers(base, svg), base).toEqual({ status: 200, csp: CSP, cache: null });
      expect(await headers(base, '/documentation/icon-1a2b3c4d.svg'), base).toEqual({ status: 200, csp: CSP, cache: 'public, max-age=31536000, immutable' });
      // pages are not SVGs
      expect((await headers(base, '/documentation/')).csp, base).toBeNull();
    }
  });
});
