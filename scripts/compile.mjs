// Compiles src/ (TypeScript) to lib/ (ESM JavaScript) with esbuild, file by file.
// Type checking is a separate step (`npm run typecheck`, part of `npm test`): esbuild only strips types,
// which keeps `npm ci` fast. The browser runtime in src/client/ is bundled later, at site-build time.
// lib/ is replaced by a rename so a build running at the same moment never sees it half-written.
import { build } from 'esbuild';
import fg from 'fast-glob';
import { rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
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
const old = `${root}/lib.old-${process.pid}`;
await rename(`${root}/lib`, old).catch(() => {});
await rename(staging, `${root}/lib`);
await rm(old, { recursive: true, force: true });
