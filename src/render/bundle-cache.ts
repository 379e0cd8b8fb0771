// `docsgen dev` rebuilds on every save, and a Markdown save changes no template: esbuild would bundle the same
// inputs into the same bytes again (~0.4 s on the sample site). When the dev server turns this cache on, a bundle is
// kept in memory with a stamp of everything that decides its bytes, and reused only when a fresh stamp is equal:
// project files by content, package files by size/mtime/inode, and every folder and config file esbuild's
// resolution looks at (a new file beside an import, a package added to a node_modules, a tsconfig.json).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files changed less than this before a bundle started are not trusted to be what esbuild read (clock steps). */
const SETTLE_MS = 2000;

// dev servers of this process that keep bundles: off by default, since a `docsgen build` bundles once
let users = 0;
const kept = new Map<string, { stamp: string; value: unknown }>();

/** Keeps bundles between builds of this process (the dev server) until the returned function is called. */
export function keepBundles(): () => void {
  users++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--users === 0) kept.clear();
  };
}

/** The bundle kept under `key` when it was made with `config` and its inputs are as they were (else null). */
export function reuseBundle<T>(key: string, config: string): T | null {
  if (users === 0) return null;
  const entry = kept.get(key);
  if (!entry) return null;
  const [files, roots, was] = JSON.parse(entry.stamp.slice(0, entry.stamp.indexOf('\n'))) as [string[], string[], string];
  if (was !== config || stampOf(files, roots, config, null) !== entry.stamp) {
    kept.delete(key);
    return null;
  }
  return entry.value as T;
}

/**
 * Keeps `value`, built from the absolute input `files` plus `config` (options, generated entry text), under `key`,
 * unless an input changed while (or just before) the bundle was made: `startedAt` is Date.now() before esbuild ran.
 * Folders inside `roots` (the templates) count by their listing (mtime); above them only what resolution reads.
 */
export function keepBundle(key: string, files: string[], roots: string[], config: string, startedAt: number, value: unknown): void {
  if (users === 0) return;
  const stamp = stampOf([...new Set(files)].sort(), roots, config, startedAt - SETTLE_MS);
  if (stamp === null) kept.delete(key);
  else kept.set(key, { stamp, value });
}

const SEP = path.sep;
const NODE_MODULES = `${SEP}node_modules${SEP}`;
// what esbuild reads beside the sources when it resolves an import or picks settings
const RESOLUTION_FILES = ['node_modules', 'package.json', 'tsconfig.json', 'jsconfig.json'];

/** The stamp of `files` and `config`; null when a file's mtime is after `notAfter` (it may have changed mid-bundle). */
function stampOf(files: string[], roots: string[], config: string, notAfter: number | null): string | null {
  const hash = createHash('sha256');
  const checked = new Set<string>();
  const walked = new Set<string>();
  let recent = false;
  const stat = (file: string): string => {
    try {
      const s = statSync(file);
      if (notAfter !== null && s.mtimeMs > notAfter) recent = true;
      return `${s.size}:${s.mtimeMs}:${s.ino}`;
    } catch {
      return 'none';
    }
  };
  const check = (file: string) => {
    if (checked.has(file)) return;
    checked.add(file);
    hash.update(`${file}\0${stat(file)}\n`);
  };
  for (const file of files) {
    const at = file.lastIndexOf(NODE_MODULES);
    if (at >= 0) {
      // a package file: npm replaces files (new inode, mtime), and adds or removes packages (the folder's mtime)
      hash.update(`${file}\0${stat(file)}\n`);
      const modules = file.slice(0, at + NODE_MODULES.length - 1);
      const parts = file.slice(modules.length + 1).split(SEP);
      check(modules);
      check(path.join(modules, ...parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1), 'package.json'));
      continue;
    }
    let content: Buffer | null = null;
    try {
      content = readFileSync(file);
    } catch {
      // gone: stamped as such, so a later file there is a change
    }
    stat(file); // for its mtime only: the same bytes written again are the same input
    hash.update(`${file}\0${content ? createHash('sha256').update(content).digest('hex') : 'none'}\n`);
    // the folders up to the root (a file added beside an import can win its resolution), and what resolution
    // reads in every folder above it
    check(path.dirname(file));
    for (let dir = path.dirname(file); !walked.has(dir); dir = path.dirname(dir)) {
      walked.add(dir);
      if (roots.some((r) => dir === r || dir.startsWith(r + SEP))) check(dir);
      for (const name of RESOLUTION_FILES) check(path.join(dir, name));
      if (path.dirname(dir) === dir) break;
    }
  }
  if (recent) return null;
  return `${JSON.stringify([files, roots, config])}\n${hash.digest('hex')}`;
}
