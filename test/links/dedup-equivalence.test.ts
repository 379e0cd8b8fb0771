import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { assertReaching } from '../helpers/reach.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/index.js';
import { outcomeOf, resolveOutcome, type CheckContext, type OutcomeCache } from '../../src/links/check-page.js';
import { createContext } from '../../src/links/page-runner.js';
import { baseUrlOf, LOCAL_ORIGIN, urlOfPageFile } from '../../src/links/resolve-href.js';

// The link check resolves each distinct target once (a memo keyed by the href without its fragment) and reuses
// whole page results on a rebuild. Both must find exactly what resolving every link afresh finds.

const FILES = ['index.html', 'a/index.html', 'a/b.html', 'A/c/index.html', 'img/x.png', 'docs/d/index.html', 'docs/e.css'];
const segment = fc.constantFrom('a', 'A', 'b.html', 'c', 'img', 'x.png', 'docs', 'd', 'e.css', '..', '.', 'missing', 'caf%C3%A9', '%zz', 'é');
const fragment = fc.oneof(
  fc.constantFrom('', 'top', 'Intro', 'intro', 'a%20b', 'a b', 'x#y', 'é', '"q"', '<t>', '`', 'sec-1'),
  fc.string({ maxLength: 6 }),
);
const href = fc
  .record({
    lead: fc.constantFrom('/', '/docs/', '', './', '../', '//', 'https://example.com/', 'mailto:', '#'),
    segs: fc.array(segment, { maxLength: 3 }),
    slash: fc.boolean(),
    query: fc.option(fc.constantFrom('?x=1', '?', '?a#b'), { nil: undefined }),
    frag: fc.option(fragment, { nil: undefined }),
  })
  .map(({ lead, segs, slash, query, frag }) => (lead === '#' ? `#${frag ?? ''}` : `${lead}${segs.join('/')}${slash ? '/' : ''}${query ?? ''}${frag === undefined ? '' : `#${frag}`}`));

function contextOf(prefix: string): CheckContext {
  return createContext({ dir: '.', files: FILES.join('\0'), redirects: [{ fromPath: '/old/', toPath: '/a/' }], redirectsAlsoWithout: '', pathPrefix: prefix, collectExternal: true, skippedLinks: [] });
}

describe('the deduplicated link resolution', () => {
  it('gives every href the outcome of resolving it whole, whatever was resolved before it', () => {
    assertReaching(
      fc.property(
        fc.constantFrom('', '/docs'),
        fc.constantFrom('index.html', 'a/b.html', 'docs/d/index.html'),
        fc.option(fc.constantFrom('/a/', 'img/', 'https://example.com/base/'), { nil: null }),
        fc.array(fc.tuple(href, fc.constantFrom('page' as const, 'asset' as const)), { minLength: 1, maxLength: 30 }),
        (prefix, page, baseHref, refs) => {
          const ctx = contextOf(prefix);
          const base = baseUrlOf(urlOfPageFile(page, prefix), baseHref);
          const dirKey = base.href.slice(0, base.href.lastIndexOf('/') + 1);
          const cache: OutcomeCache = new Map();
          // twice: the second pass answers from the memo filled by the first
          for (const pass of [0, 1]) {
            for (const [h, role] of refs) {
              expect(outcomeOf(h, role, base, base.origin === LOCAL_ORIGIN, dirKey, ctx, cache), `${h} (${role}, pass ${pass})`).toEqual(resolveOutcome(h, base, role, ctx));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('checkLinks, fresh, multi-threaded and from its result cache', () => {
  let dir: string;
  const anchors = ['intro', 'Setup', 'a%20b', 'caf%C3%A9'];
  const html = (links: string[], ids: string[]) =>
    `<!DOCTYPE html><html><body>${ids.map((i) => `<h2 id="${i}">x</h2>`).join('')}<nav>${links.map((l) => `<a href="${l}">x</a>`).join('\n')}</nav><img src="/img/x.png"></body></html>`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-link-dedup-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports the same problems at the same places every way, also after one page changes', async () => {
    let round = 0;
    await assertReaching(
      fc.asyncProperty(fc.array(fc.array(href, { maxLength: 12 }), { minLength: 2, maxLength: 6 }), fc.array(fc.subarray(anchors), { minLength: 6, maxLength: 6 }), async (linkLists, idLists) => {
        const site = path.join(dir, `site-${round++}`);
        const pages = linkLists.map((_, i) => (i === 0 ? 'index.html' : `p${i}/index.html`));
        // every page links to the others, with and without anchors (the sidebar), plus its own random links
        const sidebar = pages.flatMap((p) => [`/${p.replace(/index\.html$/, '')}`, `/${p.replace(/index\.html$/, '')}#intro`, `/${p.replace(/index\.html$/, '')}#Intro`]);
        await mkdir(path.join(site, 'img'), { recursive: true });
        await writeFile(path.join(site, 'img/x.png'), '');
        for (const [i, p] of pages.entries()) {
          await mkdir(path.dirname(path.join(site, p)), { recursive: true });
          await writeFile(path.join(site, p), html([...sidebar, ...linkLists[i]!], idLists[i]!));
        }
        const run = async (opts: { cache?: string; concurrency?: number }) => {
          const r = await checkLinks({ dir: site, cwd: dir, concurrency: opts.concurrency ?? 1, ...(opts.cache ? { cacheDir: opts.cache, resultCache: true } : {}) });
          return { problems: r.outputs.problems, diagnostics: r.diagnostics, links: r.stats.links, cached: r.stats.cachedPages };
        };
        const cache = path.join(site, '..', `cache-${round}`);
        const fresh = await run({});
        const first = await run({ cache });
        const reused = await run({ cache });
        expect(reused.cached).toBe(pages.length);
        for (const other of [first, reused, await run({ concurrency: 2 })]) {
          expect({ ...other, cached: 0 }).toEqual({ ...fresh, cached: 0 });
        }
        // one page loses its anchors: the reused pages must now report links to them
        await writeFile(path.join(site, pages[1]!), html([...sidebar, ...linkLists[1]!], []));
        const after = await run({ cache });
        const again = await run({});
        expect(after.cached).toBe(pages.length - 1);
        expect({ ...after, cached: 0 }).toEqual({ ...again, cached: 0 });
        // another page gets other links but keeps its anchors: reused pages' anchor links are not checked again
        const k = pages.length - 1;
        await writeFile(path.join(site, pages[k]!), html([...linkLists[0]!, ...sidebar], idLists[k]!));
        const kept = await run({ cache });
        expect({ ...kept, cached: 0 }).toEqual({ ...(await run({})), cached: 0 });
      }),
      { numRuns: 25 },
    );
  });
});
