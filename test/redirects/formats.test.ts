// Exporters: exact text for a small valid list (expected files beside the fixture), and hostile input that must
// never break or inject into any format, checked line by line and by real parsers (Netlify's, nginx -t).
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import { convertRedirects } from '@vercel/routing-utils/dist/superstatic.js';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { exportRedirects, formatNginxServer, loadRedirects, type RedirectRule } from '../../src/redirects/index.js';
import { hostileRules } from './hostile.js';
import { startNginx } from '../helpers/nginx.js';
import { startApache } from '../helpers/apache.js';
import { startCaddy } from '../helpers/caddy.js';
import { checkApache, checkCaddy, checkNetlify, checkNginx } from './line-grammar.js';

const fixture = path.join(repoRoot, 'fixtures/redirects/valid-small');
const expectedDir = path.join(fixture, 'expected');
const opts = { pathPrefix: '/documentation', siteUrl: 'https://developers.arcgis.com', proxyAllowedHosts: ['js.arcgis.com', 'www.googletagmanager.com'] };

async function fixtureRules(): Promise<RedirectRule[]> {
  return (await loadRedirects(path.join(fixture, 'redirects'), { root: fixture })).outputs.rules;
}

describe('exporters: exact output of a small list', () => {
  it.each([
    ['nginx', 'http.conf'], ['netlify', '_redirects'], ['json', 'redirects.json'], ['apache', 'apache.conf'], ['caddy', 'Caddyfile'], ['vercel', 'vercel.json'],
  ] as const)('%s matches %s', async (format, file) => {
    expect(exportRedirects(await fixtureRules(), format, opts)).toBe(await readFile(path.join(expectedDir, file), 'utf8'));
  });

  it('html: one stub per exact source (and a lower-case twin), byte for byte', async () => {
    const stubs = exportRedirects(await fixtureRules(), 'html', opts);
    const files = (await readdir(path.join(expectedDir, 'html'), { recursive: true })).filter((f) => f.endsWith('.html')).map((f) => f.split(path.sep).join('/')).sort();
    expect([...stubs.keys()].sort()).toEqual(files);
    for (const f of files) expect(stubs.get(f)).toBe(await readFile(path.join(expectedDir, 'html', f), 'utf8'));
  });
});

