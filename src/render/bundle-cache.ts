// A rebuild whose templates did not change (a Markdown edit) would have esbuild bundle the same inputs into the same
// bytes again (~0.45 s, at any site size). So a bundle is kept with a stamp of everything that decides its bytes, and
// reused only when a fresh stamp is equal: project files by content, package files by size/mtime/inode, and every
// folder and config file esbuild's resolution looks at (a new file beside an import, a package added to a
// node_modules, a tsconfig.json). `docsgen dev` keeps it in memory between its builds; every build also keeps it in
// `.docsgen-cache/bundles/` for the next process: the files under their content hash, then the entry naming them,
// each written whole through a rename, so a build running beside another reads a whole bundle or none.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { engineId } from '../cache/index.js';
import { writeAtomic } from '../util/write-atomic.js';

/** Files changed less than this before a bundle started are not trusted to be what esbuild read (clock steps). */
const SETTLE_MS = 2000;
/** Stored files no entry names are removed once this old (younger ones may belong to a build writing its entry). */
const ORPHAN_MS = 10 * 60_000;

/** A bundle as kept: what its maker rebuilds its result from (JSON), and the files esbuild made, by name. */
export interface KeptBundle<M> {
  meta: M;
  files: Record<string, Uint8Array>;
}

/** Where bundles are kept for the next process, and whether this build may reuse them (`--no-cache`: only keep). */
export interface BundleStore {
  dir: string;
  reuse: boolean;
}

/**
 * A stored entry: the stamp, the meta, and the content hash of each file (stored as `files/<hash>`); on disk its JSON
 * follows the JSON's own hash on the first line, so a damaged entry is refused, not half believed.
 */
interface StoredEntry {
  stamp: string;
  meta: unknown;
  files: Record<string, string>;
}

// dev servers of this process that keep bundles in memory: off by default, since a `docsgen build` bundles once
let users = 0;
const kept = new Map<string, { stamp: string; value: KeptBundle<unknown> }>();

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

/**
 * The bundle kept under `key` when it was made with `config` and its inputs are as they were (else null): the one
 * in memory (dev), else the one in `store` unless the build ignores the cache.
 */
export async function reuseBundle<M>(key: string, config: string, store: BundleStore | null): Promise<KeptBundle<M> | null> {
  const made = withIdentity(config);
  const entry = users > 0 ? kept.get(key) : undefined;
  if (entry) {
    if (holds(entry.stamp, made)) return entry.value as KeptBundle<M>;
    kept.delete(key);
  }
  if (!store?.reuse) return null;
  const value = await readStored(store.dir, key, made);
  if (value && users > 0) kept.set(key, { stamp: value.stamp, value: value.bundle });
  return (value?.bundle as KeptBundle<M> | undefined) ?? null;
}

/**
 * Keeps `value`, built from the absolute input `files` plus `config` (options, generated entry text), under `key`,
 * unless an input changed while (or just before) the bundle was made: `startedAt` is Date.now() before esbuild ran.
 * Folders inside `roots` (the templates) count by their listing (mtime); above them only what resolution reads.
 */
export function keepBundle(key: string, files: string[], roots: string[], config: string, startedAt: number, value: KeptBundle<unknown>, store: BundleStore | null): void {
  if (users === 0 && !store) return;
  const stamp = stampOf([...new Set(files)].sort(), roots, withIdentity(config), startedAt - SETTLE_MS);
  if (stamp === null) kept.delete(key);
  else if (users > 0) kept.set(key, { stamp, value });
  // written beside the rest of the build, one after another; a store that cannot be written is only a later miss
  if (store) storing = storing.then(() => writeStored(store.dir, key, stamp, value)).catch(() => undefined);
}

// the stored bundles this process is still writing
let storing: Promise<void> = Promise.resolve();

/** Resolves once every bundle this process kept is written to its store (a build waits for it before it returns). */
export function bundlesStored(): Promise<void> {
  return storing;
}

/** Whether `stamp` was made with `config` and a fresh stamp of the same inputs equals it. */
function holds(stamp: string, config: string): boolean {
  const [files, roots, was] = JSON.parse(stamp.slice(0, stamp.indexOf('\n'))) as [string[], string[], string];
  return was === config && stampOf(files, roots, config, null) === stamp;
}

// the bundler and docsgen itself decide a bundle's bytes too: another version's bundle is never reused
let identity: string | undefined;
function withIdentity(config: string): string {
  if (identity === undefined) {
    const pkg = createRequire(import.meta.url).resolve('esbuild/package.json');
    identity = `${engineId()}\0esbuild ${(JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version}`;
  }
  return `${identity}\0${config}`;
}

/** The stored entry's file for `key`. */
function entryFile(dir: string, key: string): string {
  return path.join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}.json`);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The stored bundle under `key` when its stamp holds and every file is whole (its bytes hash to its name). */
async function readStored(dir: string, key: string, config: string): Promise<{ stamp: string; bundle: KeptBundle<unknown> } | null> {
  try {
    const entry = parseEntry(await readFile(entryFile(dir, key), 'utf8'));
    if (!entry || !holds(entry.stamp, config)) return null;
    const files: Record<string, Uint8Array> = {};
    for (const [name, hash] of Object.entries(entry.files)) {
      const bytes = await readFile(path.join(dir, 'files', hash));
      if (sha256(bytes) !== hash) return null;
      files[name] = bytes;
    }
    return { stamp: entry.stamp, bundle: { meta: entry.meta, files } };
  } catch {
    return null; // none yet, or a file gone: esbuild runs
  }
}

/** The entry in a stored entry file's text, or null when its JSON does not hash to the hash before it. */
function parseEntry(text: string): StoredEntry | null {
  const at = text.indexOf('\n');
  const json = text.slice(at + 1);
  return at > 0 && sha256(Buffer.from(json)) === text.slice(0, at) ? (JSON.parse(json) as StoredEntry) : null;
}

/**
 * Stores `value` under `key` (or, when its inputs were too recent to stamp, removes the entry): the files first,
 * then the entry naming them; then removes stored files no entry names any more.
 */
async function writeStored(dir: string, key: string, stamp: string | null, value: KeptBundle<unknown>): Promise<void> {
  const file = entryFile(dir, key);
  if (stamp === null) {
    await rm(file, { force: true });
    return;
  }
  const files = Object.fromEntries(Object.entries(value.files).map(([name, bytes]) => [name, sha256(bytes)]));
  // written again even when there (a damaged copy, refused when read, is replaced)
  await Promise.all(Object.entries(value.files).map(([name, bytes]) => writeAtomic(path.join(dir, 'files', files[name]!), bytes)));
  const json = JSON.stringify({ stamp, meta: value.meta, files } satisfies StoredEntry);
  await writeAtomic(file, Buffer.from(`${sha256(Buffer.from(json))}\n${json}`));
  await pruneStored(dir);
}

/** Removes stored files that no entry names and that are old enough not to belong to a build writing its entry. */
async function pruneStored(dir: string): Promise<void> {
  const named = new Set<string>();
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    try {
      for (const hash of Object.values(parseEntry(await readFile(path.join(dir, name), 'utf8'))?.files ?? {})) named.add(hash);
    } catch {
      // being replaced, or not ours: its files stay until a later build
    }
  }
  const now = Date.now();
  for (const name of await readdir(path.join(dir, 'files'))) {
    if (named.has(name)) continue;
    const at = path.join(dir, 'files', name);
    const old = await stat(at).then((s) => now - s.mtimeMs > ORPHAN_MS, () => false);
    if (old) await rm(at, { force: true });
  }
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
