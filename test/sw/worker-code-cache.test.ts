// The worker's code is generated once (generateSW, 1-2 s) and cached; these tests prove that a cached worker
// is byte for byte the worker a cold run writes, that a build changes only its own parts of sw.js, and that
// the cache is safe to lose or damage. generateSW runs twice in this file (cold, then after damage).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { getManifest } from 'workbox-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitServiceWorker } from '../../src/sw/index.js';
import { manifestLiteral } from '../../src/sw/inject-manifest.js';
import { precacheManifest } from '../../src/sw/precache-manifest.js';
import { BUILT_IN_CODE_DIR, clearWorkerCodeMemory, PLACEHOLDER_URL, workerCodeKey } from '../../src/sw/worker-code.js';
import { codeOptions, precacheOptions } from '../../src/sw/workbox-options.js';
import { writeStaticSite } from './static-site.js';

let tmp: string;
let publicDir: string;
let cacheDir: string;
let cold: string;
let coldStats: Record<string, number>;
const swFile = (): string => path.join(publicDir, 'documentation/sw.js');
const emit = (buildHash: string) => emitServiceWorker({ publicDir, pathPrefix: '/documentation', buildHash, cacheDir, builtInCode: false });

// The precache array (`[{url:…},…]`) of a worker, and the worker with it cut out.
function splitManifest(sw: string): { manifest: string; rest: string } {
  const start = sw.indexOf('[{url:');
  const end = sw.indexOf('}]', start) + 2;
  return { manifest: sw.slice(start, end), rest: sw.slice(0, start) + sw.slice(end) };
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-sw-cache-'));
  publicDir = path.join(tmp, 'public');
  // not created beforehand: a project's first build has no .docsgen-cache at all
  cacheDir = path.join(tmp, '.docsgen-cache', 'sw');
  await writeStaticSite(publicDir, 1);
  clearWorkerCodeMemory();
  const result = await emit('build1');
  expect(result.diagnostics).toEqual([]);
  expect(result.stats.codeGenerated).toBe(1);
  coldStats = result.stats;
  cold = await readFile(swFile(), 'utf8');
}, 120_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('service worker code cache', () => {
  it('writes the same bytes from the disk cache (a new process) and from memory as the cold run', async () => {
    expect((await readdir(cacheDir)).filter((n) => n.endsWith('.json'))).toHaveLength(1);
    clearWorkerCodeMemory();
    const fromDisk = await emit('build1');
    expect(fromDisk.stats).toEqual({ ...coldStats, codeGenerated: 0 });
    expect(coldStats.files).toBe(3);
    expect(await readFile(swFile(), 'utf8')).toBe(cold);
    const fromMemory = await emit('build1');
    expect(fromMemory.stats.codeGenerated).toBe(0);
    expect(await readFile(swFile(), 'utf8')).toBe(cold);
  });

  it("docsgen's pre-generated code (lib/sw-code, made by scripts/compile.mjs) is exactly what generateSW makes", async () => {
    const [entry] = (await readdir(cacheDir)).filter((n) => n.endsWith('.json'));
    const fresh = JSON.parse(await readFile(path.join(cacheDir, entry!), 'utf8')) as { code: string };
    const builtIn = JSON.parse(await readFile(path.join(BUILT_IN_CODE_DIR, entry!), 'utf8')) as { code: string };
    expect(builtIn.code).toBe(fresh.code);
  });

  it('a new build hash changes only the two stamped lines', async () => {
    await emit('build2');
    const next = (await readFile(swFile(), 'utf8')).split('\n');
    const before = cold.split('\n');
    expect(next.length).toBe(before.length);
    const changed = next.map((line, i) => (line === before[i] ? -1 : i)).filter((i) => i >= 0);
    expect(changed).toEqual([0, 1]);
    expect(next.slice(0, 2)).toEqual(['// docsgen service worker, build "build2"', 'self.__DOCSGEN_BUILD__ = "build2";']);
  });

  it('a changed site changes only the precache manifest, to the entries workbox-build computes', async () => {
    await writeStaticSite(publicDir, 2, ['a', 'b', 'c', 'd']);
    await writeFile(path.join(publicDir, 'documentation/extra-abcdef1234.css'), 'p { margin: 0 }');
    await emit('build1');
    const next = splitManifest(await readFile(swFile(), 'utf8'));
    const before = splitManifest(cold);
    expect(next.rest).toBe(before.rest);
    expect(next.manifest).not.toBe(before.manifest);
    expect(before.manifest).toContain('"/documentation/app-11111111.js"');
    expect(next.manifest).toContain('{url:"/documentation/app-22222222.js",revision:null}');
    // the manifest is exactly workbox-build's getManifest (with its option validation and defaults) for these options
    const reference = await getManifest(precacheOptions(publicDir, 'documentation'));
    expect(vm.runInNewContext(`(${next.manifest})`)).toEqual(JSON.parse(JSON.stringify(reference.manifestEntries)));
    expect(await precacheManifest(precacheOptions(publicDir, 'documentation'))).toEqual(reference);
    expect(reference.manifestEntries.map((e) => e.url)).toContain('/documentation/extra-abcdef1234.css');
    await writeStaticSite(publicDir, 1);
  });

  it('generates the code again when the cache entry is damaged, with the same bytes as before', async () => {
    const [entry] = (await readdir(cacheDir)).filter((n) => n.endsWith('.json'));
    const file = path.join(cacheDir, entry!);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { code: string };
    // a truncated body whose JSON still parses: only the checksum tells
    await writeFile(file, JSON.stringify({ ...stored, code: stored.code.slice(0, 1000) }));
    clearWorkerCodeMemory();
    const result = await emit('build1');
    expect(result.stats.codeGenerated).toBe(1);
    expect(await readFile(swFile(), 'utf8')).toBe(cold);
    clearWorkerCodeMemory();
    expect((await emit('build1')).stats.codeGenerated).toBe(0);
  }, 120_000);
});

describe('worker code key and manifest literal', () => {
  it('the key changes with any option baked into the code, matcher source text included', () => {
    const base = codeOptions();
    const key = workerCodeKey(base);
    expect(workerCodeKey(codeOptions())).toBe(key);
    expect(workerCodeKey({ ...base, cacheId: 'other' })).not.toBe(key);
    expect(workerCodeKey({ ...base, ignoreURLParametersMatching: [/^v$/] })).not.toBe(key);
    const [first, ...rest] = base.runtimeCaching!;
    const changedMatcher = { ...first!, urlPattern: new Function('{ url }', 'return url.pathname === "/x";') as never };
    expect(workerCodeKey({ ...base, runtimeCaching: [changedMatcher, ...rest] })).not.toBe(key);
  });

  it('writes any file name as a JavaScript string that reads back the same', () => {
    const entries = [
      { url: '/documentation/a "quoted" \'one\'.js', revision: 'abc' },
      { url: '/documentation/naïve-ü-\u2028-$&-$1.css', revision: null },
      { url: `/documentation/${PLACEHOLDER_URL.toLowerCase()}\\x.html`, revision: '0' },
    ];
    expect(vm.runInNewContext(`(${manifestLiteral(entries)})`)).toEqual(entries);
    expect(manifestLiteral([])).toBe('[]');
  });
});
