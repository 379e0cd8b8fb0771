import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { slug } from 'github-slugger';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types (bench code is not part of the typed library)
import { generateCorpus } from '../../bench/corpus.mjs';

const LANGS = ['js', 'ts', 'html', 'css', 'json', 'bash', 'python', 'csharp', 'xml', 'kotlin', 'swift'];
const VARIABLES = ['arcgis_js_version', 'calcite_version', 'maplibre_version', 'cesium_version', 'leaflet_version', 'openlayers_version'];

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-corpus-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Every file under dir, relative path → sha256 of its bytes. */
async function hashTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  for (const e of entries) {
    const file = path.join(e.parentPath, e.name);
    out.set(path.relative(dir, file), createHash('sha256').update(await readFile(file)).digest('hex'));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter);

describe('generateCorpus', () => {
  it('writes the same bytes for the same pages and seed, and different bytes for another seed', async () => {
    const a = path.join(tmp, 'a');
    const b = path.join(tmp, 'b');
    const c = path.join(tmp, 'c');
    await generateCorpus(a, { pages: 50, seed: 's1' });
    await generateCorpus(b, { pages: 50, seed: 's1' });
    await generateCorpus(c, { pages: 50, seed: 's2' });
    const ha = await hashTree(a);
    expect(ha.size).toBeGreaterThan(50);
    expect(await hashTree(b)).toEqual(ha);
    const hc = await hashTree(c);
    const sameMd = [...ha].filter(([f, h]) => f.endsWith('.md') && hc.get(f) === h);
    expect(sameMd.length).toBeLessThan(5);
  });

  it('regenerating into a used folder leaves no stale pages', async () => {
    const dir = path.join(tmp, 'shrink');
    await generateCorpus(dir, { pages: 80, seed: 's1' });
    await generateCorpus(dir, { pages: 30, seed: 's1' });
    const md = (await readdir(path.join(dir, 'content'), { recursive: true })).filter((f) => f.endsWith('.md'));
    expect(md).toHaveLength(30);
  });

  it.each([3, 25, 130])('writes exactly %i pages', async (pages) => {
    const dir = path.join(tmp, `n${pages}`);
    const info = await generateCorpus(dir, { pages, seed: 'count' });
    const md = (await readdir(path.join(dir, 'content'), { recursive: true })).filter((f) => f.endsWith('.md'));
    expect(md).toHaveLength(pages);
    expect(info.pages).toBe(pages);
    expect(info.leafPages + info.sectionPages + 1).toBe(pages);
  });

  describe('a 130-page corpus', () => {
    let dir: string;
    let info: Awaited<ReturnType<typeof generateCorpus>>;
    let files: string[];
    beforeAll(async () => {
      dir = path.join(tmp, 'features');
      info = await generateCorpus(dir, { pages: 130, seed: 'docsgen-bench' });
      files = (await readdir(path.join(dir, 'content'), { recursive: true })).filter((f) => f.endsWith('.md')).sort();
    });

    it('nests pages three levels deep with an index.md in every folder', () => {
      const depths = files.map((f) => f.split('/').length - 1);
      expect(Math.max(...depths)).toBe(3);
      const folders = new Set(files.filter((f) => f.includes('/')).map((f) => path.dirname(f)));
      for (const folder of folders) expect(files).toContain(`${folder}/index.md`);
      expect(files).toContain('index.md');
    });

    it('gives every leaf page the features real docs have', async () => {
      const leaves = files.filter((f) => !f.endsWith('index.md'));
      expect(leaves.length).toBe(info.leafPages);
      const alertKinds = new Set<string>();
      for (const rel of leaves) {
        const file = path.join(dir, 'content', rel);
        const text = await readFile(file, 'utf8');
        const tree = parser.parse(text);
        const counts = { headings: 0, lists: 0, tables: 0, links: 0, images: 0, words: 0 };
        const langs: string[] = [];
        const links: string[] = [];
        let front: Record<string, unknown> = {};
        visit(tree, (node: any) => {
          if (node.type === 'yaml') front = parseYaml(node.value);
          if (node.type === 'heading') counts.headings++;
          if (node.type === 'list') counts.lists++;
          if (node.type === 'table') counts.tables++;
          if (node.type === 'code') langs.push(node.lang);
          if (node.type === 'link') links.push(node.url);
          if (node.type === 'image') {
            counts.images++;
            expect(node.url).toMatch(/^images\/fig-\d+\.png$/);
            expect(existsSync(path.join(path.dirname(file), node.url)), `${rel}: ${node.url}`).toBe(true);
          }
          if (node.type === 'text') counts.words += node.value.split(/\s+/).filter(Boolean).length;
          if (node.type === 'blockquote') {
            const first = node.children[0]?.children?.[0]?.value ?? '';
            const kind = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/.exec(first);
            expect(kind, `${rel}: blockquote is not an alert`).not.toBeNull();
            alertKinds.add(kind![1]!);
          }
        });
        expect(typeof front.title).toBe('string');
        expect(front.description).toMatch(/^[A-Z0-9][^.]*\.$/);
        expect(typeof front.order).toBe('number');
        expect(counts.headings).toBeGreaterThanOrEqual(3);
        expect(counts.headings).toBeLessThanOrEqual(5);
        expect(counts.lists).toBeGreaterThanOrEqual(2);
        expect(counts.tables).toBe(1);
        expect(counts.images).toBe(1);
        expect(langs).toHaveLength(1);
        expect(LANGS).toContain(langs[0]);
        expect(links.length).toBeGreaterThanOrEqual(3);
        expect(links.length).toBeLessThanOrEqual(8);
        expect(links.some((l) => /^\/[^#]*\/$/.test(l))).toBe(true);
        expect(links.some((l) => /^\/.*\/#[a-z0-9-]+$/.test(l))).toBe(true);
        expect(links.some((l) => l.startsWith('./') && /\.md(#|$)/.test(l))).toBe(true);
        expect(counts.words).toBeGreaterThan(600);
        expect(counts.words).toBeLessThan(900);
        expect(text).toContain('{{ arcgis_js_version }}');
        // Eleventy preprocesses Markdown with Liquid: only the documentation variables may use its delimiters.
        expect(text).not.toContain('{%');
        for (const m of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) expect(VARIABLES).toContain(m[1]);
        expect(text.match(/\{\{/g)?.length).toBe(text.match(/\{\{\s*\w+\s*\}\}/g)?.length);
      }
      expect(alertKinds.has('NOTE')).toBe(true);
    });

    it('writes internal links that resolve to real pages and real heading ids', async () => {
      let checked = 0;
      for (const rel of files) {
        const text = await readFile(path.join(dir, 'content', rel), 'utf8');
        for (const [, href] of text.matchAll(/\]\(((?:\/|\.\/|\.\.\/)[^)]*)\)/g)) {
          const [target, anchor] = href!.split('#');
          const file = target!.startsWith('/')
            ? [path.join('content', target!, 'index.md'), path.join('content', `${target!.replace(/\/$/, '')}.md`)].find((f) => existsSync(path.join(dir, f)))
            : path.join('content', path.dirname(rel), target!);
          expect(file && existsSync(path.join(dir, file)), `${rel}: ${href}`).toBe(true);
          if (anchor) {
            const headings = [...(await readFile(path.join(dir, file!), 'utf8')).matchAll(/^#{2,3} (.+)$/gm)].map((m) => slug(m[1]!));
            expect(headings, `${rel}: ${href}`).toContain(anchor);
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    });

    it('ships more than 10 and at most 20 distinct figures shared by pages, and the default manifest icon', async () => {
      const pngs = (await readdir(path.join(dir, 'content'), { recursive: true })).filter((f) => f.endsWith('.png'));
      const hashes = new Map<string, string>();
      for (const f of pngs) {
        const bytes = await readFile(path.join(dir, 'content', f));
        expect(bytes.subarray(1, 4).toString()).toBe('PNG');
        hashes.set(path.basename(f), createHash('sha256').update(bytes).digest('hex'));
      }
      expect(hashes.has('site-icon.png')).toBe(true);
      const figures = [...hashes].filter(([name]) => name.startsWith('fig-'));
      expect(figures.length).toBeGreaterThan(10);
      expect(figures.length).toBeLessThanOrEqual(20);
      expect(new Set(figures.map(([, h]) => h)).size).toBe(figures.length);
    });

    it('gives Eleventy the same Markdown bytes plus the bench layout', async () => {
      const content = await hashTree(path.join(dir, 'content'));
      const eleventy = await hashTree(path.join(dir, 'eleventy'));
      for (const [f, h] of content) expect(eleventy.get(f), f).toBe(h);
      expect([...eleventy.keys()].filter((f) => !content.has(f))).toEqual(['_includes/base.njk']);
    });

    it('names an existing leaf page for the one-page-edit rebuild', () => {
      expect(info.editPage.file).toMatch(/^content\/.+\.md$/);
      expect(existsSync(path.join(dir, info.editPage.file))).toBe(true);
      expect(info.editPage.file.endsWith('index.md')).toBe(false);
      expect(info.pageList).toHaveLength(130);
    });
  });
});
