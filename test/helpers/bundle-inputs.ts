// A project whose doc template shows three marks, each from another kind of template input (a file it imports, a
// package in node_modules, a file an import resolves to), edited in the past: the template bundles are reused only
// when their inputs are older than the bundle by 2 s, so tests that must see them reused date every edit back.
// Shared by the dev server's test (test/serve/dev-bundles.test.ts) and the build's (test/build/bundle-reuse.test.ts).
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Edits files of the project `dir`, each dated a second after the last, an hour in the past. */
export class DatedEdits {
  private clock = Date.now() - 3600_000;

  constructor(readonly dir: string) {}

  /** Writes `rel` (under the project) and dates it and its folder in the past, each time a different second. */
  async edit(rel: string, text: string): Promise<void> {
    const file = path.join(this.dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    const when = new Date((this.clock += 1000));
    await utimes(file, when, when);
    await utimes(path.dirname(file), when, when);
  }

  /** Dates every file and folder under `rel` in the past. */
  async datePast(rel: string): Promise<void> {
    const abs = path.join(this.dir, rel);
    const when = new Date(this.clock);
    for (const entry of await readdir(abs, { withFileTypes: true, recursive: true })) await utimes(path.join(entry.parentPath, entry.name), when, when);
    await utimes(abs, when, when);
  }
}

/**
 * Makes the project's doc template (the repository's, copied into `dir`) show `<p data-dg-marks="">` with three
 * marks: `comp-one` from templates/parts/comp.ts, `pkg-one` from the package dg-mark, `pick-ts` from ./pick
 * (pick.ts, until a pick.tsx takes the import over). Everything under templates/, node_modules/ and content/ is
 * dated in the past.
 */
export async function addMarks(edits: DatedEdits): Promise<void> {
  const { dir } = edits;
  const doc = path.join(dir, 'templates/doc.tsx');
  await writeFile(doc, (await readFile(doc, 'utf8')).replace("import type { TemplateProps } from './types';", "import type { TemplateProps } from './types';\nimport { marks } from './parts/marks';").replace('<PageFooter page={page} />', '<p data-dg-marks="">{marks}</p>\n        <PageFooter page={page} />'));
  await mkdir(path.join(dir, 'templates/parts'), { recursive: true });
  await writeFile(path.join(dir, 'templates/parts/marks.ts'), "import { pkg } from 'dg-mark';\nimport { comp } from './comp';\nimport { pick } from './pick';\nexport const marks = [comp, pkg, pick].join(' ');\n");
  await writeFile(path.join(dir, 'templates/parts/comp.ts'), "export const comp = 'comp-one';\n");
  await writeFile(path.join(dir, 'templates/parts/pick.ts'), "export const pick = 'pick-ts';\n");
  await mkdir(path.join(dir, 'node_modules/dg-mark'), { recursive: true });
  await writeFile(path.join(dir, 'node_modules/dg-mark/package.json'), JSON.stringify({ name: 'dg-mark', version: '1.0.0', type: 'module', main: 'index.js' }));
  await writeFile(path.join(dir, 'node_modules/dg-mark/index.js'), "export const pkg = 'pkg-one';\n");
  for (const sub of ['templates', 'node_modules', 'content']) await edits.datePast(sub);
}

/** The marks the doc template shows, as a page's HTML has them. */
export const marks = (html: string): string | undefined => html.match(/<p data-dg-marks="">([^<]*)<\/p>/)?.[1];

/** Every file under `root`, relative, with its bytes (the output marker, holding the build's random id, left out). */
export async function tree(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === '.docsgen-build') continue;
    const abs = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, abs), await readFile(abs));
  }
  return files;
}

/** The names of the files two trees hold different bytes under, and whether they list the same names. */
export function treeDifference(a: Map<string, Buffer>, b: Map<string, Buffer>): { sameNames: boolean; differing: string[] } {
  const sameNames = JSON.stringify([...a.keys()].sort()) === JSON.stringify([...b.keys()].sort());
  return { sameNames, differing: [...a].filter(([rel, bytes]) => !b.get(rel)?.equals(bytes)).map(([rel]) => rel) };
}

/** The newest server bundle file under the project's cache, with what tells whether it was written again. */
export async function serverBundleFile(dir: string): Promise<{ name: string; ino: number; mtimeMs: number }> {
  const folder = path.join(dir, '.docsgen-cache/templates');
  const names = (await readdir(folder)).filter((f) => /^templates-.*\.mjs$/.test(f));
  const withTimes = await Promise.all(names.map(async (name) => ({ name, ...(await stat(path.join(folder, name))) })));
  const last = withTimes.sort((a, b) => b.mtimeMs - a.mtimeMs)[0]!;
  return { name: last.name, ino: last.ino, mtimeMs: last.mtimeMs };
}
