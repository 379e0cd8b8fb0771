import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { slug } from 'github-slugger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types (bench code is not part of the typed library)
import { generateDenseCorpus, PAGES_PER_SECTION } from '../../bench/dense-corpus.mjs';

// The link-dense bench corpus (issue 29): the same input for docsgen, Eleventy and Hugo, reproducible, long
// sections, and every cross-link pointing at a page and heading that exist.
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-dense-corpus-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function digest(dir: string): Promise<string> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
  const h = createHash('sha256');
  for (const f of files) h.update(f).update(await readFile(path.join(dir, f)));
  return h.digest('hex');
}

describe('the link-dense bench corpus', () => {
  it('writes the same bytes for the same size, long sections, and only links that resolve', async () => {
    const a = await generateDenseCorpus(path.join(tmp, 'a'), { pages: 700 });
    const b = await generateDenseCorpus(path.join(tmp, 'b'), { pages: 700 });
    expect(await digest(path.join(tmp, 'a'))).toBe(await digest(path.join(tmp, 'b')));
    expect(a.pages).toBe(700);
    expect(a.leafPages / a.sections).toBeGreaterThan(PAGES_PER_SECTION * 0.8);

    const content = path.join(tmp, 'a', 'content');
    const md = (await readdir(content, { recursive: true })).filter((f) => f.endsWith('.md'));
    expect(md).toHaveLength(700);
    let anchored = 0;
    for (const f of md) {
      const text = await readFile(path.join(content, f), 'utf8');
      for (const [, url, anchor] of text.matchAll(/\]\((\/[^)#]*)(?:#([^)]*))?\)/g)) {
        const target = url === '/' ? 'index.md' : existsSync(path.join(content, url, 'index.md')) ? path.join(url, 'index.md') : `${url.replace(/\/$/, '')}.md`;
        expect(existsSync(path.join(content, target)), `${f} -> ${url}`).toBe(true);
        if (anchor) {
          anchored++;
          const headings = [...(await readFile(path.join(content, target), 'utf8')).matchAll(/^#{2,3} (.+)$/gm)].map((m) => slug(m[1]!));
          expect(headings, `${f} -> ${url}#${anchor}`).toContain(anchor);
        }
      }
    }
    expect(anchored).toBeGreaterThan(md.length * 5);
    // Hugo reads section pages from _index.md; the text is the same
    expect(await readFile(path.join(tmp, 'a', 'hugo', 'content', 'area-01', '_index.md'), 'utf8')).toBe(await readFile(path.join(content, 'area-01', 'index.md'), 'utf8'));
    expect(existsSync(path.join(tmp, 'a', 'hugo', 'layouts', '_default', 'baseof.html'))).toBe(true);
    expect(existsSync(path.join(tmp, 'a', 'eleventy', '_includes', 'dense.njk'))).toBe(true);
  });
});
