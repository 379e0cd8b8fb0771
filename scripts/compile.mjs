// Compiles src/ (TypeScript) to lib/ (ESM JavaScript) with esbuild, file by file.
// Type checking is a separate step (`npm run typecheck`, part of `npm test`): esbuild only strips types,
// which keeps `npm ci` fast. The browser runtime in src/client/ is bundled later, at site-build time.
// lib/ is replaced by a rename so a build running at the same moment never sees it half-written.
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// `npm pack` runs prepack (this script with --types) and then prepare: the second compile would drop the types
if (process.env.npm_lifecycle_event === 'prepare' && ['pack', 'publish'].includes(process.env.npm_command ?? '')) process.exit(0);
const entryPoints = await fg(['src/**/*.{ts,tsx}', '!src/**/*.d.ts'], { cwd: root, absolute: true });
const staging = `${root}/lib.tmp-${process.pid}`;
await build({
  entryPoints,
  outdir: staging,
  outbase: `${root}/src`,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
});
// `--types` (the prepack step): the API's .d.ts files beside the JavaScript, from src/index.ts and what it reaches.
// Declarations only and no type check (`npm run typecheck` does that): a few seconds, so not on every compile.
if (process.argv.includes('--types')) {
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  await promisify(execFile)(process.execPath, [tsc, '-p', `${root}/tsconfig.types.json`, '--outDir', staging]);
}
// The engine id: a hash of every compiled file. The build cache keys on it, so a changed docsgen never reuses
// pages rendered by another one (the version number alone does not change between commits).
const hasher = createHash('sha256');
for (const file of (await fg('**/*.js', { cwd: staging })).sort()) hasher.update(file).update(await readFile(`${staging}/${file}`));
await writeFile(`${staging}/engine-id.json`, JSON.stringify({ id: hasher.digest('hex').slice(0, 20) }) + '\n');
// the service worker's code made by workbox's generateSW (lib/sw-code/) is carried over, and made again below
// only when its key (workbox version, docsgen's worker options) changed
await cp(`${root}/lib/sw-code`, `${staging}/sw-code`, { recursive: true }).catch(() => {});
const old = `${root}/lib.old-${process.pid}`;
await rename(`${root}/lib`, old).catch(() => {});
await rename(staging, `${root}/lib`);
await rm(old, { recursive: true, force: true });

// Generated once here rather than at a site's first build: it depends only on docsgen and workbox.
const { workerCode } = await import(`${root}/lib/sw/worker-code.js`);
await workerCode({ cacheDir: `${root}/lib/sw-code` });
