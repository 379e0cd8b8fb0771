// linkTree places a copy of a folder tree (the component library's assets) by hard links: every file at the
// same relative path, same bytes, same inode, with the folders made, whether or not the paths end in a slash.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTree } from '../../src/render/link-tree.js';

let base: string;
const files = ['top.json', 'icon/a16.json', 'icon/b24F.json', 'alert/t9n/messages.en.json', 'date-picker/nls/pt-BR.json', 'deep/er/still/x.txt'];

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'docsgen-link-tree-'));
  for (const f of files) {
    await mkdir(path.dirname(path.join(base, 'src', f)), { recursive: true });
    await writeFile(path.join(base, 'src', f), `{"file":"${f}"}`);
  }
  await mkdir(path.join(base, 'src/empty'), { recursive: true });
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('linkTree', () => {
  it.each([
    ['plain paths', 'src', 'out/a'],
    ['paths ending in a slash', `src${path.sep}`, `out/b${path.sep}`],
  ])('links every file to the same relative path (%s)', async (_, src, dest) => {
    const from = path.join(base, src);
    const to = path.join(base, dest);
    expect(await linkTree(from, to)).toBe(files.length);
    expect((await fg('**/*', { cwd: to })).sort()).toEqual([...files].sort());
    for (const f of files) {
      expect(await readFile(path.join(to, f), 'utf8')).toBe(`{"file":"${f}"}`);
      expect((await stat(path.join(to, f))).ino).toBe((await stat(path.join(base, 'src', f))).ino);
    }
    expect((await stat(path.join(to, 'empty'))).isDirectory()).toBe(true);
  });
});
