import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.js';
import type { SourcePage } from '../../src/content/discover.js';
import { editUrlOf } from '../../src/pagedata/furniture.js';
import { planSite } from '../../src/pagedata/plan.js';
import { SiteTree, type NavItem } from '../../src/pagedata/site-tree.js';
import { assertReaching } from '../helpers/reach.js';

// Page furniture (issue 22): previous/next in navigation order, the edit link, the last-updated date, decided
// when the build is planned.
const TEMPLATES = ['doc', 'home', 'section', 'not-found', 'server-error'];
const PREFIX = '/documentation';

function sourcePage(relFile: string, frontmatter: Partial<SourcePage['frontmatter']> = {}): SourcePage {
  const pagePath = `/${relFile.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '/')}`.replace(/\/+$/, '/');
  return { file: `/site/content/${relFile}`, displayFile: `content/${relFile}`, relFile, pagePath, textHash: 'h', frontmatter: { title: relFile, description: 'd', ...frontmatter }, title: (frontmatter.title as string | undefined) ?? relFile, description: 'd' };
}

/** The sidebar's order, written out independently: a node, then its children, depth first. */
const sidebarOrder = (items: NavItem[]): string[] => items.flatMap((i) => [i.url, ...sidebarOrder(i.children)]);

describe('previous and next pages', () => {
  // trees of up to three levels; folders with or without an index page (pages of the latter are lifted)
  const segment = fc.constantFrom('a', 'b', 'c', 'd');
  const relFile = fc.array(segment, { minLength: 1, maxLength: 3 }).chain((segs) => fc.constantFrom(`${segs.join('/')}.md`, `${segs.join('/')}/index.md`));
  const site = fc.uniqueArray(fc.tuple(relFile, fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined })), { selector: ([f]) => f.replace(/\/index\.md$/, '.md'), maxLength: 14 });

  it('chain every page of the navigation once, in the sidebar order, and no other page', () => {
    const config = siteConfigSchema.parse({});
    assertReaching(
      fc.property(site, (files) => {
        const pages = [sourcePage('index.md'), ...files.map(([f, order]) => sourcePage(f, order === undefined ? {} : { order }))];
        const nav = planSite(pages, TEMPLATES, config).tasks;
        const expected = sidebarOrder(navigationTree(pages));
        // walk the chain from the page without a previous one
        const byUrl = new Map(nav.map((t) => [`${PREFIX}${t.pagePath}`, t]));
        const starts = nav.filter((t) => t.next && !t.prev);
        const walked: string[] = [];
        for (let t = starts[0]; t; t = t.next ? byUrl.get(t.next.url) : undefined) walked.push(`${PREFIX}${t.pagePath}`);
        expect(walked).toEqual(expected.length > 1 ? expected : []);
        for (const t of nav) {
          if (t.next) expect(byUrl.get(t.next.url)!.prev!.url).toBe(`${PREFIX}${t.pagePath}`);
          if (t.pagePath === '/' || t.status !== undefined) expect([t.prev, t.next]).toEqual([undefined, undefined]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('name the neighbour as the sidebar does (navTitle before title)', () => {
    const pages = [sourcePage('guide/index.md', { order: 1, navTitle: 'The guide' }), sourcePage('guide/a.md', { order: 1 }), sourcePage('guide/b.md', { order: 2, title: 'Bee' })];
    const tasks = planSite(pages, TEMPLATES, siteConfigSchema.parse({})).tasks;
    expect(tasks.map((t) => [t.pagePath, t.prev, t.next])).toEqual([
      ['/guide/', undefined, { title: 'guide/a.md', url: '/documentation/guide/a/' }],
      ['/guide/a/', { title: 'The guide', url: '/documentation/guide/' }, { title: 'Bee', url: '/documentation/guide/b/' }],
      ['/guide/b/', { title: 'guide/a.md', url: '/documentation/guide/a/' }, undefined],
      ['/404/', undefined, undefined],
      ['/500/', undefined, undefined],
    ]);
  });
});

/** The navigation tree the sidebar shows for these pages. */
const navigationTree = (pages: SourcePage[]): NavItem[] => new SiteTree(pages, PREFIX).nav();

describe('the edit link', () => {
  it('puts the file under content/ in the pattern, encoded, never moving the host', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '#', '?', '%', '&', '/', 'é', '\u6f22', '+', "'", '"', '{path}'), minLength: 1, maxLength: 12 });
    const pattern = fc.constantFrom('https://github.com/o/r/edit/main/content/{path}', 'https://gitlab.example/o/r/-/edit/main/docs/{path}?ref=x', 'http://host:8080/edit?file={path}#top');
    assertReaching(
      fc.property(pattern, fc.array(name, { minLength: 1, maxLength: 3 }), (p, segs) => {
        const relFile = `${segs.join('/').replace(/\/+/g, '/').replace(/^\/|\/$/g, '') || 'x'}.md`;
        const url = new URL(editUrlOf(p, relFile));
        expect(url.origin).toBe(new URL(p.replace('{path}', 'x')).origin);
        // the path reads back as the file, whatever it holds
        const at = p.indexOf('{path}');
        const encoded = editUrlOf(p, relFile).slice(at, at + editUrlOf(p, relFile).length - p.length + '{path}'.length);
        expect(encoded.split('/').map(decodeURIComponent).join('/')).toBe(relFile);
      }),
    );
    expect(editUrlOf('https://github.com/o/r/edit/main/content/{path}', 'reference/api options.md')).toBe('https://github.com/o/r/edit/main/content/reference/api%20options.md');
  });

  it('is on every Markdown page when editUrl is set, and on none when it is not', () => {
    const pages = [sourcePage('index.md'), sourcePage('a/index.md'), sourcePage('a/b c.md')];
    const withEdit = planSite(pages, TEMPLATES, siteConfigSchema.parse({ editUrl: 'https://github.com/o/r/edit/main/content/{path}' })).tasks;
    expect(withEdit.map((t) => t.editUrl)).toEqual([
      'https://github.com/o/r/edit/main/content/index.md',
      'https://github.com/o/r/edit/main/content/a/index.md',
      'https://github.com/o/r/edit/main/content/a/b%20c.md',
      undefined,
      undefined,
    ]);
    expect(planSite(pages, TEMPLATES, siteConfigSchema.parse({})).tasks.map((t) => t.editUrl)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('refuses a pattern without {path}, with it in the host, or with a scheme other than http(s)', () => {
    const problem = (editUrl: string) => {
      const r = siteConfigSchema.safeParse({ editUrl });
      return r.success ? null : (r.error.issues[0] as { message: string; params?: { code: string } });
    };
    expect(problem('https://github.com/o/r/edit/main/content/{path}')).toBeNull();
    expect(problem('https://github.com/o/r/edit/main/content/')).toMatchObject({ params: { code: 'DG1020' }, message: '`https://github.com/o/r/edit/main/content/` has no `{path}`, so every page would link to the same place' });
    expect(problem('https://{path}.example.com/')).toMatchObject({ params: { code: 'DG1020' } });
    expect(problem('https://{path}@example.com/')).toMatchObject({ params: { code: 'DG1020' } });
    expect(problem('javascript:alert(1)//{path}')).toMatchObject({ params: { code: 'DG1007' } });
    expect(problem('mailto:a@b.c?subject={path}')).toMatchObject({ params: { code: 'DG1007' } });
    expect(problem('/edit/{path}')).toMatchObject({ params: { code: 'DG1007' } });
  });
});

describe('the last-updated date', () => {
  const git = new Map([['a.md', 1_700_000_000], ['b.md', 1_600_000_000]]);
  it("is the frontmatter's when written, else the file's last commit (UTC, to the second), else none", () => {
    const pages = [sourcePage('a.md', { lastUpdated: '2024-03-15' }), sourcePage('b.md'), sourcePage('c.md')];
    const tasks = planSite(pages, TEMPLATES, siteConfigSchema.parse({}), git).tasks;
    expect(tasks.map((t) => t.lastUpdated)).toEqual(['2024-03-15', '2020-09-13T12:26:40Z', undefined, undefined, undefined]);
    expect(planSite(pages, TEMPLATES, siteConfigSchema.parse({}), null).tasks.map((t) => t.lastUpdated)).toEqual(['2024-03-15', undefined, undefined, undefined, undefined]);
  });
});
