// The worker's code, generated once with workbox-build's generateSW around a placeholder precache manifest
// and reused: bundling and minifying the Workbox runtime (rollup, babel, terser) takes 1-2 s, yet the code
// depends only on docsgen's own options and the bundler's versions, never on the site. Each build then only
// injects its manifest (see inject-manifest.ts). Kept on disk under `.docsgen-cache/sw/` (safe to delete:
// a missing or damaged entry is generated again) and in memory for the life of the process.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { docsgenRoot } from '../config/index.js';
import { writeAtomic } from '../util/write-atomic.js';
import { codeOptions, type CodeOptions } from './workbox-options.js';

/** The URL of the one precache entry the code is generated with; inject-manifest.ts replaces that entry's array. */
export const PLACEHOLDER_URL = '__DOCSGEN_PRECACHE_MANIFEST__';

/** How the placeholder manifest reads in generateSW's minified output (terser prints `{url:"…",revision:null}`). */
export const PLACEHOLDER_ARRAY = `[{url:${JSON.stringify(PLACEHOLDER_URL)},revision:null}]`;

// Bump when the way the code is generated or read changes, so older cache entries are never used.
const FORMAT = 1;

// What generateSW's output depends on besides the options: workbox-build, its bundler and minifier, the Workbox
// runtime packages it inlines, and babel's browser targets data. Resolved from workbox-build the way node does.
const WORKBOX_DEPENDENCIES_OF = {
  'workbox-build': null,
  '@rollup/plugin-terser': ['terser'],
  '@babel/preset-env': ['@babel/helper-compilation-targets', '@babel/compat-data', 'browserslist'],
  browserslist: ['caniuse-lite'],
} as const;

/** One cache entry as stored on disk. */
interface StoredCode {
  format: number;
  key: string;
  sha256: string;
  code: string;
}

const inMemory = new Map<string, Promise<string>>();

/**
 * The code as docsgen's own build made it (scripts/compile.mjs runs generateSW once into lib/sw-code/): it depends
 * only on docsgen and workbox, not on the site, so a site built with an empty cache does not pay for it either.
 */
export const BUILT_IN_CODE_DIR = path.join(docsgenRoot, 'lib', 'sw-code');

/** Options of workerCode. */
export interface WorkerCodeOptions {
  /** Folder of the disk cache (`.docsgen-cache/sw`); without one, the code is cached in memory only. */
  cacheDir?: string;
  /** Also look in docsgen's pre-generated code (BUILT_IN_CODE_DIR); default true. */
  builtIn?: boolean;
}

/** Where the code came from: the process's memory, the disk cache, or a fresh generateSW run. */
export type WorkerCodeSource = 'memory' | 'disk' | 'generated';

/** The worker's code with the placeholder manifest, and where it came from. */
export async function workerCode(opts: WorkerCodeOptions = {}): Promise<{ code: string; key: string; source: WorkerCodeSource }> {
  const options = codeOptions();
  const key = workerCodeKey(options);
  const builtIn = opts.builtIn !== false;
  const memoKey = `${opts.cacheDir ?? ''}\0${builtIn}\0${key}`;
  const memo = inMemory.get(memoKey);
  if (memo) return { code: await memo, key, source: 'memory' };
  let source: WorkerCodeSource = 'disk';
  const pending = (async () => {
    const file = opts.cacheDir ? path.join(opts.cacheDir, `worker-${key}.json`) : null;
    const stored =
      (file ? await readStored(file, key) : null) ?? (builtIn ? await readStored(path.join(BUILT_IN_CODE_DIR, `worker-${key}.json`), key) : null);
    if (stored !== null) return stored;
    source = 'generated';
    const code = await generateCode(options);
    // a cache that cannot be written (read-only checkout, full disk) only costs time on the next run
    if (opts.cacheDir && file) await store(opts.cacheDir, file, key, code).catch(() => undefined);
    return code;
  })();
  inMemory.set(memoKey, pending);
  try {
    return { code: await pending, key, source };
  } catch (err) {
    inMemory.delete(memoKey);
    throw err;
  }
}

/** Forgets the in-memory copies (tests use it to see what a new process would do). */
export function clearWorkerCodeMemory(): void {
  inMemory.clear();
}

/** The cache key: a hash of everything generateSW's output depends on apart from the manifest. */
export function workerCodeKey(options: CodeOptions = codeOptions()): string {
  const serialized = JSON.stringify(options, (_name, value: unknown) => {
    // runtimeCaching matchers are functions and generateSW writes their source text into sw.js
    if (typeof value === 'function') return `function:${value.toString()}`;
    if (value instanceof RegExp) return `regexp:${value.toString()}`;
    return value;
  });
  return createHash('sha256')
    .update(JSON.stringify({ format: FORMAT, placeholder: PLACEHOLDER_ARRAY, options: serialized, versions: bundlerVersions() }))
    .digest('hex')
    .slice(0, 32);
}