describe('exporters: hostile input never breaks or injects', () => {
  it('netlify: one line of exactly three safe fields per rule', () => {
    const lines = checkNetlify(exportRedirects(hostileRules, 'netlify'));
    expect(lines).toHaveLength(hostileRules.length);
  });

  it('nginx: every map line is `"key" "value";` with only our variables, and nginx itself accepts the file', async () => {
    const conf = exportRedirects(hostileRules, 'nginx', opts);
    expect(checkNginx(conf).length).toBeGreaterThanOrEqual(hostileRules.length);
    const server = await startNginx({ httpConf: conf, serverConf: formatNginxServer({ pathPrefix: '/documentation' }), root: repoRoot });
    await server.stop();
  });

  it('apache: one RewriteRule per rule with quoted fields and no stray `%` or `$`, and Apache accepts the file', async () => {
    const conf = exportRedirects(hostileRules, 'apache');
    expect(checkApache(conf).length).toBeGreaterThanOrEqual(hostileRules.length);
    const server = await startApache({ vhostConf: conf, root: repoRoot });
    await server.stop();
  });

  it('caddy: matcher and redir lines with no braces, spaces or quotes of their own, and Caddy accepts the file', async () => {
    const conf = exportRedirects(hostileRules, 'caddy');
    expect(checkCaddy(conf)).toHaveLength(hostileRules.length);
    const server = await startCaddy({ siteConf: conf, root: repoRoot });
    await server.stop();
  });

  it('vercel: valid JSON that Vercel\'s routing code compiles, sources without path-to-regexp syntax of their own', () => {
    const { redirects } = JSON.parse(exportRedirects(hostileRules, 'vercel')) as { redirects: Array<{ source: string; destination: string; statusCode: number }> };
    expect(redirects).toHaveLength(hostileRules.length);
    for (const r of redirects) {
      const own = r.source.replace(/\{\/:splat\(\[\^\/\?\\\\\]\[\^\?\]\*\)\}\?/g, '').replace(/:[A-Za-z_][A-Za-z0-9_]*\(\[\^\/\?\\\\\]\[\^\/\?\]\*\)/g, '').replace(/\{\/\}\?$/, '').replace(/\\[:*+?(){}\\]/g, '');
      expect(own, r.source).toMatch(/^\/[A-Za-z0-9\-._~!$&',;=@/%]*$/);
      expect(r.destination).toMatch(/^(\/(?!\/)|https?:\/\/)/);
    }
    expect(convertRedirects(redirects)).toHaveLength(hostileRules.length);
  });

  it('json: parses back to exactly the input strings', () => {
    const parsed = JSON.parse(exportRedirects(hostileRules, 'json')) as Array<{ fromPath: string; toPath: string }>;
    expect(parsed.map((p) => [p.fromPath, p.toPath])).toEqual(hostileRules.map((r) => [r.from, r.to]));
  });

  it('html: stubs stay inside the web root and carry the target only as data', () => {
    const stubs = exportRedirects(hostileRules, 'html', opts);
    expect(stubs.size).toBeGreaterThan(5);
    for (const [file, html] of stubs) {
      expect(file.split('/').every((s) => s !== '..' && s !== '.' && s !== ''), file).toBe(true);
      expect(file).not.toMatch(/[\\\u0000-\u001f\u007f]/);
      const doc = parseDocument(html);
      const scripts: string[] = [];
      const metas: string[] = [];
      const walk = (n: { type?: string; name?: string; attribs?: Record<string, string>; children?: unknown[] }) => {
        if (n.name === 'script') scripts.push(((n.children?.[0] as { data?: string }) ?? {}).data ?? '');
        if (n.name === 'meta' && n.attribs?.['http-equiv'] === 'refresh') metas.push(n.attribs.content!);
        for (const c of n.children ?? []) walk(c as typeof n);
      };
      walk(doc as unknown as Parameters<typeof walk>[0]);
      expect(scripts, file).toHaveLength(1);
      const call = /^\(function\(p,q,f\)\{[^}]*\}\)\(("[^"]*"),("[^"]*"),("[^"]*"|null)\)$/.exec(scripts[0]!);
      expect(call, scripts[0]).not.toBeNull();
      expect(JSON.parse(call![1]!)).toMatch(/^(\/(?!\/)|https?:\/\/)([A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-F]{2})*$/);
      for (const part of [call![2]!, call![3]!]) if (part !== 'null') expect(JSON.parse(part)).toMatch(/^([A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-F]{2})*$/);
      expect(metas).toHaveLength(1);
      expect(metas[0]).toMatch(/^[02]; url=(\/(?!\/)|https?:\/\/)([A-Za-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9A-F]{2})*$/);
    }
  });

  it('never turns a target into a protocol-relative or backslash URL', () => {
    for (const format of ['netlify', 'apache', 'caddy', 'vercel'] as const) {
      const text = exportRedirects(hostileRules, format);
      // a target starts after a space or a quote; apache escapes `%` as `\%`, which is not a path character
      expect(text, format).not.toMatch(/[\s"]\/\/evil|[\s"]\/\\(?!%)|[\s"]\\/);
    }
  });
});

describe('nginx -t accepts the sample site config', () => {
  it('exits 0 on the generated http.conf + server.conf', async () => {
    const rules = (await loadRedirects(path.join(repoRoot, 'redirects'), { root: repoRoot })).outputs.rules;
    const server = await startNginx({ httpConf: exportRedirects(rules, 'nginx', opts), serverConf: formatNginxServer({ pathPrefix: '/documentation' }), root: repoRoot });
    expect(server.port).toBeGreaterThan(0);
    await server.stop();
  });
});
