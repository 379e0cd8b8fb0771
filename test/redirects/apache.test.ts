// Real Apache httpd (mod_rewrite) on 127.0.0.1 with the exported rules: every sample source in several casings,
// with and without the slash and a query string, gives the same status and Location as the matcher (and nginx).
import { chmod, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRedirectMatcher, exportRedirects, type RedirectRule } from '../../src/redirects/index.js';
import { startApache, type ApacheServer } from '../helpers/apache.js';
import { casings, loadSampleRules, makeFakeSite, samplePath } from './sample.js';

let rules: RedirectRule[];
let apache: ApacheServer;
let siteRoot: string;

beforeAll(async () => {
  rules = await loadSampleRules();
  siteRoot = (await makeFakeSite(rules)).root;
  await chmod(siteRoot, 0o755); // Apache's worker runs as another user
  apache = await startApache({ vhostConf: exportRedirects(rules, 'apache'), root: siteRoot });
});

afterAll(async () => {
  await apache?.stop();
  if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
});

describe('apache: the sample redirects', () => {
  it('redirects every source in several casings, with and without the slash and a query', async () => {
    const match = compileRedirectMatcher(rules);
    const urls: string[] = [];
    for (const rule of rules) {
      for (const p of casings(samplePath(rule))) {
        urls.push(p, (p.endsWith('/') ? p.slice(0, -1) : p + '/') + '?utm_source=old&x=1');
      }
    }
    const failures: string[] = [];
    let i = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (i < urls.length) {
        const url = urls[i++]!;
        const [p, q = ''] = url.split('?');
        const expected = match(p!, q)!;
        const res = await fetch(apache.origin + url, { redirect: 'manual' });
        await res.arrayBuffer();
        // Apache always makes a local target absolute (http://host:port/...); nginx is told to keep it relative
        const location = res.headers.get('location')?.replace(apache.origin, '') ?? null;
        if (res.status !== expected.status || location !== expected.location) failures.push(`${url}: ${res.status} ${location} (expected ${expected.status} ${expected.location})`);
      }
    }));
    expect(failures.slice(0, 20)).toEqual([]);
    expect(urls.length).toBeGreaterThan(rules.length * 4);
  });

  it('serves pages that are not redirect sources', async () => {
    const res = await fetch(apache.origin + '/documentation/terms-of-use/', { redirect: 'manual' });
    expect(res.status).toBe(200);
  });
});
