// The sidebar's server HTML made as a string (templates/nav-tree-html.ts) against React's own render of NavTree,
// the oracle: the same bytes for any navigation, current page and section, and the same reads of the shared data
// (the page cache re-renders a page when what it read changes, so a faster path must read what React's does).
import { build } from 'esbuild';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackReads } from '../../src/cache/reads.js';
import { repoRoot } from '../helpers/cli.js';
import { assertReaching } from '../helpers/reach.js';

interface NavItem {
  title: string;
  url: string;
  children: NavItem[];
}

interface Compiled {
  NavTree: (props: { nav: NavItem[]; section: string; current: string }) => unknown;
  navItemsHtml: (nav: NavItem[], section: string, current: string) => string | null;
  createElement: (type: unknown, props: unknown) => unknown;
  renderToString: (node: unknown) => string;
}

let dir = '';
let mod: Compiled;

beforeAll(async () => {
  // bundled as the build bundles templates for Node: JSX, React, and the template API's alias
  const templates = path.join(repoRoot, 'templates');
  const entry = `export { NavTree } from './nav-tree.tsx';\nexport { navItemsHtml } from './nav-tree-html.ts';\nexport { createElement } from 'react';\nexport { renderToString } from 'react-dom/server';\n`;
  const out = await build({
    stdin: { contents: entry, resolveDir: templates, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { 'docsgen/runtime': path.join(repoRoot, 'lib/client/template-api.js') },
    logLevel: 'silent',
  });
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-nav-tree-'));
  const file = path.join(dir, 'nav-tree.mjs');
  await writeFile(file, out.outputFiles[0]!.contents);
  mod = (await import(pathToFileURL(file).href)) as Compiled;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** NavTree's HTML and what it read of the shared data, rendered by the string path or by React (a `window`). */
function render(data: { nav: NavItem[] }, section: string, current: string, react: boolean) {
  const g = globalThis as { window?: unknown };
  if (react) g.window = {};
  try {
    const tracked = trackReads(data);
    const html = mod.renderToString(mod.createElement(mod.NavTree, { nav: tracked.mirror.nav, section, current }));
    const { setId, valueHash } = tracked.summary();
    return { html, setId, valueHash, reads: tracked.reads().map(([p, v]) => `${p}=${v}`).sort() };
  } finally {
    delete g.window;
  }
}

const segment = fc.oneof(fc.constantFrom('maps', 'guide', 'api', 'a', 'b'), fc.stringMatching(/^[a-z0-9-]{1,8}$/));
// titles as writers and attackers write them: quotes, ampersands, markup, emoji, and now and then none at all
const title = fc.oneof(fc.constantFrom('Maps', 'Q&A', '"Quoted"', "It's", '<b>bold</b>', 'a > b', '😀 Emoji', '', '  spaced  '), fc.string({ maxLength: 12 }));
const oddUrl = fc.constantFrom('', 'javascript:alert(1)', ' JavaScript:alert(1)', 'https://example.com/x', 'relative/', '/a"b/', "/it's/", '/a&b/');

/** A navigation tree whose URLs nest as a site's do (a child's URL starts with its parent's), now and then odd. */
function navArb(): fc.Arbitrary<NavItem[]> {
  const item = (base: string, depth: number): fc.Arbitrary<NavItem> =>
    fc.tuple(segment, title, fc.integer({ min: 0, max: 9 }), oddUrl).chain(([seg, t, roll, odd]) => {
      const url = roll === 0 ? odd : `${base}${seg}/`;
      const kids = depth >= 3 ? fc.constant([]) : fc.array(item(url, depth + 1), { maxLength: depth === 0 ? 5 : 3 });
      return kids.map((children) => ({ title: t, url, children }));
    });
  return fc.array(item('/documentation/', 0), { maxLength: 6 });
}

describe('the sidebar HTML made as a string', () => {
  it('is the bytes React renders, with the same reads of the shared data, for any tree, section and page', () => {
    let fast = 0;
    assertReaching(
      fc.property(navArb(), fc.nat(), fc.nat(), (nav, s, c) => {
        const urls = nav.flatMap(function all(n): string[] {
          return [n.url, ...n.children.flatMap(all)];
        });
        const section = nav.length > 0 && s % 4 !== 0 ? nav[s % nav.length]!.url : '';
        const current = urls.length > 0 && c % 5 !== 0 ? urls[c % urls.length]! : '/documentation/elsewhere/';
        if (mod.navItemsHtml(nav, section, current) !== null) fast++;
        const ours = render({ nav }, section, current, false);
        const react = render({ nav }, section, current, true);
        expect(ours).toEqual(react);
      }),
      { numRuns: 400 },
    );
    // the property is about the string path: most trees must take it (odd URLs and empty titles fall back)
    expect(fast).toBeGreaterThan(100);
  });

  it('marks the current page and opens only the groups on its way, as NavEntry does', () => {
    const nav: NavItem[] = [
      { title: 'Maps', url: '/documentation/maps/', children: [
        { title: 'Guide', url: '/documentation/maps/guide/', children: [{ title: 'Layers & "views"', url: '/documentation/maps/guide/layers/', children: [] }] },
        { title: 'API', url: '/documentation/maps/api/', children: [{ title: 'Map', url: '/documentation/maps/api/map/', children: [] }] },
      ] },
      { title: 'Apps', url: '/documentation/apps/', children: [{ title: 'One', url: '/documentation/apps/one/', children: [] }] },
    ];
    const html = mod.navItemsHtml(nav, '/documentation/maps/', '/documentation/maps/guide/layers/')!;
    expect(html).toBe(
      '<li class="nav-item nav-group is-current-section"><a href="/documentation/maps/">Maps</a><details open=""><summary><span class="visually-hidden">Pages in <!-- -->Maps</span></summary><ul>'
        + '<li class="nav-item nav-group"><a href="/documentation/maps/guide/">Guide</a><details open=""><summary><span class="visually-hidden">Pages in <!-- -->Guide</span></summary><ul>'
        + '<li class="nav-item"><a href="/documentation/maps/guide/layers/" aria-current="page">Layers &amp; &quot;views&quot;</a></li></ul></details></li>'
        + '<li class="nav-item nav-group"><a href="/documentation/maps/api/">API</a><details class="is-lazy"><summary><span class="visually-hidden">Pages in <!-- -->API</span></summary></details></li>'
        + '</ul></details></li>'
        + '<li class="nav-item"><a href="/documentation/apps/">Apps</a></li>',
    );
    expect(render({ nav }, '/documentation/maps/', '/documentation/maps/guide/layers/', false)).toEqual(render({ nav }, '/documentation/maps/', '/documentation/maps/guide/layers/', true));
  });

  it('leaves to React what it would not write the same: a javascript: URL stays blocked', () => {
    const nav: NavItem[] = [{ title: 'Bad', url: 'javascript:alert(1)', children: [] }];
    expect(mod.navItemsHtml(nav, '', '/documentation/')).toBeNull();
    expect(render({ nav }, '', '/documentation/', false).html).toContain('React has blocked a javascript: URL');
  });
});
