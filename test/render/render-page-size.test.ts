import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_BYTES } from '../../src/config/defaults.js';
import type { PageTask, RenderSetup } from '../../src/render/page-task.js';
import { renderPage } from '../../src/render/render-page.js';

// Discovery refuses a page over the limit; a page that grew after discovery is refused by the render thread,
// by its size, before its text is read.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-render-size-'));
  await writeFile(path.join(dir, 'templates.mjs'), 'export const createElement = () => null; export const renderToString = () => ""; export const templates = {};\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('renderPage', () => {
  it('reports a page that grew past the limit since discovery, without reading it', async () => {
    const file = path.join(dir, 'grown.md');
    await writeFile(file, '---\ntitle: Grown\ndescription: It grew.\n---\n');
    await truncate(file, MAX_PAGE_BYTES + 1024 * 1024);
    const task = { id: 0, file, displayFile: 'content/grown.md', relFile: 'grown.md', pagePath: '/grown/', textHash: 'x', frontmatter: { title: 'Grown', description: 'It grew.' }, title: 'Grown', description: 'It grew.', template: 'doc', breadcrumbs: [], children: [], section: '' } satisfies PageTask;
    const setup = { serverBundle: path.join(dir, 'templates.mjs'), root: dir, contentDir: dir, pathPrefix: '/documentation', variables: {}, imageMaxWidth: 995, shared: {}, output: { siteDir: dir, shell: {} as never }, packsDir: dir } satisfies RenderSetup;
    const page = await renderPage(task, setup);
    expect(page.ok).toBe(false);
    expect(page.meta.diagnostics).toEqual([expect.objectContaining({ code: 'DG2040', location: { file: 'content/grown.md', line: 1, column: 1 } })]);
  });
});
