// verify-deploy against a real nginx on 127.0.0.1 serving the build with its generated config: silent when the
// deploy is right; exactly the redirect rules when the redirects are left out; exactly the page deleted from the web root.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { startNginx, type NginxServer } from '../helpers/nginx.js';

let site: string;
let httpConf: string;
let serverConf: string;
const servers: NginxServer[] = [];

beforeAll(async () => {
  site = await copyFixture('inbound/three-sections-moved-renamed-deleted');
  const b = await runDocsgen(['build', '--root', site, '--no-images']);
  expect(b.exitCode, b.stderr).toBe(0);
  httpConf = await readFile(path.join(site, 'dist/server/nginx/http.conf'), 'utf8');
  serverConf = await readFile(path.join(site, 'dist/server/nginx/server.conf'), 'utf8');
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (site) await rm(site, { recursive: true, force: true });
});

async function serve(conf: string): Promise<NginxServer> {
  const nginx = await startNginx({ httpConf, serverConf: conf, root: path.join(site, 'dist/public') });
  servers.push(nginx);
  return nginx;
}

const verify = (origin: string, ...flags: string[]) => runDocsgen(['verify-deploy', origin, '--root', site, ...flags]);
const named = (stdout: string) => (JSON.parse(stdout).diagnostics as Array<{ code: string; message: string; location: { file: string; line: number } }>).map((d) => `${d.code} ${d.location.file}:${d.location.line}`).sort();

describe('verify-deploy against nginx', () => {
  it('reports nothing when nginx serves the build with the generated config', async () => {
    const nginx = await serve(serverConf);
    const r = await verify(nginx.origin, '--json');
    expect(r.exitCode, r.stdout).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, diagnostics: [], problems: [] });
    // 7 pages ×2, 3 redirects ×2, the 404 page, the data files (one per page, 404 and 500, app-data, static queries)
    expect(out.stats.requests).toBeGreaterThanOrEqual(7 * 2 + 3 * 2 + 1 + 7 + 1);
  });

  it('reports exactly the redirect rules when the redirects are left out of the server block', async () => {
    const nginx = await serve(serverConf.replace(/^if \(\$docsgen_redirect_\d+\).*$/gm, ''));
    const r = await verify(nginx.origin, '--json');
    expect(r.exitCode).toBe(1);
    expect(named(r.stdout)).toEqual(['DG5220 redirects/moved.yaml:2', 'DG5220 redirects/moved.yaml:4', 'DG5220 redirects/moved.yaml:6']);
    const gh = await verify(nginx.origin, '--format', 'github');
    expect(gh.exitCode).toBe(1);
    expect(gh.stdout.trim().split('\n')).toHaveLength(3);
    expect(gh.stdout).toMatch(/^::error file=redirects\/moved\.yaml,line=2,col=\d+,title=DG5220::.*\/documentation\/setup\/ → 404 \(expected 301 → \/documentation\/guide\/install\/\)/m);
  });

  it('reports exactly the page deleted from the web root', async () => {
    const nginx = await serve(serverConf);
    await rm(path.join(site, 'dist/public/documentation/guide/troubleshooting/index.html'));
    // its folder stays, empty: nginx answers 403 (no index, no listing), another server 404
    const r = await verify(nginx.origin, '--json');
    expect(r.exitCode).toBe(1);
    expect(named(r.stdout)).toEqual(['DG5220 content/guide/troubleshooting.md:1']);
    expect(JSON.parse(r.stdout).problems).toEqual([{ source: 'page /documentation/guide/troubleshooting/', url: `${nginx.origin}/documentation/guide/troubleshooting/`, expected: '200 text/html', got: expect.stringMatching(/^40[34]$/) }]);
  });

  it('refuses a URL that is not http(s), and reports a server that does not answer', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'not a url']) {
      const r = await verify(url);
      expect(r.exitCode, url).toBe(2);
      expect(r.stderr).toContain('DG5222');
    }
    const nginx = await serve(serverConf);
    const origin = nginx.origin;
    await nginx.stop();
    const r = await verify(origin, '--retries', '0', '--timeout', '2000', '--json');
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout).diagnostics.every((d: { code: string }) => d.code === 'DG5221')).toBe(true);
  });
});
