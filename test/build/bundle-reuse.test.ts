// A `docsgen build` reuses the template bundles an earlier build (another process) kept in .docsgen-cache/bundles/
// while none of their inputs changed: a Markdown-only rebuild runs no esbuild (stats.bundlesReused is 2) and writes
// the bytes a cold build writes. Every kind of template input edited between two builds shows in the next one's
// page and browser chunk: a file a template imports, a same-size package file, a new file that takes an import
// over, a tsconfig.json, the template itself; a damaged stored bundle is made again; --no-cache never reuses.
import { cp, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsgen } from '../helpers/cli.js';
import { addMarks, DatedEdits, marks, serverBundleFile, tree, treeDifference } from '../helpers/bundle-inputs.js';
import { copyServeFixture } from '../serve/site.js';

const PAGE_FILE = 'content/guide/install.md';

let dir: string;
let edits: DatedEdits;
let text: string;

/** What a build printed and wrote: its stats, the page's HTML and the doc template's browser chunk. */
interface Built {
  bundlesReused: number;
  html: string;
  chunk: string;
}

/** Runs `docsgen build` in a new process and reads what it wrote. */
async function buildSite(...extra: string[]): Promise<Built> {
  const result = await runDocsgen(['build', '--no-sw', '--links', 'warn', '--json', ...extra], { cwd: dir });
  expect(result.exitCode, String(result.stderr)).toBe(0);
  const stats = (JSON.parse(String(result.stdout)) as { stats: Record<string, number> }).stats;
  const site = path.join(dir, 'dist/public/documentation');
  const chunkName = (await readdir(site)).find((f) => /^component---doc-.*\.js$/.test(f))!;
  return { bundlesReused: stats['bundlesReused']!, html: await readFile(path.join(site, 'guide/install/index.html'), 'utf8'), chunk: await readFile(path.join(site, chunkName), 'utf8') };
}

/** Appends a sentence to the page's Markdown (dated in the past, like every edit). */
async function saveMarkdown(sentence: string): Promise<void> {
  await edits.edit(PAGE_FILE, (text = `${text.trimEnd()}\n\n${sentence}\n`));
}

/** Edits a template input, then checks two builds: the first shows `mark` having bundled again, the next reuses it. */
async function editShows(edit: () => Promise<void>, mark: string, sentence: string): Promise<void> {
  await edit();
  const after = await buildSite();
  expect(after.bundlesReused).toBe(0);
  expect(marks(after.html)).toContain(mark);
  expect(after.chunk).toContain(mark);
  // the bundles kept now are the new ones: a Markdown edit reuses them
  await saveMarkdown(sentence);
  const next = await buildSite();
  expect(next.bundlesReused).toBe(2);
  expect(next.html).toContain(sentence);
  expect(marks(next.html)).toContain(mark);
  expect(next.chunk).toContain(mark);
}

