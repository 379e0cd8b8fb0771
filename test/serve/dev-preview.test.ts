// `docsgen dev` shows a Markdown save before its build (src/serve/dev-preview.ts): the page rendered in memory
// with the last build's setup. What a writer must see: the save in the open page at once, and once the build is
// done exactly what it wrote (byte for byte, no second reload when the preview had it right); saves a preview
// cannot show (a title, a template, a broken page) go through the build as before, and none is lost.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { runDocsgen } from '../helpers/cli.js';
import { DevProcess } from './dev-process.js';
import { copyServeFixture } from './site.js';

const PAGE_FILE = 'content/guide/install.md';
const PAGE_URL = '/documentation/guide/install/';
const OVERLAY = '#docsgen-dev-overlay';

let dir: string;
let dev: DevProcess;
let url: string;
let browser: Browser;
let page: Page;
let original: string;

/** The page file with `body` in place of the original paragraph's sentence (the frontmatter kept). */
const withBody = (body: string) => original.replace('Install the fixture with one command. The original install text is here.', body);

/** Marks the document the tab shows now: a reload makes a new one, without the mark. */
const mark = () => page.evaluate(() => ((window as unknown as { devMark: number }).devMark = 1));
const marked = () => page.evaluate(() => (window as unknown as { devMark?: number }).devMark === 1);

