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
import path from 'node:path';

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
await bundleCli(staging);
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

/**
 * The CLI as one bundle with its dependencies (lib/bundle/, what bin/docsgen runs): Node's ES module loader pays
 * per module, and a no-change build loaded ~330 of them (~85 ms of its ~330). Dynamic imports stay lazy (split
 * chunks). Worker threads and child processes are entries of their own, found where the code names them (`new
 * URL('./x.js', import.meta.url)`), so the same URL finds them beside the chunk that asks. lib/bundle/ is one
 * folder below lib/ as the stage folders are, so `../..` is still docsgen's root. lib/'s per-file modules stay:
 * they are the package's API (`docsgen`'s main) and what the tests import. Packages that read files of their own,
 * load native code or start binaries stay outside.
 */
async function bundleCli(out) {
  const entries = { cli: `${root}/src/cli/index.ts` };
  for (const file of entryPoints) {
    const code = await readFile(file, 'utf8');
    for (const [, name] of code.matchAll(/new URL\('\.\/([\w.-]+)\.js', import\.meta\.url\)/g)) {
      const src = path.join(path.dirname(file), `${name}.ts`);
      if (entries[name] && entries[name] !== src) throw new Error(`compile: two modules load a file named ${name}.js beside them (${entries[name]}, ${src}); lib/bundle/ needs one name per entry`);
      entries[name] = src;
    }
  }
  const result = await build({
    entryPoints: entries,
    outdir: `${out}/bundle`,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // native code, binaries, or files read from the package's own folder
    external: ['sharp', 'esbuild', 'workbox-build', 'highlight.js', 'react', 'react-dom', '@esri/*', 'fsevents'],
    // CommonJS dependencies inside an ES module call `require`
    banner: { js: "import { createRequire as __docsgenRequire } from 'node:module'; const require = __docsgenRequire(import.meta.url);" },
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  // what each output holds (docsgen's own modules by path, packages by name): for tests that assert what a command loads
  const contents = {};
  const packages = new Map();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    const held = new Set();
    for (const input of Object.keys(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      if (pkg) {
        held.add(`package:${pkg[1]}`);
        packages.set(pkg[1], input.slice(0, pkg.index + pkg[0].length));
      } else held.add(path.relative(root, path.resolve(input)));
    }
    contents[path.basename(file)] = [...held].sort();
  }
  await writeFile(`${out}/bundle/contents.json`, JSON.stringify(contents, null, 1) + '\n');
  // their licenses travel with the copies of their code
  const notices = ['# Licenses of the packages bundled in lib/bundle/', '', 'The CLI bundle (`lib/bundle/`, scripts/compile.mjs) holds copies of these packages; each one\'s license follows.', ''];
  for (const [name, dir] of [...packages].sort(([a], [b]) => a.localeCompare(b))) {
    const pkg = JSON.parse(await readFile(path.resolve(root, dir, 'package.json'), 'utf8'));
    const files = await fg(['LICEN[CS]E*', 'licen[cs]e*', 'COPYING*'], { cwd: path.resolve(root, dir) });
    // `licenses: [{ type }]` is the old form of the field (format 0.2.2 has it)
    const license = pkg.license ?? pkg.licenses?.map((l) => l.type).join(' OR ') ?? 'no license stated';
    const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
    const text = files.length ? (await readFile(path.resolve(root, dir, files.sort()[0]), 'utf8')).trim() : `${license}${author ? `, by ${author}` : ''} (the package has no license file)`;
    notices.push(`## ${name} ${pkg.version} (${license})`, '', '```', text, '```', '');
  }
  await writeFile(`${out}/bundle/THIRD-PARTY-LICENSES.md`, notices.join('\n'));
}
