// Compiles src/ (TypeScript) to lib/ (ESM JavaScript) with esbuild, file by file.
// Type checking is a separate step (`npm run typecheck`, part of `npm test`): esbuild only strips types,
// which keeps `npm ci` fast. The browser runtime in src/client/ is bundled later, at site-build time.
import { build } from 'esbuild';
import fg from 'fast-glob';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entryPoints = await fg(['src/**/*.{ts,tsx}', '!src/**/*.d.ts'], { cwd: root, absolute: true });
await rm(new URL('../lib', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints,
  outdir: `${root}/lib`,
  outbase: `${root}/src`,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
});
