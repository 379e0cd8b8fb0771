import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.js';
import { discoverPages } from '../../src/content/discover.js';
import { printablePath } from '../../src/content/paths.js';
import { foldPath } from '../../src/pagedata/outputs.js';
import { planSite } from '../../src/pagedata/plan.js';
import { SiteTree, type NavItem } from '../../src/pagedata/site-tree.js';
import { htmlFileOf, pageFilesOf } from '../../src/render/assemble.js';
import { assertReaching } from '../helpers/reach.js';

// Issue 19, items 2 and 5, as a class: whatever a writer names a page, discovery and planning either publish it
// at a URL that serves it, or report a problem naming that file. Never a silent skip, never a crash, and never
// two pages on one output file (compared as macOS and Windows compare names).

const TEMPLATES = ['doc', 'home', 'section', 'not-found', 'server-error'];
const config = siteConfigSchema.parse({});
const prefix = config.pathPrefix;

// Small alphabet, so names meet each other (case, normalization, index pages, docsgen's own names) often.
const unit = fc.constantFrom(
  'a', 'A', 'b', 'B', '\u00e9', 'e\u0301', '\u00c9', '-', '_', ' ', '.', '\u6f22', '\u{1F600}', "'", '[', '&', '+',
  '%', '#', '?', '\\', '\n', '\r', '\t', '\u2028', '\u2029', '\u0001', '\u007f', '"', '<', '|',
  'index', 'INDEX', 'page-data', 'static', '404.html', 'sw.js', 'app-data.json', 'app-1.js',
);
// dot files and folders are hidden by convention and skipped, as by most site generators: names here avoid them
const segment = fc.string({ unit, minLength: 1, maxLength: 4 }).map((s) => (s.startsWith('.') ? `x${s}` : s));
const file = fc.record({
  dir: fc.option(segment, { nil: undefined }),
  base: segment,
  ext: fc.constantFrom('.md', '.md', '.md', '.MD', '.Md', '.markdown'),
});

const page = (title: string) => `---\ntitle: ${JSON.stringify(title)}\ndescription: A page.\n---\n\n# Page\n`;
const flatten = (items: NavItem[]): NavItem[] => items.flatMap((i) => [i, ...flatten(i.children)]);

describe('page names', () => {
  it('are each published at a URL that serves them, or reported at the file', async () => {
    await assertReaching(
      fc.asyncProperty(fc.uniqueArray(file, { minLength: 1, maxLength: 5, selector: (f) => `${f.dir ?? ''}/${f.base}${f.ext}` }), async (files) => {
        const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-names-'));
        try {
          const contentDir = path.join(root, 'content');
          await mkdir(contentDir);
          const created: string[] = [];
          for (const f of files) {
            const rel = f.dir === undefined ? `${f.base}${f.ext}` : `${f.dir}/${f.base}${f.ext}`;
            try {
              await mkdir(path.dirname(path.join(contentDir, rel)), { recursive: true });
              await writeFile(path.join(contentDir, rel), page(rel));
              created.push(rel);
            } catch {
              // a folder where a file of the same name was written (or the reverse): not a name problem
            }
          }
          const found = await discoverPages(contentDir, root);
          const plan = planSite(found.pages, TEMPLATES, config);
          const diagnostics = [...found.diagnostics, ...plan.diagnostics];
          const nav = flatten(new SiteTree(found.pages, prefix).nav());
          for (const rel of created) {
            const shown = printablePath(`content/${rel}`);
            // named: the file, or the folder it is in (one problem for a folder whose name no URL can carry)
            const names = [shown, ...(rel.includes('/') ? [`${printablePath(`content/${rel.split('/')[0]}`)}/`] : [])];
            const reported = diagnostics.some((d) => d.location?.file === shown || names.some((n) => d.message.includes(n)));
            const task = plan.tasks.find((t) => t.relFile === rel);
            expect(reported || task !== undefined, `silently skipped: ${JSON.stringify(rel)}`).toBe(true);
            if (reported) continue;
            const url = task!.pagePath === '/' ? `${prefix}/` : nav.find((n) => n.url === `${prefix}${task!.pagePath}`)?.url;
            expect(url, `no nav link to ${JSON.stringify(rel)}`).toBeDefined();
            // what a browser requests for the link, decoded as nginx and `docsgen serve` decode it: the page's file
            const requested = decodeURIComponent(new URL(url!, 'https://example.com').pathname);
            expect(requested).toBe(url);
            expect(`${prefix}/${htmlFileOf(task!.pagePath)}`).toBe(`${requested}index.html`);
          }
          if (!diagnostics.some((d) => d.severity === 'error')) {
            const outputs = plan.tasks.flatMap((t) => Object.values(pageFilesOf(t.pagePath, t.status)));
            expect(new Set(outputs.map(foldPath)).size).toBe(outputs.length);
            // no folder spelled two ways, and no file where another output needs a folder
            const spellings = new Map<string, string>();
            for (const out of outputs) {
              const parts = out.split('/');
              for (let i = 1; i < parts.length; i++) {
                const folder = parts.slice(0, i).join('/');
                expect(spellings.get(foldPath(folder)) ?? folder).toBe(folder);
                spellings.set(foldPath(folder), folder);
              }
            }
            for (const out of outputs) expect(spellings.has(foldPath(out)), out).toBe(false);
          }
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 200 },
    );
  });
});
