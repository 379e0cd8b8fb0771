import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashBytes } from '../../src/cache/index.js';
import type { ShellInputs } from '../../src/render/assemble.js';
import type { PageTask, RenderSetup } from '../../src/render/page-task.js';
import { closeResultPacks, renderPage } from '../../src/render/render-page.js';
import { assertReaching } from '../helpers/reach.js';

// A render thread reads each page into one buffer it reuses and grows (no stat, no fresh buffer a page): whatever
// the sizes and their order, each page is rendered from exactly its own bytes, never a neighbour's leftovers.
let dir: string;
const shell: ShellInputs = { pathPrefix: '/documentation', titlePostfix: 'Docs', siteName: 'Docs', lang: 'en', appUrl: '/documentation/app.js', stylesUrl: '/documentation/s.css', chunks: {}, staticQueryHashes: [], slicesMap: {}, buildHash: 'b' };
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-render-read-'));
  await writeFile(path.join(dir, 'templates.mjs'), 'export const createElement = () => null; export const renderToString = () => ""; export const templates = { doc: () => null };\n');
});
afterAll(async () => {
  await closeResultPacks();
  await rm(dir, { recursive: true, force: true });
});

/** A page of about `bytes` bytes: words with two- and three-byte characters, ending in its own marker word. */
function pageText(bytes: number, marker: string): string {
  const head = `---\ntitle: Page ${marker}\ndescription: A page.\n---\n\n`;
  const words = ['café', 'naïve', '漢字', 'plain', 'text', 'über'];
  let body = '';
  for (let i = 0; Buffer.byteLength(head + body) < bytes - 40; i++) body += `${words[i % words.length]}${i % 12 === 11 ? '\n\n' : ' '}`;
  return `${head}${body}\n\n${marker}\n`;
}

// around the buffer's first size (16 KiB) and its doublings, and anywhere below 70 KB
const sizes = fc.oneof(fc.constantFrom(16383, 16384, 16385, 32768, 32769, 65536), fc.integer({ min: 200, max: 70_000 }));

describe('renderPage reads', () => {
  it('renders each page from its own bytes, whatever the sizes before it', async () => {
    let n = 0;
    await assertReaching(
      fc.asyncProperty(fc.array(sizes, { minLength: 2, maxLength: 3 }), async (list) => {
        for (const size of list) {
          const id = n++;
          const marker = `Endmarker${id}`;
          const file = path.join(dir, `p${id}.md`);
          const text = pageText(size, marker);
          await writeFile(file, text);
          const pagePath = `/p${id}/`;
          const task = { id, file, displayFile: `content/p${id}.md`, relFile: `p${id}.md`, pagePath, textHash: hashBytes(Buffer.from(text)), frontmatter: { title: `Page ${marker}`, description: 'A page.' }, title: `Page ${marker}`, description: 'A page.', template: 'doc', breadcrumbs: [], children: [], section: '' } satisfies PageTask;
          const setup = { serverBundle: path.join(dir, 'templates.mjs'), root: dir, contentDir: dir, pathPrefix: '/documentation', variables: {}, imageMaxWidth: 995, shared: {}, output: { siteDir: path.join(dir, 'site'), shell }, packsDir: path.join(dir, 'packs') } satisfies RenderSetup;
          const page = await renderPage(task, setup);
          expect(page.ok).toBe(true);
          // stored only when the bytes read hash to the text's hash: exactly the file, nothing more or less
          expect(page.stored).not.toBeNull();
          const data = JSON.parse(await readFile(path.join(dir, 'site', 'page-data', `p${id}`, 'page-data.json'), 'utf8'));
          const html = data.result.pageContext.html as string;
          expect(html.trimEnd().endsWith(`<p>${marker}</p>`)).toBe(true);
          expect(html.match(/Endmarker\d+/g)).toEqual([marker]);
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