beforeAll(async () => {
  dir = await copyServeFixture();
  original = await readFile(path.join(dir, PAGE_FILE), 'utf8');
  dev = await DevProcess.start(dir);
  url = dev.url;
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(new URL('guide/install/', url).href, { waitUntil: 'load' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('docsgen dev previews a Markdown save before its build', () => {
  it('shows the save at once, and the build then writes the bytes the preview served, without a second reload', async () => {
    const from = dev.output.length;
    await mark();
    await writeFile(path.join(dir, PAGE_FILE), withBody('Previewed text **one** is here.'));
    await dev.waitForOutput(/shown before the build: \/documentation\/guide\/install\/\n/, from);
    // what the server answers right after the preview (before or after the build ended: both must be these bytes)
    const early = await Promise.all([fetch(new URL('guide/install/', url)).then((r) => r.text()), fetch(new URL('page-data/guide/install/page-data.json', url)).then((r) => r.text())]);
    await page.getByText('Previewed text one is here.').waitFor({ timeout: 30_000 });
    expect(await marked()).toBe(false);
    await mark();
    // (a save seen half-written goes through a build of its own first: the last build is the one that counts)
    // (its preview's line can come while it builds)
    await dev.waitForOutput(/changed: content\/guide\/install\.md; rebuilding…\n(?:shown before the build: [^\n]*\n)?built 4 pages in \d+ ms \(1 rendered, 5 from the cache\); the pages showed it already/, from);
    const late = await Promise.all([fetch(new URL('guide/install/', url)).then((r) => r.text()), fetch(new URL('page-data/guide/install/page-data.json', url)).then((r) => r.text())]);
    // the same bytes, but for the live-reload client dev adds to every HTML page it sends (it names the build)
    const noClient = (texts: string[]) => texts.map((t) => t.replace(/<script data-docsgen-dev>[\s\S]*?<\/script>/, ''));
    expect(noClient(early)).toEqual(noClient(late));
    // the page the preview loaded is the one still open: the build did not reload it
    await page.waitForTimeout(500);
    expect(await marked()).toBe(true);
    expect(await page.locator('main').innerText()).toContain('Previewed text one is here.');
  }, 120_000);

  it('reloads nothing for a save of the same bytes: the build finds nothing changed', async () => {
    await mark();
    const from = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), await readFile(path.join(dir, PAGE_FILE)));
    await dev.waitForOutput(/changed: content\/guide\/install\.md; rebuilding…\nbuilt 4 pages in \d+ ms \(nothing changed\); the pages showed it already\n/, from, 15_000);
    await page.waitForTimeout(500);
    expect(await marked()).toBe(true);
  });

  it('previews Markdown of every kind with the bytes the build writes, and ends as a cold build would', async () => {
    const bodies = [
      'A table:\n\n| a | b |\n| - | - |\n| 1 | `two` |',
      'Code:\n\n```js\nconst x = 1; // édité\n```',
      '## A new heading\n\nWith a [link to usage](./usage.md#next) and a footnote.[^1]\n\n[^1]: The note.',
      '> [!NOTE]\n> An alert with _emphasis_ and &amp; an entity.\n\n1. one\n2. two',
      'An image again: ![Install steps](../images/diagram.png) and text in 日本語.',
    ];
    for (const [i, body] of bodies.entries()) {
      const from = dev.output.length;
      await writeFile(path.join(dir, PAGE_FILE), withBody(`${body}\n\nKind ${i} saved.`));
      await dev.waitForOutput(/built 4 pages in \d+ ms \(1 rendered, 5 from the cache[^)]*\); the pages showed it already\n/, from);
      expect(dev.output.slice(from)).toContain('shown before the build: /documentation/guide/install/\n');
      await page.getByText(`Kind ${i} saved.`).waitFor({ timeout: 30_000 });
    }
    // a cold build of the same sources writes the page as dev has it
    const fresh = `${dir}-cold`;
    try {
      for (const sub of ['content', 'templates', 'redirects', 'docsgen.config.yaml']) await cp(path.join(dir, sub), path.join(fresh, sub), { recursive: true });
      const cold = await runDocsgen(['build', '--no-sw', '--links', 'warn', '--out', 'out'], { cwd: fresh });
      expect(cold.exitCode, String(cold.stderr)).toBe(0);
      for (const rel of ['documentation/guide/install/index.html', 'documentation/page-data/guide/install/page-data.json']) {
        const [devBytes, coldBytes] = await Promise.all([readFile(path.join(dir, '.docsgen-cache/dev/public', rel)), readFile(path.join(fresh, 'out/public', rel))]);
        expect(devBytes.equals(coldBytes), rel).toBe(true);
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 180_000);

  it('shows a title edit through the build: no preview, the navigation of other pages changes too', async () => {
    const from = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), withBody('Retitled body.').replace('title: Install the fixture', 'title: Install it all'));
    await page.getByText('Retitled body.').waitFor({ timeout: 60_000 });
    await dev.waitForOutput(/built 4 pages in [^\n]*; pages reloaded/, from);
    expect(dev.output.slice(from)).not.toContain('shown before the build');
    const usage = await (await fetch(new URL('guide/usage/', url))).text();
    expect(usage).toContain('Install it all');
    original = original.replace('title: Install the fixture', 'title: Install it all');
  });

  it('shows a template edit, and a Markdown save made during its build, with both', async () => {
    const doc = path.join(dir, 'templates/doc.tsx');
    const template = await readFile(doc, 'utf8');
    const from = dev.output.length;
    await writeFile(doc, template.replace('<PageFooter page={page} />', '<p data-dg-preview-mark="">template mark</p>\n        <PageFooter page={page} />'));
    await dev.waitForOutput(/changed: templates\/doc\.tsx; rebuilding…\n/, from);
    // during the template's build: a preview now would render with the old template
    await writeFile(path.join(dir, PAGE_FILE), withBody('Saved during the template build.'));
    await page.getByText('Saved during the template build.').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('p[data-dg-preview-mark]').count(), { timeout: 60_000 }).toBe(1);
    await dev.waitForOutput(/changed: content\/guide\/install\.md; rebuilding…\nbuilt 4 pages/, from);
    expect(dev.output.slice(from)).not.toContain('shown before the build');
    // and the next save is previewed again, with the new template
    const next = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), withBody('Previewed with the new template.'));
    await dev.waitForOutput(/built 4 pages in [^\n]*the pages showed it already/, next);
    expect(dev.output.slice(next)).toContain('shown before the build: /documentation/guide/install/\n');
    await page.getByText('Previewed with the new template.').waitFor({ timeout: 30_000 });
    expect(await page.locator('p[data-dg-preview-mark]').count()).toBe(1);
  }, 180_000);

  it('loses no save made while the previous one builds', async () => {
    const from = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), withBody('First of two quick saves.'));
    await dev.waitForOutput(/changed: content\/guide\/install\.md; rebuilding…\n/, from);
    await writeFile(path.join(dir, PAGE_FILE), withBody('Second of two quick saves.'));
    await page.getByText('Second of two quick saves.').waitFor({ timeout: 60_000 });
    // the builds done: the page still shows the second save, and so does what the server answers
    await dev.waitForOutput(/built 4 pages[^\n]*\n/, from);
    await page.waitForTimeout(1500);
    expect(await page.locator('main').innerText()).toContain('Second of two quick saves.');
    expect(await (await fetch(new URL('guide/install/', url))).text()).toContain('Second of two quick saves.');
  }, 120_000);

  it('shows a broken page in the overlay without a preview, and the next good save clears it', async () => {
    const from = dev.output.length;
    await writeFile(path.join(dir, PAGE_FILE), withBody('Broken: ![outside](../../../outside.png)'));
    const overlay = page.locator(OVERLAY);
    await overlay.waitFor({ timeout: 60_000 });
    expect(await overlay.getAttribute('data-failed')).toBe('true');
    expect(await overlay.textContent()).toContain('points outside the content folder');
    expect(dev.output.slice(from)).not.toContain('shown before the build');
    // the last good build is what the page shows under the overlay
    expect(await page.locator('main').innerText()).not.toContain('Broken:');

    await writeFile(path.join(dir, PAGE_FILE), withBody('Mended after the broken save.'));
    await page.getByText('Mended after the broken save.').waitFor({ timeout: 60_000 });
    await overlay.waitFor({ state: 'detached', timeout: 30_000 });
  }, 120_000);
});
