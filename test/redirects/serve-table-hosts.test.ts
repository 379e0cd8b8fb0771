// The serve-vs-nginx request table (test/serve/request-table*.ts) sent to every redirect host too, over the serve
// fixture's 12 rules: nginx with the generated http.conf is the reference, and Apache, Caddy (Debian's 2.6.2),
// `docsgen serve` and docsgen's matcher must give the same redirect (status and Location) or none; Netlify's
// parser and Vercel's routing code, which match case-sensitively and as sent (redirect-requests.ts), may miss a
// spelling but never answer otherwise than nginx. No answer may leave the site unless its rule says so.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { loadRedirects, validateRedirects, type RedirectRule } from '../../src/redirects/index.js';
import { baseRows } from '../serve/request-table.js';
import { urlRows } from '../serve/request-table-urls.js';
import { headRows } from '../serve/request-table-heads.js';
import { startHosts, type Answer, type HostId, type Hosts } from './hosts.js';
import { refusedByNode } from './redirect-requests.js';

const ALLOWED = ['community.esri.com'];
/** The request-targets of the table's plain GET rows (a row with its own method, version or raw bytes is about those). */
const requests = [...new Set([...baseRows, ...urlRows, ...headRows].filter((r) => typeof r.path === 'string' && !r.raw && !r.method && !r.version && r.host === undefined).map((r) => asText(r.path as string)))].filter((p): p is string => p !== null && p.startsWith('/'));

/**
 * The table writes a target one char per byte; hosts.ts takes text (non-ASCII sent as UTF-8). Targets that are not
 * UTF-8, or hold bytes Node's HTTP client will not send (controls, space), stay with test/serve's raw sender.
 * `nginx-parity.test.ts` sends all of them to nginx and serve.
 */
function asText(latin1: string): string | null {
  // a `#` in the request line is for serve's parity with nginx's $uri: browsers never send one
  if (/[^\x21-\xff]|#/.test(latin1)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(latin1, 'latin1'));
  } catch {
    return null;
  }
}

let hosts: Hosts;

beforeAll(async () => {
  const rules: RedirectRule[] = [];
  for (const dir of ['four-pages-five-redirects', 'more-redirects']) {
    const root = path.join(repoRoot, 'fixtures/serve', dir);
    rules.push(...(await loadRedirects(path.join(root, 'redirects'), { root })).outputs.rules);
  }
  expect(validateRedirects(rules, { allowedHosts: ALLOWED, pathPrefix: '/documentation' }).filter((d) => d.severity === 'error')).toEqual([]);
  hosts = await startHosts(rules);
}, 60_000);

afterAll(async () => {
  await hosts?.stop();
});

/** Where a host documents another answer than nginx (src/redirects/README.md, "known limits of the hosts"). */
function documented(host: HostId, request: string, nginx: Answer): Answer {
  // Apache answers 404 to `%2F` in a path (AllowEncodedSlashes Off)
  if (host === 'apache' && /%2F/i.test(request.split('?')[0]!)) return null;
  // Netlify's splat takes what follows `archive/`, a leading `/` too (validate-redirects warns; still on the site)
  if (host === 'netlify' && request === '/documentation/archive//evil.example') return { status: 301, location: '/documentation/guide//evil.example' };
  return nginx;
}

const show = (a: Answer) => (a ? `${a.status} ${a.location}` : 'no redirect');
const leaves = (a: Answer) => a !== null && !a.location.startsWith('/documentation/') && !a.location.startsWith('https://community.esri.com/');

describe('the serve-vs-nginx request table on every redirect host', () => {
  it('holds at least 150 request-targets, redirect sources among them', async () => {
    expect(requests.length).toBeGreaterThanOrEqual(150);
    let redirected = 0;
    for (const r of requests) if (await hosts.ask('nginx', r)) redirected++;
    expect(redirected).toBeGreaterThanOrEqual(25);
  });

  it.each(['apache', 'caddy', 'serve', 'browser'] as HostId[])('%s answers each as nginx does', async (host) => {
    const failures: string[] = [];
    for (const r of requests) {
      const want = host === 'serve' && refusedByNode(r) ? null : documented(host, r, await hosts.ask('nginx', r));
      const got = await hosts.ask(host, r);
      if (show(got) !== show(want)) failures.push(`${r}: got ${show(got)}, nginx ${show(want)}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(['netlify', 'vercel', 'html'] as HostId[])('%s answers as nginx or not at all, and never off the site', async (host) => {
    const failures: string[] = [];
    let answered = 0;
    for (const r of requests) {
      const want = documented(host, r, await hosts.ask('nginx', r));
      const got = await hosts.ask(host, r);
      const same = host === 'html' ? got === null || (want !== null && got.location === want.location) : got === null || show(got) === show(want);
      if (!same || leaves(got)) failures.push(`${r}: got ${show(got)}, nginx ${show(want)}`);
      if (got) answered++;
    }
    expect(failures).toEqual([]);
    // not a host that answers nothing: the requests spelled as the rules are written reach it
    expect(answered).toBeGreaterThanOrEqual(10);
  });
});
