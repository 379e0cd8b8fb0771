// Real Apache httpd (mod_rewrite) on 127.0.0.1 with the exported rules: every exact sample source in several
// casings, with and without the slash and a query string, gives the rule's status and target (query kept); the
// pattern sources give the answers of a hand-written table (sample-patterns.ts), not docsgen's matcher.
import { chmod, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRedirects, type RedirectRule } from '../../src/redirects/index.js';
import { startApache, type ApacheServer } from '../helpers/apache.js';
import { samplePatternTable } from './sample-patterns.js';
import { casings, loadSampleRules, makeFakeSite } from './sample.js';

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
  /** Asks Apache for each request; a failure line for each answer other than the one expected. */
  async function ask(checks: Array<{ url: string; status: number | null; location: string | null }>): Promise<string[]> {
    const failures: string[] = [];
    let i = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (i < checks.length) {
        const c = checks[i++]!;
        const res = await fetch(apache.origin + c.url, { redirect: 'manual' });
        await res.arrayBuffer();
        // Apache always makes a local target absolute (http://host:port/...); nginx is told to keep it relative
        const location = res.headers.get('location')?.replace(apache.origin, '') ?? null;
        const redirected = location !== null ? res.status : null;
        if (redirected !== c.status || location !== c.location) failures.push(`${c.url}: ${res.status} ${location} (expected ${c.status ?? 'no redirect'} ${c.location ?? ''})`);
      }
    }));
    return failures;
  }

  it('redirects every exact source in several casings, with and without the slash and a query, to its target', async () => {
    const checks: Array<{ url: string; status: number; location: string }> = [];
    for (const rule of rules.filter((r) => !/\/[:*]/.test(r.from))) {
      for (const p of casings(rule.from)) {
        checks.push({ url: p, status: rule.status, location: rule.to });
        checks.push({ url: (p.endsWith('/') ? p.slice(0, -1) : p + '/') + '?utm_source=old&x=1', status: rule.status, location: `${rule.to}?utm_source=old&x=1` });
      }
    }
    expect((await ask(checks)).slice(0, 20)).toEqual([]);
    expect(checks.length).toBeGreaterThan(rules.length * 4);
  });

  it('answers the pattern sources as the hand-written table says', async () => {
    expect(await ask(samplePatternTable.map((row) => ({ url: row.request, status: row.location === null ? null : 301, location: row.location })))).toEqual([]);
  });

  it('serves pages that are not redirect sources', async () => {
    const res = await fetch(apache.origin + '/documentation/terms-of-use/', { redirect: 'manual' });
    expect(res.status).toBe(200);
  });
});
