import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/config/load.js';
import { siteConfigSchema } from '../../src/config/schema.js';
import { MAX_YAML_ALIASES, readYaml } from '../../src/util/read-yaml.js';
import { DiagnosticError } from '../../src/diagnostics/types.js';
import { repoRoot } from '../helpers/cli.js';

const at = (text: string) => {
  const r = readYaml(text);
  if ('value' in r) return { value: r.value };
  const { offset, ...problem } = r.problem;
  const pos = r.lineCounter.linePos(offset);
  return { ...problem, line: pos.line, column: pos.col };
};

describe('readYaml', () => {
  it('converts documents whose aliases stay within the limit', () => {
    expect(at('a: &x [1, 2]\nb: *x\nc: *x\n')).toEqual({ value: { a: [1, 2], b: [1, 2], c: [1, 2] } });
  });

  it('blames the first alias that alone expands too far (the heart of a bomb)', () => {
    const levels = 'abcdefgh'.split('');
    const text = levels.map((l, i) => `${l}: &${l} [${i === 0 ? Array(9).fill('"lol"').join(', ') : Array(9).fill(`*${levels[i - 1]}`).join(', ')}]`).join('\n');
    expect(at(text)).toEqual({ kind: 'excessive', alias: '*c', line: 4, column: 8 });
  });

  it('blames the use of an anchor one past the limit', () => {
    const text = `x: &x [1]\nlist:\n${Array.from({ length: MAX_YAML_ALIASES + 20 }, () => '  - *x\n').join('')}`;
    expect(at(text)).toEqual({ kind: 'excessive', alias: '*x', line: MAX_YAML_ALIASES + 3, column: 5 });
  });

  it('blames an alias without an anchor', () => {
    expect(at('siteName: Docs\nshortName: *short\n')).toEqual({ kind: 'unresolved', alias: '*short', line: 2, column: 12 });
  });

  it('reports syntax errors at their place', () => {
    expect(at('siteName: Docs\nsiteName: again\n')).toMatchObject({ kind: 'syntax', message: 'Map keys must be unique', line: 2, column: 1 });
  });

  it('reports nesting deep enough to overflow the parser at the deepest collection, flow or block', () => {
    expect(at(`a: 1\nb: ${'['.repeat(5000)}${']'.repeat(5000)}\n`)).toEqual({ kind: 'too-deep', depth: 5001, line: 2, column: 5003 });
    expect(at(`a:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}-`).join('\n')} x\n`)).toEqual({ kind: 'too-deep', depth: 3001, line: 3001, column: 3000 });
    expect(at(`a: 1\nb:\n  ${'- '.repeat(20000)}x\n`)).toEqual({ kind: 'too-deep', line: 3, column: 3 });
    // a few hundred levels the composer takes: they are read
    expect(at(`a: ${'['.repeat(300)}1${']'.repeat(300)}\n`)).toHaveProperty('value');
  });
});

describe('the site config', () => {
  it('has defaults that carry no organisation: no site URL, handle, forum, versions or allowed hosts', () => {
    const config = siteConfigSchema.parse({});
    expect(config).toMatchObject({ siteName: 'Documentation', titlePostfix: 'Documentation', variables: {}, locales: ['en'], localeAliases: {}, allowedRedirectHosts: [], proxyAllowedHosts: [] });
    for (const key of ['siteUrl', 'socialHandle', 'forumUrl', 'logo', 'colors', 'socialImage'] as const) expect(config[key], key).toBeUndefined();
    expect(JSON.stringify(config)).not.toMatch(/esri|arcgis/i);
    // the title postfix follows the site name unless it is set
    expect(siteConfigSchema.parse({ siteName: 'Acme Docs' }).titlePostfix).toBe('Acme Docs');
    expect(siteConfigSchema.parse({ siteName: 'Acme Docs', titlePostfix: 'Acme' }).titlePostfix).toBe('Acme');
  });

  it("names a site without siteName after its folder's package.json, scope dropped", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-'));
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: '@acme/widget-docs' }));
    expect((await loadProject(dir)).config).toMatchObject({ siteName: 'widget-docs', titlePostfix: 'widget-docs' });
    await writeFile(path.join(dir, 'docsgen.config.yaml'), 'siteName: Widget Docs\n');
    expect((await loadProject(dir)).config).toMatchObject({ siteName: 'Widget Docs', titlePostfix: 'Widget Docs' });
  });

  it('keeps the seed\'s identity in the sample site\'s own config', async () => {
    const { config } = await loadProject(repoRoot);
    expect(config).toMatchObject({ siteName: 'Documentation', titlePostfix: 'Esri Developer', siteUrl: 'https://developers.arcgis.com', socialHandle: '@EsriDevs' });
    expect(config.proxyAllowedHosts).toEqual(['js.arcgis.com', 'www.googletagmanager.com']);
    expect(config.locales).toHaveLength(41);
  });

  it('loads the sample site and the fixtures that ship a config', async () => {
    for (const root of [repoRoot, 'fixtures/serve/four-pages-five-redirects', 'fixtures/build/good-site']) {
      await expect(loadProject(path.resolve(repoRoot, root))).resolves.toMatchObject({ config: { pathPrefix: '/documentation' } });
    }
  });

  it('accepts site-relative, mailto: and tel: forum links, and drops the trailing slash of siteUrl', () => {
    for (const forumUrl of ['/documentation/community/', 'mailto:docs@example.com', 'tel:+15555550100', 'HTTPS://community.example.com/t5/x?y=1#z']) {
      expect(siteConfigSchema.safeParse({ forumUrl }).success, forumUrl).toBe(true);
    }
    expect(siteConfigSchema.parse({ siteUrl: 'https://docs.example.com/' }).siteUrl).toBe('https://docs.example.com');
  });

  it('points an unknown key at its line and suggests the key meant', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-'));
    await writeFile(path.join(dir, 'docsgen.config.yaml'), 'siteName: Docs\nsite_url: https://docs.example.com\n');
    const error = await loadProject(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiagnosticError);
    expect((error as DiagnosticError).diagnostic).toEqual({
      severity: 'error',
      code: 'DG1001',
      message: 'invalid config: unknown key `site_url`',
      hint: 'did you mean `siteUrl`?',
      location: { file: 'docsgen.config.yaml', line: 2, column: 1 },
    });
  });

  it('reports the first bad entry of an allowlist at its line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-'));
    await cp(path.join(repoRoot, 'fixtures/config/metadata-address-in-proxy-allowlist/docsgen.config.yaml'), path.join(dir, 'docsgen.config.yaml'));
    const error = (await loadProject(dir).catch((e: unknown) => e)) as DiagnosticError;
    expect(error.exitCode).toBe(2);
    expect(error.diagnostic.location).toEqual({ file: 'docsgen.config.yaml', line: 3, column: 5 });
  });
});