beforeAll(async () => {
  dir = await copyServeFixture();
  edits = new DatedEdits(dir);
  await addMarks(edits);
  // a fourth mark, from an import a tsconfig.json's `paths` resolves
  await writeFile(path.join(dir, 'templates/parts/marks.ts'), "import { pkg } from 'dg-mark';\nimport { comp } from './comp';\nimport { pick } from './pick';\nimport { alias } from '#alias';\nexport const marks = [comp, pkg, pick, alias].join(' ');\n");
  await writeFile(path.join(dir, 'templates/parts/alias-a.ts'), "export const alias = 'alias-a';\n");
  await writeFile(path.join(dir, 'templates/parts/alias-b.ts'), "export const alias = 'alias-b';\n");
  await writeFile(path.join(dir, 'templates/tsconfig.json'), JSON.stringify({ compilerOptions: { paths: { '#alias': ['./parts/alias-a.ts'] } } }));
  await edits.datePast('templates');
  text = await readFile(path.join(dir, PAGE_FILE), 'utf8');
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('docsgen build reuses the template bundles of an earlier build only while their inputs are unchanged', () => {
  it('a Markdown-only rebuild runs no esbuild, and writes the bytes a cold build writes', async () => {
    const cold = await buildSite();
    expect(cold.bundlesReused).toBe(0);
    expect(marks(cold.html)).toBe('comp-one pkg-one pick-ts alias-a');
    const before = await serverBundleFile(dir);
    await saveMarkdown('Markdown edit one.');
    const rebuilt = await buildSite();
    expect(rebuilt.bundlesReused).toBe(2);
    expect(rebuilt.html).toContain('Markdown edit one.');
    expect(marks(rebuilt.html)).toBe('comp-one pkg-one pick-ts alias-a');
    // the server bundle render threads import is the earlier build's file, not written again
    expect(await serverBundleFile(dir)).toEqual(before);

    const fresh = `${dir}-cold`;
    try {
      for (const sub of ['content', 'templates', 'redirects', 'node_modules', 'docsgen.config.yaml']) await cp(path.join(dir, sub), path.join(fresh, sub), { recursive: true });
      const result = await runDocsgen(['build', '--no-sw', '--links', 'warn', '--out', 'out'], { cwd: fresh });
      expect(result.exitCode, String(result.stderr)).toBe(0);
      const diff = treeDifference(await tree(path.join(dir, 'dist')), await tree(path.join(fresh, 'out')));
      expect(diff).toEqual({ sameNames: true, differing: [] });
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 180_000);

  it('a file a template imports', async () => {
    await editShows(() => edits.edit('templates/parts/comp.ts', "export const comp = 'comp-two';\n"), 'comp-two', 'Markdown edit two.');
  }, 120_000);

  it('a package file in node_modules rewritten at the same size', async () => {
    // with a Markdown edit: the build's fingerprint sees packages through package-lock.json, not node_modules
    const edit = async () => {
      await edits.edit('node_modules/dg-mark/index.js', "export const pkg = 'pkg-two';\n");
      await saveMarkdown('Markdown edit with the package.');
    };
    await editShows(edit, 'pkg-two', 'Markdown edit three.');
  }, 120_000);

  it('a new file beside an import that takes the import over (.tsx before .ts)', async () => {
    await editShows(() => edits.edit('templates/parts/pick.tsx', "export const pick = 'pick-tsx';\n"), 'pick-tsx', 'Markdown edit four.');
  }, 120_000);

  it('a tsconfig.json that resolves an import elsewhere', async () => {
    await editShows(() => edits.edit('templates/tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '#alias': ['./parts/alias-b.ts'] } } })), 'alias-b', 'Markdown edit five.');
  }, 120_000);

  it('the template itself', async () => {
    const doc = await readFile(path.join(dir, 'templates/doc.tsx'), 'utf8');
    await editShows(() => edits.edit('templates/doc.tsx', doc.replace('{marks}', "{`${marks} doc-edited`}")), 'doc-edited', 'Markdown edit six.');
  }, 120_000);

  it('a damaged stored bundle is made again, and a removed server bundle file written again', async () => {
    // the stored server bundle (the largest stored file) damaged in place: same size, same name
    const files = path.join(dir, '.docsgen-cache/bundles/files');
    const sized = await Promise.all((await readdir(files)).map(async (name) => ({ name, size: (await stat(path.join(files, name))).size })));
    const largest = sized.sort((a, b) => b.size - a.size)[0]!;
    await writeFile(path.join(files, largest.name), Buffer.alloc(largest.size, 0x20));
    await saveMarkdown('Markdown edit seven.');
    const remade = await buildSite();
    expect(remade.bundlesReused).toBe(1);
    expect(marks(remade.html)).toBe('comp-two pkg-two pick-tsx alias-b doc-edited');
    // a half-written one (as a build killed mid-write would leave without the rename) is refused too
    await truncate(path.join(files, largest.name), Math.floor(largest.size / 2));
    await saveMarkdown('Markdown edit eight.');
    expect((await buildSite()).bundlesReused).toBe(1);

    const { name } = await serverBundleFile(dir);
    await rm(path.join(dir, '.docsgen-cache/templates', name));
    await saveMarkdown('Markdown edit nine.');
    const rewritten = await buildSite();
    expect(rewritten.bundlesReused).toBe(2);
    expect(rewritten.html).toContain('Markdown edit nine.');
    expect((await serverBundleFile(dir)).name).toBe(name);
  }, 180_000);

  it('--no-cache bundles again, even when no stamp could see the change', async () => {
    // a package file rewritten in place with its size and time kept: the one edit the stamp cannot see
    const file = path.join(dir, 'node_modules/dg-mark/index.js');
    const was = await stat(file);
    await writeFile(file, "export const pkg = 'pkg-six';\n");
    await utimes(file, was.atime, was.mtime);
    await saveMarkdown('Markdown edit ten.');
    const built = await buildSite('--no-cache');
    expect(built.bundlesReused).toBe(0);
    expect(marks(built.html)).toBe('comp-two pkg-six pick-tsx alias-b doc-edited');
    expect(built.chunk).toContain('pkg-six');
  }, 120_000);
});
