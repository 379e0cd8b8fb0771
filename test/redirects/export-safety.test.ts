// export-redirects as the ops user runs it on the cases: no export writes over a page or runs while the
// list has an error, and a host's limit blocks only that host's format (and only when the site deploys there).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { runInProcess } from './run-cli.js';

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function fixture(name: string): Promise<string> {
  const dir = await copyFixture(`redirects/${name}`);
  temps.push(dir);
  return dir;
}

/** A project with `count` exact redirects (and a config when `config` is given). */
async function manyExact(count: number, config?: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-many-'));
  temps.push(root);
  await mkdir(path.join(root, 'redirects'));
  const lines = Array.from({ length: count }, (_, i) => `- from: /documentation/archive/page-${i}/\n  to: /documentation/new/page-${i}/\n`);
  await writeFile(path.join(root, 'redirects/archive.yaml'), lines.join(''));
  if (config) await writeFile(path.join(root, 'docsgen.config.yaml'), config);
  return root;
}

describe('export-redirects --format html never writes over a page', () => {
  it('refuses while the redirect shadows a page in another case, and leaves the page as it was', async () => {
    const root = await fixture('html-export-beside-page');
    const site = path.join(root, 'site');
    const page = path.join(site, 'documentation/guide/setup/index.html');
    const before = await readFile(page, 'utf8');
    const res = await runDocsgen(['export-redirects', '--root', root, '--format', 'html', '--out', site]);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('redirects/guide.yaml:2:3  error  DG4007  source `/documentation/Guide/Setup/` is the page `/documentation/guide/setup/`');
    expect(res.stderr).toContain('nothing exported: fix the redirects first');
    expect(await readFile(page, 'utf8')).toBe(before);
    // nothing at all is written, not even the stub of the other, valid redirect
    expect(existsSync(path.join(site, 'documentation/old-start/index.html'))).toBe(false);
    expect(existsSync(path.join(site, 'documentation/Guide'))).toBe(false);
  });

  it('refuses to write a stub over any existing file, even one the checked site does not have', async () => {
    const root = await fixture('html-export-beside-page');
    const out = path.join(root, 'elsewhere');
    await mkdir(path.join(out, 'documentation/old-start'), { recursive: true });
    await writeFile(path.join(out, 'documentation/old-start/index.html'), 'a page of another site');
    await rm(path.join(root, 'redirects/guide.yaml'));
    await writeFile(path.join(root, 'redirects/start.yaml'), '- from: /documentation/old-start/\n  to: /documentation/getting-started/\n- from: /documentation/older-start/\n  to: /documentation/getting-started/\n');
    const res = await runInProcess(['export-redirects', '--root', root, '--format', 'html', '--out', out, '--site', path.join(root, 'site')]);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain(`redirects/start.yaml:1:9  error  DG4016  the stub for \`/documentation/old-start/\` would replace \`${path.relative(process.cwd(), out)}/documentation/old-start/index.html\`, which already exists`);
    expect(await readFile(path.join(out, 'documentation/old-start/index.html'), 'utf8')).toBe('a page of another site');
    expect(existsSync(path.join(out, 'documentation/older-start'))).toBe(false);
  });

  it('replaces its own stubs when exported again', async () => {
    const root = await fixture('valid-url-paths');
    const out = path.join(root, 'public');
    // the web root with the pages the redirects point to: the export checks against it
    for (const page of ['new-page', 'cv', 'naive-strasse', 'a-b-c', 'draft', 'vector', 'maps', 'pricing']) {
      await mkdir(path.join(out, 'documentation', page), { recursive: true });
      await writeFile(path.join(out, 'documentation', page, 'index.html'), `<!doctype html><title>${page}</title>`);
    }
    for (let i = 0; i < 2; i++) {
      const res = await runInProcess(['export-redirects', '--root', root, '--format', 'html', '--out', out]);
      expect(res.stderr).toBe(`8 redirect pages written to ${path.relative(process.cwd(), out)}\n`);
      expect(res.exitCode).toBe(0);
    }
    expect(await readFile(path.join(out, 'documentation/résumé/index.html'), 'utf8')).toContain('url=/documentation/cv/');
  });
});

