// The property of issue 21: for redirects drawn from the whole valid URL space (percent-escapes, non-ASCII text,
// reserved characters, queries, fragments, placeholders, splats), every export loaded into its real server (nginx,
// Apache, Caddy, `docsgen serve`, a static host for html) and the hosts' own code (Netlify's parser, Vercel's routing) sends each
// request to the same place the rule says, spelled as the browser would send it. One server start per run, many
// requests; the answer comes from the generated tokens, not from docsgen's encoder or matcher.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateRedirects } from '../../src/redirects/index.js';
import { vercelQuerySegment } from '../../src/redirects/host-limits.js';
import { HOSTS, startHosts, type Answer, type HostId } from './hosts.js';
import { refusedByNode } from './redirect-requests.js';
import { captureSegments, generatedRules, requestQuery, requestsFor, targetTemplate, type GeneratedRequest, type GeneratedRule } from './url-arbitraries.js';
import { assertReaching } from '../helpers/reach.js';

/** What `host` must answer to `r`, a request for `g`: hosts that compare the path as sent only see it as written. */
function expectedAnswer(host: HostId, g: GeneratedRule, r: GeneratedRequest): Answer {
  const hit = { status: r.status, location: r.location };
  if (host === 'serve' && refusedByNode(r.request)) return null;
  if (host === 'netlify' || host === 'vercel') return r.asWritten ? hit : null;
  if (host === 'html') return g.kind === 'exact' && (r.sameFile || r.lowerCaseOnly) ? { status: 200, location: r.location } : null;
  return hit;
}

const show = (a: Answer) => (a ? `${a.status} ${a.location}` : 'no redirect');

// parameters as a sorted list: Vercel's routing code writes integer-like keys first (a JS object)
// (a leading `&` so that URLSearchParams keeps a first key that starts with `?`)
const params = (q: string) => JSON.stringify([...new URLSearchParams('&' + q)].sort());

/** The same Location up to the spelling of its query parameters (Vercel's routing code: `k` → `k=`, `:` → `%3A`, order). */
function sameParameters(a: Answer, b: Answer): boolean {
  if (!a || !b) return a === b;
  const split = (l: string) => /^([^?#]*)(?:\?([^#]*))?(#.*)?$/.exec(l)!;
  const [, pa, qa = '', fa = ''] = split(a.location);
  const [, pb, qb = '', fb = ''] = split(b.location);
  return a.status === b.status && pa === pb && fa === fb && params(qa) === params(qb);
}

describe('every export on its real server sends a generated request where the rule says', () => {
  it('holds for redirects from the whole valid URL space', async () => {
    await assertReaching(
      fc.asyncProperty(
        generatedRules(5).chain((rules) => fc.tuple(fc.constant(rules), fc.array(fc.record({ query: requestQuery, spelling: fc.nat(3), capture: captureSegments }), { minLength: rules.length, maxLength: rules.length }))),
        async ([generated, variants]) => {
          const rules = generated.map((g) => g.rule);
          // the validator takes every one of them (warnings allowed: temporary statuses, Vercel's `$`)
          expect(validateRedirects(rules, { allowedHosts: [], pathPrefix: '/documentation' }).filter((d) => d.severity === 'error')).toEqual([]);
          const hosts = await startHosts(rules);
          try {
            const failures: string[] = [];
            for (const [i, g] of generated.entries()) {
              // hosts that cannot write such a target (validate-redirects warns, DG4011): Vercel fills `$1`, `$name`
              // in every Location; Apache trims a final `&` or `?` off the query it builds, where the fragment is
              // (and refuses a vercel.json whose target query holds `:name`, DG4011 too)
              const vercelRefuses = g.target.query !== null && vercelQuerySegment(targetTemplate(g).split('#')[0]!.split('?')[1] ?? '');
              const skip = [...(/\$[1-9A-Za-z]/.test(targetTemplate(g)) || vercelRefuses ? ['vercel'] : []), ...(/[&?]$/.test(g.rule.to) ? ['apache'] : [])];
              for (const r of requestsFor(g, variants[i]!)) {
                for (const host of HOSTS) {
                  if (skip.includes(host)) continue;
                  const got = await hosts.ask(host, r.request);
                  const want = expectedAnswer(host, g, r);
                  // Vercel re-spells a pattern target's query (validate-redirects warns, DG4011)
                  const vercelQuery = host === 'vercel' && g.kind === 'pattern' && g.target.query !== null;
                  if (vercelQuery ? !sameParameters(got, want) : show(got) !== show(want)) failures.push(`${host} ${r.request} (rule ${g.rule.from} → ${g.rule.to}): got ${show(got)}, want ${show(want)}`);
                }
              }
            }
            expect(failures).toEqual([]);
          } finally {
            await hosts.stop();
          }
        },
      ),
      { numRuns: Number(process.env.REDIRECT_PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 300_000);
});
