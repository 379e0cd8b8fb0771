// `docsgen dev` keeps the template bundles of its last build and reuses them when none of their inputs changed (a
// Markdown save). What a writer must see whatever they edit: every kind of input the bundles are made from (a file a
// template imports, a package in node_modules (shown by the next save: dev does not watch node_modules), a new file that now wins an import's resolution, the template
// itself) shows after Markdown saves that reused the bundles, and the output is byte for byte that of a cold
// `docsgen build` of the same sources. A Markdown save does not write the server bundle again.
import { readdir, readFile, rm, cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { addMarks, DatedEdits, marks, serverBundleFile, tree, treeDifference } from '../helpers/bundle-inputs.js';
import { runDocsgen } from '../helpers/cli.js';
import { DevProcess } from './dev-process.js';
import { copyServeFixture } from './site.js';

const PAGE = 'guide/install/';
const PAGE_FILE = 'content/guide/install.md';

let dir: string;
let dev: DevProcess;
let url: string;
// every edit is dated in the past (the dev server trusts only inputs older than its bundle by 2 s)
let edits: DatedEdits;
const edit = (rel: string, text: string) => edits.edit(rel, text);

/** Waits until the served page holds every string of `want`, then until the dev server has been idle a moment. */
async function served(want: string[], timeoutMs = 120_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const html = await (await fetch(new URL(PAGE, url))).text();
    if (want.every((w) => html.includes(w))) {
      await idle();
      return (await (await fetch(new URL(PAGE, url))).text());
    }
    if (dev.exited) throw new Error(`docsgen dev exited:\n${dev.output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`${PAGE} never showed ${JSON.stringify(want)}:\n${html.slice(0, 400)}\n${dev.output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once the dev server's last line says a build ended and nothing was printed for 1.5 s. */
async function idle(): Promise<void> {
  let seen = dev.output.length;
  let since = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    if (dev.output.length !== seen) [seen, since] = [dev.output.length, Date.now()];
    else if (Date.now() - since > 1500 && /(built \d+ pages|the build failed)[^\n]*\n?$/.test(dev.output.trimEnd().split('\n').at(-1)! + '\n')) return;
  }
}

const serverBundle = () => serverBundleFile(dir);

beforeAll(async () => {
  dir = await copyServeFixture();
  // the doc template shows three marks: from a file it imports, from a package, from an import's resolution
  edits = new DatedEdits(dir);
  await addMarks(edits);
  dev = await DevProcess.start(dir);
  url = dev.url;
}, 180_000);

afterAll(async () => {
  await dev?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('docsgen dev reuses its template bundles only while their inputs are unchanged', () => {
  it('shows every kind of template input edited between Markdown saves, and ends byte-identical to a cold build', async () => {
    let text = await readFile(path.join(dir, PAGE_FILE), 'utf8');
    const saveMarkdown = async (sentence: string) => edit(PAGE_FILE, (text = `${text.trimEnd()}\n\n${sentence}\n`));

    await saveMarkdown('Markdown save one.');
    expect(marks(await served(['Markdown save one.']))).toBe('comp-one pkg-one pick-ts');
    const before = await serverBundle();
    await saveMarkdown('Markdown save two.');
    await served(['Markdown save two.']);
    // a Markdown save compiled nothing: the server bundle was not written again
    expect(await serverBundle()).toEqual(before);

    // a file the template imports, then a Markdown save (the bundles kept now are the new ones)
    await edit('templates/parts/comp.ts', "export const comp = 'comp-two';\n");
    expect(marks(await served(['comp-two']))).toBe('comp-two pkg-one pick-ts');
    await saveMarkdown('Markdown save three.');
    expect(marks(await served(['Markdown save three.']))).toBe('comp-two pkg-one pick-ts');

    // a package file, same size, as an install would leave it (node_modules is not watched: the next save shows it)
    await edit('node_modules/dg-mark/index.js', "export const pkg = 'pkg-two';\n");
    await saveMarkdown('Markdown save four.');
    expect(marks(await served(['Markdown save four.']))).toBe('comp-two pkg-two pick-ts');

    // a new file beside an import that wins its resolution (.tsx before .ts), no imported file changed
    await edit('templates/parts/pick.tsx', "export const pick = 'pick-tsx';\n");
    expect(marks(await served(['pick-tsx']))).toBe('comp-two pkg-two pick-tsx');
    await saveMarkdown('Markdown save five.');
    expect(marks(await served(['Markdown save five.']))).toBe('comp-two pkg-two pick-tsx');

    // the template itself after a Markdown save, then Markdown again
    const doc = path.join(dir, 'templates/doc.tsx');
    await edit('templates/doc.tsx', (await readFile(doc, 'utf8')).replace('<p data-dg-marks="">', '<p data-dg-marks="" data-dg-edited="">'));
    await served(['data-dg-edited']);
    await saveMarkdown('Markdown save six.');
    const html = await served(['Markdown save six.', 'data-dg-edited']);
    expect(html).toContain('comp-two pkg-two pick-tsx');

    // in the browser: the page shows it all
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(new URL(PAGE, url).href, { waitUntil: 'load' });
      await expect.poll(() => page.locator('p[data-dg-marks]').textContent(), { timeout: 15_000 }).toBe('comp-two pkg-two pick-tsx');
      expect(await page.locator('body').innerText()).toContain('Markdown save six.');
    } finally {
      await browser.close();
    }

    // a cold build of the same sources in a fresh folder writes the same bytes
    await dev.stop();
    // the previous outputs each build swapped out (removed after the page reloaded) are gone once dev stops
    expect((await readdir(path.join(dir, '.docsgen-cache'))).filter((f) => /^dev\.(old|tmp)-/.test(f))).toEqual([]);
    const fresh = `${dir}-cold`;
    try {
      for (const sub of ['content', 'templates', 'redirects', 'node_modules', 'docsgen.config.yaml']) await cp(path.join(dir, sub), path.join(fresh, sub), { recursive: true });
      const cold = await runDocsgen(['build', '--no-sw', '--links', 'warn', '--out', 'out'], { cwd: fresh });
      expect(cold.exitCode, String(cold.stderr)).toBe(0);
      const [devFiles, coldFiles] = await Promise.all([tree(path.join(dir, '.docsgen-cache/dev')), tree(path.join(fresh, 'out'))]);
      expect(treeDifference(devFiles, coldFiles)).toEqual({ sameNames: true, differing: [] });
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 600_000);
});