describe('host limits block only the host they belong to', () => {
  it('2,001 exact redirects: a Cloudflare warning, and every format exports', async () => {
    const root = await manyExact(2001);
    const check = await runDocsgen(['validate-redirects', '--root', root]);
    expect(check.exitCode).toBe(0);
    expect(check.stderr).toContain('warning  DG4011  more than 2000 exact redirects: Cloudflare Pages ignores `_redirects` rules beyond this one (a warning: `deployTarget` is not set; only `--format netlify` on Cloudflare Pages is affected)');
    for (const format of ['nginx', 'apache', 'caddy', 'netlify', 'json', 'vercel']) {
      const res = await runInProcess(['export-redirects', '--root', root, '--format', format, '--out', path.join(root, 'out', format)]);
      expect(res.exitCode, `${format}: ${res.stderr}`).toBe(0);
      expect(res.stderr.includes('Cloudflare'), format).toBe(format === 'netlify');
    }
  });

  it('with deployTarget: cloudflare, only the _redirects export is refused', async () => {
    const root = await manyExact(2001, 'deployTarget: cloudflare\n');
    const netlify = await runInProcess(['export-redirects', '--root', root, '--format', 'netlify', '--out', path.join(root, '_redirects')]);
    expect(netlify.exitCode).toBe(1);
    expect(netlify.stderr).toContain('error  DG4011  more than 2000 exact redirects: Cloudflare Pages ignores `_redirects` rules beyond this one (`deployTarget: cloudflare`)');
    expect(existsSync(path.join(root, '_redirects'))).toBe(false);
    for (const format of ['nginx', 'apache', 'caddy']) {
      const res = await runInProcess(['export-redirects', '--root', root, '--format', format, '--out', path.join(root, 'out', format)]);
      expect(res.exitCode, format).toBe(0);
    }
  });

  it('docsgen build with 2,001 exact redirects: a Cloudflare warning and a full build; an error for deployTarget: cloudflare', async () => {
    const root = await fixture('../serve/four-pages-five-redirects');
    const lines = Array.from({ length: 2001 }, (_, i) => `- from: /documentation/archive/page-${i}/\n  to: /documentation/guide/\n`);
    await writeFile(path.join(root, 'redirects/archive.yaml'), lines.join(''));
    const built = await runDocsgen(['build', '--root', root]);
    expect(built.exitCode, built.stderr).toBe(0);
    expect(built.stderr).toContain('warning  DG4011  more than 2000 exact redirects: Cloudflare Pages ignores `_redirects` rules beyond this one (a warning: `deployTarget` is not set');
    // every server format is written, the one Cloudflare reads included
    expect((await readFile(path.join(root, 'dist/public/_redirects'), 'utf8')).match(/^\/documentation\/archive\/page-/gm)).toHaveLength(2001);
    expect(await readFile(path.join(root, 'dist/server/nginx/http.conf'), 'utf8')).toContain('"/documentation/archive/page-2000"');
    await writeFile(path.join(root, 'docsgen.config.yaml'), `${await readFile(path.join(root, 'docsgen.config.yaml'), 'utf8')}\ndeployTarget: cloudflare\n`);
    const refused = await runDocsgen(['build', '--root', root]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('error  DG4011  more than 2000 exact redirects: Cloudflare Pages ignores `_redirects` rules beyond this one (`deployTarget: cloudflare`)');
  }, 60_000);

  it('a target query Vercel refuses (`:id`, `(…)`): a warning, an error only for --format vercel, which writes nothing', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-vercel-query-'));
    temps.push(root);
    await mkdir(path.join(root, 'redirects'));
    await writeFile(path.join(root, 'redirects/old.yaml'), '- from: /documentation/item/\n  to: /documentation/items/?id=:id\n- from: /documentation/list/\n  to: /documentation/items/?sort=(name)\n');
    const check = await runInProcess(['validate-redirects', '--root', root]);
    expect(check.exitCode).toBe(0);
    expect(check.stderr.match(/warning  DG4011  Vercel reads `:` followed by a letter, digit or `_`, or `\(…\)`, in the query of/g)).toHaveLength(2);
    const vercel = await runInProcess(['export-redirects', '--root', root, '--format', 'vercel', '--out', path.join(root, 'vercel.json')]);
    expect(vercel.exitCode).toBe(1);
    expect(vercel.stderr).toContain("error  DG4011  Vercel reads `:` followed by a letter, digit or `_`, or `(…)`, in the query of `/documentation/items/?id=:id` as a placeholder and refuses the whole `vercel.json` (`--format vercel`)");
    expect(existsSync(path.join(root, 'vercel.json'))).toBe(false);
    for (const format of ['nginx', 'apache', 'caddy', 'netlify', 'json']) expect((await runInProcess(['export-redirects', '--root', root, '--format', format])).exitCode, format).toBe(0);
  });

  it('the pattern limit too: deploy-target-cloudflare fails validation, exports nginx', async () => {
    const root = await fixture('deploy-target-cloudflare');
    expect((await runInProcess(['validate-redirects', '--root', root])).exitCode).toBe(1);
    expect((await runInProcess(['export-redirects', '--root', root, '--format', 'nginx'])).exitCode).toBe(0);
    expect((await runInProcess(['export-redirects', '--root', root, '--format', 'netlify'])).exitCode).toBe(1);
  });
});

describe('valid URL paths export to every format', () => {
  it.each(['nginx', 'apache', 'caddy', 'netlify', 'json', 'vercel'])('%s', async (format) => {
    const root = await fixture('valid-url-paths');
    const res = await runInProcess(['export-redirects', '--root', root, '--format', format]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.length).toBeGreaterThan(100);
  });

  it('a temporary status is a warning that exports anyway', async () => {
    const root = await fixture('temporary-status');
    const res = await runInProcess(['export-redirects', '--root', root, '--format', 'netlify']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain('warning  DG4015  status 302 is a temporary redirect');
  });
});
