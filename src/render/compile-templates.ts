import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { writeAtomic } from '../util/write-atomic.js';
import path from 'node:path';
import { createRequire, SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildFailure, BuildOptions, Message, Metafile } from 'esbuild';
import { codes } from '../diagnostics/index.js';
import { DiagnosticError, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import { guardExit, TemplateExit } from './exit-guard.js';
import { docsgenNodePaths, docsgenRoot } from '../config/index.js';
import { chunkNameOf } from './chunk-name.js';
import { bundlesStored, keepBundle, reuseBundle, type BundleStore } from './bundle-cache.js';

/** The server bundle's @lit/react: compiled next to this file, or its TypeScript source when run from src/. */
const LIT_REACT_SERVER = [new URL('./lit-react-server.js', import.meta.url), new URL('./lit-react-server.ts', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((file) => existsSync(file))!;

/** `docsgen/runtime` in a template: the runtime's template API (src/client/template-api.ts), compiled. */
const TEMPLATE_API = { 'docsgen/runtime': path.join(docsgenRoot, 'lib/client/template-api.js') };

// esbuild's API is CommonJS and large: required rather than imported, it skips Node's CommonJS export lexer,
// whose loop V8 would optimize twice (about 100 ms of background compiling) for a few milliseconds of lexing.
// Required on first use, so importing the render stage (a no-change rebuild does) does not load it.
const esbuild = (): typeof import('esbuild') => createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
// whether esbuild's service process was started by this process (stopBundler has nothing to end otherwise)
let started = false;
const build: typeof import('esbuild').build = (options) => ((started = true), esbuild().build(options)) as never;


/**
 * Ends esbuild's service process (the next bundle starts it again) and resolves once Node has reaped it: one
 * still running when Node exits is left defunct under a PID 1 that reaps nothing (a container's), one per build.
 * Waits for the bundles being stored for the next build too.
 */
export async function stopBundler(): Promise<void> {
  await bundlesStored();
  if (!started) return;
  await esbuild().stop();
  // Node reaps the child when its exit is signalled, on this loop: wait for that, bounded, before the command ends
  for (let i = 0; i < 400 && esbuildChildren().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** This process's child processes named esbuild (Linux /proc; elsewhere none are seen and nothing waits). */
function esbuildChildren(): string[] {
  try {
    return readdirSync('/proc/self/task')
      .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
      .filter((pid) => commOf(pid) === 'esbuild');
  } catch {
    return [];
  }
}

function commOf(pid: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null; // gone meanwhile
  }
}

/** Templates a site must provide: every page kind the build renders. */
export const REQUIRED_TEMPLATES = ['doc', 'section', 'home', 'not-found', 'server-error'] as const;

/** The server bundle: a module exporting the templates and the renderer sharing one React. */
export interface ServerBundle {
  file: string;
  templates: string[];
  /** Templates exporting `hydration = 'islands'`: their pages load the islands runtime, not React (partial hydration). */
  islandTemplates: string[];
  hash: string;
  /**
   * Per template, a hash of every source file it imports (directly or not): the page cache re-renders the
   * pages of a template whose code changed, and only those.
   */
  templateKeys: Record<string, string>;
  /** The template source line of a stack's first frame in the bundle (null when there is none): for messages. */
  locate: (stack: string) => Promise<SourceLocation | null>;
  /** Whether this is an earlier build's bundle, its inputs unchanged (esbuild did not run: see bundle-cache.ts). */
  reused: boolean;
}

/** What a kept server bundle holds besides its file (the rest of ServerBundle is made again). */
type ServerMeta = Omit<ServerBundle, 'locate' | 'reused'>;

/** Lists `templates/*.tsx`: each top-level TSX file with a default export is a template. */
export async function listTemplateFiles(templatesDir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(templatesDir);
  } catch {
    throw new DiagnosticError(
      { code: codes.TEMPLATE_COMPILE, severity: 'error', message: `no templates folder at ${templatesDir}`, hint: 'create templates/ with doc.tsx, section.tsx, home.tsx, not-found.tsx and server-error.tsx' },
      2,
    );
  }
  return entries.filter((f) => f.endsWith('.tsx')).sort();
}

/**
 * Bundles the templates for Node with esbuild (React, react-dom/server and Calcite inside, so one React instance
 * renders them whatever folder the site lives in). Compiled once per build (unless an earlier build's bundle in
 * `store` still holds: see bundle-cache.ts), imported once per worker.
 */
export function startServerTemplates(templatesDir: string, outDir: string, displayRoot: string, store: BundleStore | null = null): Bundling<ServerBundle> {
  return bundling((asked) => serverTemplates(templatesDir, outDir, displayRoot, store, asked));
}

/** A bundle under way: esbuild works in its own process while the build goes on. */
export interface Bundling<T> {
  /** Settles once esbuild has the request (or an earlier bundle is taken): the build may then block its thread. */
  asked: Promise<void>;
  /** The bundle; rejects as the bundle failed (a rejection nobody awaits is not reported as unhandled). */
  done: Promise<T>;
}

/** Runs `bundle`, which calls `asked` once esbuild has its request; `asked` settles however it ends. */
function bundling<T>(bundle: (asked: () => void) => Promise<T>): Bundling<T> {
  let onAsked!: () => void;
  const asked = new Promise<void>((resolve) => (onAsked = resolve));
  const done = bundle(onAsked).finally(onAsked);
  done.catch(() => undefined);
  return { asked, done };
}

async function serverTemplates(templatesDir: string, outDir: string, displayRoot: string, store: BundleStore | null, asked: () => void): Promise<ServerBundle> {
  const files = await listTemplateFiles(templatesDir);
  const imports = files.map((f, i) => `import * as t${i} from ${JSON.stringify(`./${f}`)};`).join('\n');
  const map = files.map((f, i) => `${JSON.stringify(f.replace(/\.tsx$/, ''))}: t${i}.default`).join(',\n');
  // a template exporting `hydration = 'islands'` keeps its server HTML in the browser (partial hydration)
  const modes = files.map((f, i) => `${JSON.stringify(f.replace(/\.tsx$/, ''))}: t${i}.hydration`).join(',\n');
  const contents = `${imports}\nexport { createElement } from 'react';\nexport { renderToString } from 'react-dom/server';\nexport const templates = {\n${map}\n};\nexport const hydration = {\n${modes}\n};\n`;
  // the bundle of an earlier build when nothing it was made from changed (see bundle-cache.ts)
  const keptAs = `server\0${templatesDir}\0${outDir}`;
  const keptWith = JSON.stringify([contents, process.cwd(), LIT_REACT_SERVER]);
  const options = serverOptions(contents, templatesDir);
  const kept = await reuseBundle<ServerMeta>(keptAs, keptWith, store);
  if (kept) {
    asked();
    // render threads import it by name: written again when someone removed or damaged it (the kept bytes are checked)
    const output = kept.files['bundle']!;
    const onDisk = await readFile(kept.meta.file).catch(() => null);
    if (!onDisk || !onDisk.equals(output)) await writeAtomic(kept.meta.file, output);
    return { ...kept.meta, reused: true, locate: (stack) => locateInBundle(stack, kept.meta.file, options, displayRoot) };
  }
  const startedAt = Date.now();
  await mkdir(outDir, { recursive: true });
  let output: Uint8Array;
  let metafile: Metafile;
  try {
    const running = build(options);
    asked(); // esbuild has the request: it works in its own process from here
    const result = await running;
    output = result.outputFiles[0]!.contents;
    metafile = result.metafile;
  } catch (err) {
    throw new DiagnosticError(esbuildDiagnostic(err, displayRoot, codes.TEMPLATE_COMPILE), 1);
  }
  const hash = createHash('sha256').update(output).digest('hex').slice(0, 16);
  const file = path.join(outDir, `templates-${hash}.mjs`);
  // through a rename: a build running at the same moment imports the whole bundle, never a half-written one
  await writeAtomic(file, output);
  let mod: { templates: Record<string, unknown>; hydration: Record<string, unknown> };
  const locate = (stack: string) => locateInBundle(stack, file, options, displayRoot);
  try {
    // the templates' top-level code runs now: a process.exit there must not end the build (see exit-guard.ts)
    mod = await guardExit(() => import(file) as Promise<typeof mod>);
  } catch (err) {
    // a template whose module code throws (at its top level, not while rendering) is the writer's to fix
    throw new DiagnosticError(await loadFailure(err, locate, templatesDir, displayRoot), 1);
  }
  const templates = Object.entries(mod.templates).filter(([, v]) => typeof v === 'function').map(([k]) => k);
  const islandTemplates = templates.filter((t) => mod.hydration[t] === 'islands');
  const meta: ServerMeta = { file, templates, islandTemplates, hash, templateKeys: await templateKeysOf(metafile, files, templatesDir) };
  const inputs = Object.keys(metafile.inputs).filter((k) => k !== '<stdin>').map((k) => path.resolve(process.cwd(), k));
  keepBundle(keptAs, inputs, [templatesDir], keptWith, startedAt, { meta, files: { bundle: output } }, store);
  return { ...meta, reused: false, locate };
}

/** esbuild's options for the server bundle of the generated entry `contents`. */
function serverOptions(contents: string, templatesDir: string) {
  return {
    stdin: { contents, resolveDir: templatesDir, sourcefile: 'templates-entry.js', loader: 'js' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    nodePaths: docsgenNodePaths,
    define: { 'process.env.NODE_ENV': '"production"' },
    // Calcite's wrappers render on the server without the refs only a browser uses (see lit-react-server.ts)
    alias: { '@lit/react': LIT_REACT_SERVER, ...TEMPLATE_API },
    logLevel: 'silent',
    legalComments: 'none',
    metafile: true,
    // CommonJS parts of react-dom need `require`; Calcite's version banner is noise in build output.
    banner: {
      js: "import { createRequire as __docsgenCreateRequire } from 'node:module'; const require = __docsgenCreateRequire(import.meta.url); globalThis.calciteConfig = { version: 'server', logLevel: 'warn', ...globalThis.calciteConfig };",
    },
  } satisfies BuildOptions;
}

/**
 * Hashes what each template file pulls in, following the bundle's import graph: the project files it imports
 * (directly or not) by content, plus every package in the bundle by path and size, since the renderer
 * (react-dom/server) is part of every template's output.
 */
async function templateKeysOf(metafile: Metafile, files: string[], templatesDir: string): Promise<Record<string, string>> {
  const cwd = process.cwd();
  const inputs = metafile.inputs;
  const isPackage = (k: string) => /(^|[\\/])node_modules[\\/]/.test(k);
  const packages = createHash('sha256');
  for (const k of Object.keys(inputs).filter(isPackage).sort()) packages.update(`${k}:${inputs[k]!.bytes}\n`);
  const packagesKey = packages.digest('hex');
  const byAbs = new Map(Object.keys(inputs).map((k) => [path.resolve(cwd, k), k]));
  const fileHash = new Map<string, string>();
  const keys: Record<string, string> = {};
  for (const f of files) {
    const start = byAbs.get(path.join(templatesDir, f));
    const seen = new Set<string>();
    const stack = start ? [start] : [];
    while (stack.length > 0) {
      const k = stack.pop()!;
      if (seen.has(k) || !inputs[k] || isPackage(k)) continue;
      seen.add(k);
      for (const imp of inputs[k]!.imports) if (!imp.external) stack.push(imp.path);
    }
    const hasher = createHash('sha256').update(packagesKey);
    for (const k of [...seen].sort()) {
      let h = fileHash.get(k);
      if (h === undefined) fileHash.set(k, (h = createHash('sha256').update(await readFile(path.resolve(cwd, k))).digest('hex')));
      hasher.update(`${k}\0${h}\n`);
    }
    keys[f.replace(/\.tsx$/, '')] = hasher.digest('hex').slice(0, 20);
  }
  return keys;
}

/** What the client build produced: URLs of the runtime, the styles and each template chunk. */
export interface ClientBundle {
  appUrl: string;
  /** The islands runtime (no React) that pages of `islandTemplates` load instead of the app; null when none. */
  islandsUrl: string | null;
  islandTemplates: string[];
  stylesUrl: string;
  /** componentChunkName → URL */
  chunks: Record<string, string>;
  files: string[];
  /** Hash of every emitted file, part of the build hash. */
  hash: string;
  /** Every input file of the bundles, absolute (the assets stage reads which components and icons they use). */
  inputs: string[];
  /** Whether esbuild's output of an earlier build was reused, its inputs unchanged (see bundle-cache.ts). */
  reused: boolean;
}

/** What the client build bundles: known once the server bundle is (its templates, which of them are islands). */
export interface ClientInputs {
  templatesDir: string;
  templates: string[];
  /** Templates whose pages load the islands runtime (ServerBundle.islandTemplates). */
  islandTemplates?: string[];
  cacheDir: string;
  displayRoot: string;
  /** Where esbuild's output is kept for the next build, and whether an earlier one may be reused (bundle-cache.ts). */
  store?: BundleStore | null;
}

/** Where the client build's files go and what its runtimes carry: known once the build has planned the site. */
export interface ClientFinish {
  outDir: string;
  urlBase: string;
  appOptions: Record<string, unknown>;
  /** CSS appended to the stylesheet (the config's theme colors), after everything styles.css holds. */
  appendCss?: string;
}

/** A client build under way (see Bundling), finished once the build has planned the site. */
export interface PendingClient extends Bundling<unknown> {
  /** Names, writes and hashes the files once the site's app options are known; rejects as the bundle failed. */
  finish(opts: ClientFinish): Promise<ClientBundle>;
}

/**
 * Starts the browser bundle with esbuild: the runtime (`app`), one chunk per template named by its
 * componentChunkName, shared chunks, and the stylesheet; every file name content-hashed. Nothing esbuild emits
 * depends on the app options, the theme's CSS or where the files go (the runtimes get their options, and every file
 * its name, in `finish`), so a build starts it as soon as it knows the templates and plans the site meanwhile.
 */
export function startClient(opts: ClientInputs): PendingClient {
  const started = bundling((asked) => bundleOrReuse(opts, asked));
  return {
    ...started,
    finish: async (where) => {
      const b = await started.done;
      return { ...(await finishClient({ ...where, islandTemplates: opts.islandTemplates ?? [] }, b.outputs, b.inputs)), reused: b.reused };
    },
  };
}

/** esbuild's output for the client entries, or an earlier build's when nothing it was made from changed. */
async function bundleOrReuse(opts: ClientInputs, asked: () => void): Promise<{ outputs: BundledFile[]; inputs: string[]; reused: boolean }> {
  await mkdir(opts.cacheDir, { recursive: true });
  const entryFile = path.join(opts.cacheDir, 'client-entry.js');
  const runtime = path.join(docsgenRoot, 'lib/client/index.js');
  const generated: Record<string, string> = { [entryFile]: `import { startApp } from ${JSON.stringify(runtime)};\nstartApp(JSON.parse(${JSON.stringify('__DOCSGEN_APP_OPTIONS__')}));\n` };
  const entryPoints: Record<string, string> = { app: entryFile };
  if ((opts.islandTemplates ?? []).length > 0) entryPoints['islands'] = islandsEntry(opts.templatesDir, opts.cacheDir, generated);
  for (const t of opts.templates) entryPoints[chunkNameOf(t)] = path.join(opts.templatesDir, `${t}.tsx`);
  const stylesFile = path.join(opts.templatesDir, 'styles.css');
  entryPoints['styles'] = stylesFile;
  // esbuild's output of an earlier build when nothing it was made from changed (see bundle-cache.ts)
  const keptAs = `client\0${opts.templatesDir}`;
  const keptWith = JSON.stringify([entryPoints, generated]);
  const kept = await reuseBundle<{ inputs: string[] }>(keptAs, keptWith, opts.store ?? null);
  if (kept) {
    asked();
    return { outputs: Object.entries(kept.files).map(([rel, contents]) => ({ rel, contents })), inputs: kept.meta.inputs, reused: true };
  }
  return { ...(await bundleClient(opts, entryPoints, generated, keptAs, keptWith, asked)), reused: false };
}

/** One file esbuild emitted, by its path relative to the output folder. */
interface BundledFile {
  rel: string;
  contents: Uint8Array;
}

/** Runs esbuild on the client entries (written first) and keeps what it gave for the next dev build. */
async function bundleClient(opts: ClientInputs, entryPoints: Record<string, string>, generated: Record<string, string>, keptAs: string, keptWith: string, asked: () => void): Promise<{ outputs: BundledFile[]; inputs: string[] }> {
  for (const [file, text] of Object.entries(generated)) await writeAtomic(file, Buffer.from(text));
  const startedAt = Date.now();
  let result;
  try {
    const running = build({
      entryPoints,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['chrome110', 'firefox115', 'safari16'],
      jsx: 'automatic',
      minify: true,
      write: false,
      // nothing is written there: the files are named relative to it, and finish writes them to the site
      outdir: path.join(opts.cacheDir, 'out'),
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      // esbuild's hashes cover input paths relative to the working directory: relative to the templates, the
      // output does not depend on where the project lives
      absWorkingDir: opts.templatesDir,
      nodePaths: docsgenNodePaths,
      alias: TEMPLATE_API,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      legalComments: 'none',
      metafile: true,
      // fonts a stylesheet imports (KaTeX's, for a site with rehype-katex: docs/markdown-plugins.md) are
      // published beside it under content-hashed names
      loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
    });
    asked();
    result = await running;
  } catch (err) {
    throw new DiagnosticError(esbuildDiagnostic(err, opts.displayRoot, codes.CLIENT_BUNDLE), 1);
  }
  const outputs = result.outputFiles.map((f) => ({ rel: path.relative(path.join(opts.cacheDir, 'out'), f.path), contents: f.contents }));
  const inputs = Object.keys(result.metafile.inputs).map((k) => path.resolve(opts.templatesDir, k));
  // the generated entries are stamped by their text (in keptWith), not as files
  const files = Object.fromEntries(outputs.map((f) => [f.rel, f.contents]));
  keepBundle(keptAs, inputs.filter((f) => !(f in generated)), [opts.templatesDir], keptWith, startedAt, { meta: { inputs }, files }, opts.store ?? null);
  return { outputs, inputs };
}

/** Names, writes and hashes the bundle's files (the runtimes with this build's app options inside). */
async function finishClient(opts: ClientFinish & Pick<ClientInputs, 'islandTemplates'>, bundled: BundledFile[], inputs: string[]): Promise<Omit<ClientBundle, 'reused'>> {
  await mkdir(opts.outDir, { recursive: true });
  // Entries get content-hashed names here (esbuild's [hash] would not cover the options inserted below).
  const named = new Map<string, string>();
  const files: string[] = [];
  const hasher = createHash('sha256');
  const outputs = bundled.map((f) => ({ path: path.join(opts.outDir, f.rel), contents: f.contents, text: '' })).sort((a, b) => (a.path < b.path ? -1 : 1));
  const chunks: Record<string, string> = {};
  let appText = '';
  let appPath = '';
  let stylesUrl = '';
  let islandsText = '';
  for (const f of outputs) {
    const base = path.basename(f.path);
    if (base === 'app.js') {
      appText = Buffer.from(f.contents).toString('utf8');
      appPath = f.path;
      continue;
    }
    if (base === 'islands.js') {
      islandsText = Buffer.from(f.contents).toString('utf8');
      continue;
    }
    let finalName = base;
    const contents = base === 'styles.css' && opts.appendCss ? Buffer.concat([f.contents, Buffer.from(opts.appendCss)]) : f.contents;
    if (/^(component---.*|styles)\.(js|css)$/.test(base)) {
      const h = createHash('sha256').update(contents).digest('hex').slice(0, 12);
      finalName = base.replace(/\.(js|css)$/, `-${h}.$1`);
    }
    named.set(base, finalName);
    await writeFile(path.join(opts.outDir, finalName), contents);
    files.push(finalName);
    hasher.update(finalName);
    const url = `${opts.urlBase}/${finalName}`;
    if (base.startsWith('component---') && base.endsWith('.js')) chunks[base.replace(/\.js$/, '')] = url;
    if (base === 'styles.css') stylesUrl = url;
  }
  const options = JSON.stringify({ ...opts.appOptions, chunks });
  // both runtimes get the options and a name hashed from their final text
  const emitEntry = async (name: string, text: string) => {
    const final = text.replace('"__DOCSGEN_APP_OPTIONS__"', JSON.stringify(options));
    const file = `${name}-${createHash('sha256').update(final).digest('hex').slice(0, 12)}.js`;
    await writeFile(path.join(path.dirname(appPath), file), final);
    files.push(file);
    hasher.update(file);
    return `${opts.urlBase}/${file}`;
  };
  const appUrl = await emitEntry('app', appText);
  const islandsUrl = islandsText ? await emitEntry('islands', islandsText) : null;
  return { appUrl, islandsUrl, islandTemplates: islandsUrl ? [...(opts.islandTemplates ?? [])] : [], stylesUrl, chunks, files, hash: hasher.digest('hex').slice(0, 16), inputs };
}

/**
 * The islands runtime's entry: the runtime (src/client/islands.ts) and the site's islands, `templates/islands.ts`
 * when there is one (it imports the modules that call defineIsland).
 */
function islandsEntry(templatesDir: string, cacheDir: string, generated: Record<string, string>): string {
  const file = path.join(cacheDir, 'islands-entry.js');
  const runtime = path.join(docsgenRoot, 'lib/client/islands.js');
  const own = path.join(templatesDir, 'islands.ts');
  const imports = existsSync(own) ? `import ${JSON.stringify(own)};\n` : '';
  generated[file] = `import { startIslands } from ${JSON.stringify(runtime)};\n${imports}startIslands(JSON.parse(${JSON.stringify('__DOCSGEN_APP_OPTIONS__')}));\n`;
  return file;
}

function esbuildDiagnostic(err: unknown, displayRoot: string, code: string): Diagnostic {
  const first: Message | undefined = (err as BuildFailure).errors?.[0];
  if (!first) {
    return { code, severity: 'error', message: `templates could not be compiled: ${(err as Error).message}` };
  }
  const loc = first.location;
  return {
    code,
    severity: 'error',
    message: `template does not compile: ${first.text}`,
    hint: 'fix the TypeScript/JSX error in the template',
    ...(loc
      ? { location: { file: path.relative(displayRoot, path.resolve(displayRoot, loc.file)).split(path.sep).join('/'), line: loc.line, column: loc.column + 1, lineText: loc.lineText } }
      : {}),
  };
}

/**
 * The diagnostic for a bundle that throws when imported: at the template line that threw (see locateInBundle),
 * else at the templates folder.
 */
async function loadFailure(
  err: unknown,
  locate: (stack: string) => Promise<SourceLocation | null>,
  templatesDir: string,
  displayRoot: string,
): Promise<Diagnostic> {
  const reason = err instanceof Error ? err.message : String(err);
  const exit = err instanceof TemplateExit;
  const diagnostic: Diagnostic = {
    code: codes.TEMPLATE_COMPILE,
    severity: 'error',
    message: exit ? `template code called ${err.call} when the templates were loaded` : `the templates cannot be loaded: ${reason}`,
    hint: exit
      ? 'a template must not end the process: throw an Error instead, or remove the call'
      : 'code at the top level of a template module threw when it ran; fix it, or move it into the component',
    location: { file: `${path.relative(displayRoot, templatesDir).split(path.sep).join('/')}/`, line: 1, column: 1 },
  };
  const at = err instanceof Error && err.stack ? await locate(err.stack) : null;
  if (at) diagnostic.location = at;
  return diagnostic;
}

/**
 * The template source position of a stack's first frame in the server bundle `file`, through a source map of
 * the same bundle (built only now, on an error path), or null.
 */
async function locateInBundle(stack: string, file: string, options: BuildOptions, displayRoot: string): Promise<SourceLocation | null> {
  const url = pathToFileURL(file).href;
  const frame = stack.split('\n').find((l) => l.includes(url));
  const at = frame?.slice(frame.indexOf(url) + url.length).match(/^:(\d+):(\d+)/);
  if (!at) return null;
  try {
    const outfile = file.replace(/\.mjs$/, '.map-probe.mjs');
    const mapped = await build({ ...options, outfile, sourcemap: 'external' });
    const mapFile = mapped.outputFiles!.find((o) => o.path.endsWith('.map'));
    if (!mapFile) return null;
    const entry = new SourceMap(JSON.parse(mapFile.text)).findEntry(Number(at[1]) - 1, Number(at[2]) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry.originalSource || entry.originalLine === undefined) return null;
    // sources are relative to the map's folder
    const source = path.resolve(path.dirname(outfile), entry.originalSource.replace(/^file:\/\//, ''));
    return { file: path.relative(displayRoot, source).split(path.sep).join('/'), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  } catch {
    return null;
  }
}