let versionsMemo: Record<string, string> | null = null;

/** `name@version` of workbox-build and every package that shapes its output, found from workbox-build's folder. */
export function bundlerVersions(): Record<string, string> {
  if (versionsMemo) return versionsMemo;
  const require = createRequire(import.meta.url);
  const workboxRoot = packageRoot(path.dirname(require.resolve('workbox-build')));
  const versions: Record<string, string> = {};
  const roots = new Map<string, string>([['workbox-build', workboxRoot]]);
  const workboxPkg = readPackage(workboxRoot);
  versions['workbox-build'] = workboxPkg.version;
  // every direct dependency: the Workbox runtime packages, rollup and its plugins, babel
  for (const name of Object.keys(workboxPkg.dependencies ?? {}).sort()) {
    const root = findPackage(name, workboxRoot);
    versions[name] = root ? readPackage(root).version : 'missing';
    if (root) roots.set(name, root);
  }
  for (const [parent, children] of Object.entries(WORKBOX_DEPENDENCIES_OF)) {
    const from = roots.get(parent);
    if (!children || !from) continue;
    for (const name of children) {
      const root = findPackage(name, from);
      versions[`${parent}>${name}`] = root ? readPackage(root).version : 'missing';
      if (root) roots.set(name, root);
    }
  }
  versionsMemo = versions;
  return versions;
}

function readPackage(root: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> };
}

// The folder of the package.json that owns `dir` (a package's main file may sit in a subfolder such as build/).
function packageRoot(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      readFileSync(path.join(d, 'package.json'));
      return d;
    } catch {
      if (path.dirname(d) === d) throw new Error(`no package.json above ${dir}`);
    }
  }
}

// node's lookup of a bare package name from a package folder: its own node_modules, then each parent's.
// Read directly rather than through require.resolve, which refuses packages whose `exports` hide package.json.
function findPackage(name: string, fromRoot: string): string | null {
  for (let d = fromRoot; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    try {
      readFileSync(path.join(candidate, 'package.json'));
      return candidate;
    } catch {
      if (path.dirname(d) === d) return null;
    }
  }
}

async function readStored(file: string, key: string): Promise<string | null> {
  let parsed: Partial<StoredCode>;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredCode>;
  } catch {
    return null; // absent, or damaged beyond parsing: generate again
  }
  const { code } = parsed;
  if (parsed.format !== FORMAT || parsed.key !== key || typeof code !== 'string') return null;
  if (createHash('sha256').update(code).digest('hex') !== parsed.sha256 || !hasOnePlaceholder(code)) return null;
  return code;
}

async function store(cacheDir: string, file: string, key: string, code: string): Promise<void> {
  const entry: StoredCode = { format: FORMAT, key, sha256: createHash('sha256').update(code).digest('hex'), code };
  await writeAtomic(file, Buffer.from(JSON.stringify(entry)));
  // entries of other keys come from an older docsgen or workbox-build: nothing will read them again
  for (const name of await readdir(cacheDir)) {
    if (/^worker-[0-9a-f]{32}\.json$/.test(name) && path.join(cacheDir, name) !== file) await rm(path.join(cacheDir, name), { force: true });
  }
}

/** True when `code` has the placeholder manifest exactly once (and the placeholder URL nowhere else). */
export function hasOnePlaceholder(code: string): boolean {
  return code.split(PLACEHOLDER_ARRAY).length === 2 && code.split(PLACEHOLDER_URL).length === 2;
}

// generateSW on an empty folder (nothing to glob) with the placeholder as the one manifest entry.
async function generateCode(options: CodeOptions): Promise<string> {
  // loaded only here: importing workbox-build pulls in rollup, babel and terser (~0.4 s)
  const { generateSW } = await import('workbox-build');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-sw-code-'));
  try {
    const swDest = path.join(dir, 'sw.js');
    await generateSW({ ...options, swDest, globDirectory: dir, globPatterns: [], additionalManifestEntries: [{ url: PLACEHOLDER_URL, revision: null }] });
    const code = await readFile(swDest, 'utf8');
    if (!hasOnePlaceholder(code)) {
      throw new Error(`workbox-build's output does not contain the placeholder manifest ${PLACEHOLDER_ARRAY} exactly once`);
    }
    return code;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
