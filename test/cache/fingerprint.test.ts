// The inputs' fingerprint: a cold build defers the Markdown pages' hashes to page discovery, which reads them
// anyway; whatever completes the stamps, the fingerprint must be the one a full walk gives.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeStamp, fingerprintInputs, fingerprintOf } from '../../src/cache/fingerprint.js';
import { hashBytes, hashFileSync, readHashedSync } from '../../src/cache/hash.js';

let root: string;
const isPage = (rel: string) => rel.startsWith('content/') && rel.endsWith('.md');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-fingerprint-'));
  await mkdir(path.join(root, 'content/guide'), { recursive: true });
  await writeFile(path.join(root, 'content/index.md'), '---\ntitle: Home\n---\n# Home\n');
  await writeFile(path.join(root, 'content/guide/intro.md'), '---\ntitle: Intro\n---\nCafé, 東京 and 🚀.\n');
  await writeFile(path.join(root, 'content/guide/fig.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  await writeFile(path.join(root, 'docsgen.config.yaml'), 'title: T\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const inputsOf = (defer?: (rel: string) => boolean) =>
  fingerprintInputs(root, [path.join(root, 'content')], [path.join(root, 'docsgen.config.yaml')], {}, defer);

describe('fingerprintInputs', () => {
  it('leaves the deferred pages pending, and the fingerprint is the same once their readers complete them', async () => {
    const full = await inputsOf();
    expect(full.pending.size).toBe(0);
    const deferred = await inputsOf(isPage);
    expect([...deferred.pending].sort()).toEqual(['content/guide/intro.md', 'content/index.md']);
    expect(deferred.stamps['content/index.md']![2]).toBe('');
    // the image and the config are hashed at once: the build needs them before discovery
    expect(deferred.stamps['content/guide/fig.png']).toEqual(full.stamps['content/guide/fig.png']);
    for (const rel of [...deferred.pending]) completeStamp(deferred, rel, readHashedSync(path.join(root, rel)).hash);
    expect(deferred.pending.size).toBe(0);
    expect(deferred.stamps).toEqual(full.stamps);
    expect(fingerprintOf(root, deferred)).toBe(fingerprintOf(root, full));
  });

  it('hashes the pages no reader completed when the fingerprint is taken', async () => {
    const full = await inputsOf();
    const deferred = await inputsOf(isPage);
    completeStamp(deferred, 'content/index.md', readHashedSync(path.join(root, 'content/index.md')).hash);
    expect(fingerprintOf(root, deferred)).toBe(fingerprintOf(root, full));
    expect(deferred.stamps['content/guide/intro.md']![2]).toBe(full.stamps['content/guide/intro.md']![2]);
  });

  it('changes when a page changes', async () => {
    const before = fingerprintOf(root, await inputsOf());
    const file = path.join(root, 'content/index.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}More.\n`);
    try {
      expect(fingerprintOf(root, await inputsOf(isPage))).not.toBe(before);
    } finally {
      await writeFile(file, text);
    }
  });
});

describe('readHashedSync', () => {
  it('gives the text readFileSync decodes and the hash of the bytes, for a page and for one larger than its buffer', async () => {
    // 1 MiB and a bit, with multi-byte characters across the buffer's edge
    const big = path.join(root, 'big.md');
    await writeFile(big, `${'a'.repeat((1 << 20) - 1)}é東${'b'.repeat(5000)}🚀\n`);
    for (const file of [path.join(root, 'content/guide/intro.md'), big]) {
      const { text, hash } = readHashedSync(file);
      expect(text).toBe(readFileSync(file, 'utf8'));
      expect(hash).toBe(hashFileSync(file));
      // what a render thread computes from the text it reads
      expect(hashBytes(text)).toBe(hash);
    }
    await rm(big);
  });
});

describe('the walk of the input folders', () => {
  it('stamps exactly the files a glob of every file finds: dot names skipped, links followed, broken ones not files', async () => {
    const { symlink } = await import('node:fs/promises');
    const fg = (await import('fast-glob')).default;
    const top = await mkdtemp(path.join(os.tmpdir(), 'docsgen-walk-'));
    try {
      const dir = path.join(top, 'content');
      await mkdir(path.join(dir, 'a/b/c'), { recursive: true });
      await mkdir(path.join(dir, '.hidden'), { recursive: true });
      await mkdir(path.join(top, 'elsewhere/deep'), { recursive: true });
      for (const f of ['index.md', 'a/x.md', 'a/b/y.png', 'a/b/c/z.md', '.dotfile', '.hidden/secret.md', 'a/.env', 'with space.md', 'Ünïcode.md']) await writeFile(path.join(dir, f), f);
      await writeFile(path.join(top, 'elsewhere/deep/far.md'), 'far');
      await writeFile(path.join(top, 'outside.md'), 'outside');
      await symlink(path.join(top, 'elsewhere'), path.join(dir, 'linked-folder'));
      await symlink(path.join(top, 'outside.md'), path.join(dir, 'a/linked-file.md'));
      await symlink(path.join(top, 'nowhere.md'), path.join(dir, 'broken.md'));
      const { stamps } = await fingerprintInputs(top, [dir, path.join(top, 'missing')], []);
      const globbed = fg.sync('**/*', { cwd: dir, onlyFiles: true, dot: false, stats: true, followSymbolicLinks: true });
      expect(globbed.length).toBe(8);
      const expected = Object.fromEntries(globbed.map((e) => [`content/${e.path}`, [e.stats!.size, e.stats!.mtimeMs]]));
      expect(Object.fromEntries(Object.entries(stamps).map(([k, [size, mtimeMs]]) => [k, [size, mtimeMs]]))).toEqual(expected);
      expect(stamps['content/linked-folder/deep/far.md']![2]).toBe(hashBytes('far'));
    } finally {
      await rm(top, { recursive: true, force: true });
    }
  });
});
