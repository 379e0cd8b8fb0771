// The request table (redirect-requests.ts) against every export where it runs: real nginx, Apache and Caddy on
// 127.0.0.1, html stubs on a static server, Netlify's parser and Vercel's routing code, docsgen's matcher over
// the json export and the real `docsgen serve` reading it as a build's server/redirects.json. Each host must give
// the hand-written answer: same status, same Location (query kept), and no Location that leaves the site unless
// the rule says so.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { loadProject } from '../../src/config/load.js';
import { loadRedirects, validateRedirects } from '../../src/redirects/index.js';
import { HOSTS, startHosts, type Answer, type HostId, type Hosts } from './hosts.js';
import { expected, requestTable, rootTable, type RequestRow } from './redirect-requests.js';

const tables: Array<{ fixture: string; rows: RequestRow[] }> = [
  { fixture: 'request-table', rows: requestTable },
  { fixture: 'request-table-root', rows: rootTable },
];
const running = new Map<string, Hosts>();

beforeAll(async () => {
  for (const { fixture } of tables) {
    const root = path.join(repoRoot, 'fixtures/redirects', fixture);
    const { config } = await loadProject(root);
    const rules = (await loadRedirects(path.join(root, 'redirects'), { root })).outputs.rules;
    // the table's rules are valid: warnings only (temporary statuses, Netlify's placeholder limit)
    expect(validateRedirects(rules, { allowedHosts: config.allowedRedirectHosts, pathPrefix: config.pathPrefix }).filter((d) => d.severity === 'error')).toEqual([]);
    running.set(fixture, await startHosts(rules, { pathPrefix: config.pathPrefix }));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([...running.values()].map((h) => h.stop()));
});

/** A Location a browser would follow to another site: another origin, or a path it reads as one (`//`, `/\`). */
function leavesSite(location: string, allowed: readonly string[]): boolean {
  const abs = /^https?:\/\/([^/?#]*)/i.exec(location);
  if (abs) return !allowed.includes(abs[1]!.toLowerCase());
  return !/^\/(?![/\\])/.test(location);
}

function show(a: Answer): string {
  return a ? `${a.status} ${a.location}` : 'no redirect';
}

describe.each(HOSTS)('the request table on %s', (host: HostId) => {
  it.each(tables)('answers every request of $fixture as documented', async ({ fixture, rows }) => {
    const hosts = running.get(fixture)!;
    const failures: string[] = [];
    for (const row of rows) {
      const want = expected(row, host);
      const got = await hosts.ask(host, row.request);
      if (show(got) !== show(want)) failures.push(`${row.request} (${row.why}): got ${show(got)}, want ${show(want)}`);
      // only Netlify's documented splat can leave the site, and validate-redirects warns about that rule
      if (got && leavesSite(got.location, ['developers.arcgis.com']) && host !== 'netlify') failures.push(`${row.request}: leaves the site: ${got.location}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the request table', () => {
  it('covers every kind of request the issue lists', () => {
    const all = [...requestTable, ...rootTable];
    expect(all.length).toBeGreaterThanOrEqual(60);
    for (const kind of [/%[0-9A-F]{2}/, /[^\x00-\x7f]/, /[A-Z]{3}/, /\?./, /[+&()'$]/, /\/\//, /\.\./, /%5C|\\/i]) {
      expect(all.some((r) => kind.test(r.request)), String(kind)).toBe(true);
    }
    for (const status of [301, 302, 307, 308]) expect(all.some((r) => r.expect?.[0] === status)).toBe(true);
  });
});
