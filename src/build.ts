// The build pipeline in one screen: load the project → reuse what is unchanged → plan → bundles → pages →
// assets → redirects → check links → service worker → publish. Each step is a function its stage's index.ts exports; this
// file says only what runs when, and what starts early beside what. Stages a no-change rebuild does not need
// (content, pagedata, redirects, images, links, sw) are imported when their step comes, so it never loads them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadProject, PROJECT, type Project, type SiteConfig } from './config/index.js';
import { hasErrors, writeFailure, type Diagnostic, type StageResult } from './diagnostics/index.js';
import { cacheKey, completeStamp, configMemo, hashImageFile, markOutput, PageStore, readPreviousBuild, recordBuild, restampOutput, stampedHash, stampKey, unchangedBuild, type PreviousBuild } from './cache/index.js';
import { gitContentHead } from './util/git.js';
import { sortMatchPaths } from './util/match-path.js';
import { pageIconUrl, pageIconVersion } from './util/page-icon.js';
import { oldOutputsRemoved, prepareFolders, stopBundler, recoverOutput, renderAll, renderSetupOf, renderThreads, shellInputsOf, stageOutput, startClient, startRenderWorkers, startServerTemplates, startSpareRenderWorker, unstaged, type PageTask, type RenderedPage, type RenderSetup, type RenderWorkers } from './render/index.js';
import { collectGarbage } from './memory.js';
import { checkMarkdownPlugins, resolveMarkdownPlugins } from './plugins/index.js';

/** Render results between two collections of the main thread's garbage on large sites (see memory.ts). */
const GC_EVERY_PAGES = 2000;
// ...and not after a rebuild that rendered fewer pages than this (its peak is the cache's, not the results')
const FEW_RENDERED = 200;
// ...and only a heap this large: a forced full GC is not free, and `docsgen dev` rebuilds on every save
const GC_MIN_HEAP = 64 * 1024 * 1024;

/** Options of `build` (the CLI flags of `docsgen build`). */
export interface BuildOptions {
  root?: string;
  /** Output folder (default `<root>/dist`); holds `public/` (web root) and `server/` (server config). */
  out?: string;
  /** Render workers (default: all cores for many pages, none for a handful; 0 renders on this thread). */
  concurrency?: number;
  images?: boolean;
  sw?: boolean;
  /** `error` (default) fails the build on broken internal links; `warn` only reports them. */
  links?: 'error' | 'warn' | 'off';
  /** Ignore `.docsgen-cache/` (it is still refreshed): every page is parsed and rendered. */
  cache?: boolean;
  /** Unknown frontmatter keys are errors, and a description taken from a page's text is a warning. */
  strict?: boolean;
  /** A URL the last build published that is now no page and no redirect source: error (default), warn or off. */
  removedPages?: 'error' | 'warn' | 'off';
  /** Compare with this published.json or sitemap.xml instead of the cache's list of published URLs. */
  since?: string;
  /** Keep this build's list of published URLs in the cache for the next build (default true; dev does not). */
  recordPublished?: boolean;
  /** Remove the previous output in the background after the commit (dev: the page reloads sooner). */
  removeOldOutputLater?: boolean;
  onProgress?: (event: BuildProgress) => void;
  /** Told the render setup and every page's task once known (`docsgen dev` previews a saved page with them). */
  onRenderSetup?: (setup: RenderSetup, tasks: readonly PageTask[]) => void;
}

/** Progress events for the CLI's bar or plain lines. */
export interface BuildProgress {
  phase: 'templates' | 'pages' | 'images' | 'redirects' | 'links' | 'service-worker' | 'write';
  done: number;
  total: number;
}

/** Numbers for the closing summary; `ms.<step>` says where a build's time went. */
export interface BuildStats {
  pages: number;
  /** Pages parsed and rendered by this build. */
  rendered: number;
  /** Pages taken from the cache (their files linked from the previous output, or re-wrapped from the cache). */
  cached: number;
  images: number;
  redirects: number;
  links: number;
  /** 1 when nothing changed since the last build and the output was left as it was. */
  upToDate: number;
  /** 1 when the commit changed the output in place (only what changed was written), 0 when it swapped in a whole one. */
  inPlace: number;
  ms: number;
  [key: string]: number;
}

/**
 * The staged site as the steps after rendering see it. A step that works on the built site (a sitemap, a search
 * index) takes this and returns its problems: adding it is one line, `diagnostics.push(...await step(site))`.
 */
export interface BuiltSite {
  project: Project;
  config: SiteConfig;
  /** The staged web root (`public/`) and the site under its prefix in it. */
  publicDir: string;
  siteDir: string;
  /** The staged server configuration folder (`server/`). */
  serverDir: string;
  buildHash: string;
  /** Every page's path (`/maps/`), status pages excluded. */
  pagePaths: ReadonlySet<string>;
}

type BuildResult = StageResult<{ outDir: string; buildHash: string } | null, BuildStats>;

/** Builds the site: every page, page data, assets, images, service worker, manifest and redirect artifacts. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const prestarted: Prestarted = { workers: null, warming: null, bundling: [] };
  try {
    return await runBuild(options, prestarted);
  } catch (err) {
    // a full disk, a read-only folder: one line naming the file, not a stack trace (bugs keep theirs)
    const root = path.resolve(options.root ?? '.');
    throw writeFailure(err, { root, fallback: path.resolve(root, options.out ?? 'dist'), shown: unstaged, cacheDir: path.join(root, PROJECT.cache) }) ?? err;
  } finally {
    // render threads started early are closed by the render step; this covers a build that stopped before it
    await prestarted.workers?.close();
    // nor does a build that stopped early leave images encoding into the cache after it returns
    await prestarted.warming;
    // nor an esbuild process, however the build ended (a bundle still under way is let finish, not restarted)
    await Promise.allSettled(prestarted.bundling);
    await stopBundler();
    // nor a staging folder an in-place commit left to remove (dev's builds leave theirs until the page reloaded)
    if (options.removeOldOutputLater !== true) await oldOutputsRemoved();
  }
}

/** Work a build starts ahead of the step that needs it, and must finish or stop however the build ends. */
interface Prestarted {
  workers: RenderWorkers | null;
  warming: Promise<unknown> | null;
  /** The template bundles, started ahead of the steps that wait for them. */
  bundling: Promise<unknown>[];
}

async function runBuild(options: BuildOptions, prestarted: Prestarted): Promise<BuildResult> {
  const run = new BuildRun(options);
  const { diagnostics, stats } = run;
  // 1. Load the project (and put right what a build killed during its swap left).
  // the config the last build validated is reused while its bytes are the same (--no-cache validates it again)
  const project = await loadProject(options.root ?? '.', {}, options.cache !== false ? configMemo(options.root ?? '.') : undefined);
  const { root, config } = project;
  const prefixDir = config.pathPrefix.replace(/^\//, '');
  const outDir = path.resolve(root, options.out ?? 'dist');
  // the site's remark/rehype plugins, found (not loaded): their versions are inputs of the fingerprint and pages
  const markdownPlugins = await resolveMarkdownPlugins(root, config);
  await recoverOutput(outDir);

  // 2. Reuse: nothing changed since the last build, and its output is as it left it → done.
  const useCache = options.cache !== false;
  const previous = await readPreviousBuild(inputsOf(project), outDir, { cache: useCache, output: [options.images !== false, options.sw !== false, options.links ?? 'error', markdownPlugins.key, options.strict === true, removedPagesMode(options, config), options.since ? sinceKey(options.since) : null] }, gitContentHead(project.contentDir));
  run.lap('fingerprint');
  const unchanged = useCache ? await unchangedBuild(previous, outDir) : null;
  if (unchanged) return run.upToDate(unchanged, outDir);
  // a cold build's render threads start now: they load the parser and React while this thread discovers the pages
  if (previous.state === null) prestarted.workers = startRenderWorkers(Object.keys(previous.inputs.stamps).filter(previous.isPage).length, options.concurrency);
  const [{ discoverPages, readGitDates }, { collectPages, planSite, writeAppData }, redirectsStage] = await Promise.all([import('./content/index.js'), import('./pagedata/index.js'), import('./redirects/index.js')]);

  // 3. Plan: pages and their frontmatter, templates, redirects, the site's own files, the tree and the shared data.
  // plugins load and take their options meanwhile: a bad one is one config error, awaited before rendering
  const pluginsChecked = checkMarkdownPlugins(root, markdownPlugins);
  pluginsChecked.catch(() => undefined);
  const gitDates = previous.contentHead ? readGitDates(project.contentDir) : Promise.resolve(null);
  // the templates bundle (esbuild, another process) while this thread discovers the pages; the bundles of the
  // last build are reused while their inputs are unchanged (--no-cache only refreshes them)
  const bundles = { dir: path.join(project.cacheDir, 'bundles'), reuse: useCache };
  const serverBundling = await startServerTemplates(project.templatesDir, path.join(project.cacheDir, 'templates'), root, bundles);
  prestarted.bundling.push(serverBundling.done);
  serverBundling.done.then((b) => prestarted.workers?.preload(b.file), () => undefined);
  // discovery holds this thread: it starts once esbuild has the request (a few ms of reads and a spawn before)
  await serverBundling.asked;
  const found = run.take(await discoverPages(project.contentDir, root, config.variables, (rel, hash) => completeStamp(previous.inputs, rel, hash), (rel) => previous.inputs.stamps[rel]?.[0], { strict: options.strict === true, cacheDir: project.cacheDir, knownHash: (rel) => (useCache && !previous.inputs.pending.has(rel) ? previous.inputs.stamps[rel]?.[2] : undefined) }));
  run.lap('discover');
  // beside the template compile: the other render threads start, and the images pages seem to show encode aside
  if (previous.state === null) prestarted.workers?.grow(renderThreads(found.pages.length, options.concurrency));
  if (options.images !== false && found.imageHints.length > 0) prestarted.warming = warmImages(project, previous, found.imageHints);
  const serverBundle = await serverBundling.done;
  run.lap('serverTemplates', { phase: 'templates', done: 1, total: 2 });
  // the browser bundle, while this thread plans: it needs the app options only to finish
  const clientBundling = await startClient({ templatesDir: project.templatesDir, templates: serverBundle.templates, islandTemplates: config.hydration === 'full' ? [] : serverBundle.islandTemplates, cacheDir: path.join(project.cacheDir, 'client'), displayRoot: root, store: bundles });
  prestarted.bundling.push(clientBundling.done);
  await clientBundling.asked;
  const rules = run.take(await redirectsStage.loadRedirects(project.redirectsDir, { root })).outputs.rules;
  stats.redirects = rules.length;
  const ownFiles = run.take((await import('./site-files/index.js')).prepareSiteFiles(project, found.pages));
  const plan = run.take(planSite(found.pages, serverBundle.templates, config, await gitDates, ownFiles.claims, useCache ? project.cacheDir : undefined));
  // the browser applies the same redirects on client-side navigation, without a server round trip
  const browserRedirects = redirectsStage.toBrowserRedirects(rules);
  plan.appOptions.redirects = browserRedirects;
  // pages that also answer for the paths their frontmatter's matchPath matches: the servers and the loader
  const matchPaths = sortMatchPaths(plan.tasks.flatMap((t) => (t.status === undefined && t.frontmatter.matchPath ? [{ matchPath: t.frontmatter.matchPath, path: t.pagePath }] : [])));
  if (matchPaths.length > 0) plan.appOptions.matchPaths = matchPaths;
  run.lap('plan');
  // every URL the last build (or --since FILE) published is still a page or a redirect source
  const inbound = run.take(await (await import('./inbound/index.js')).checkInbound({ root, contentDir: project.contentDir, cacheDir: project.cacheDir, outDir, pathPrefix: config.pathPrefix, siteUrl: config.siteUrl, pages: found.pages, rules, compiled: browserRedirects, mode: removedPagesMode(options, config), since: options.since, previousWebRoot: path.join(outDir, 'public') }));
  run.lap('inbound');
  if (hasErrors(diagnostics)) return run.failed();
  await pluginsChecked;

  // the search index keeps each page's terms by the page's key: only pages that changed are new work (src/search/)
  const search = config.search ? await (await import('./search/index.js')).SearchIndex.open(project.cacheDir, config.defaultLocale) : null;
  // an output as the last build left it is changed in place: only what this build writes is staged
  const { staging, publicDir, siteDir, serverDir } = await stageOutput(outDir, root, prefixDir, useCache ? await previous.intactListing() : null);
  // a large site's rebuild starts its render thread now, once the output's listing is done with the other core:
  // it loads the parser, React and the templates while this thread reuses the cached pages
  if (previous.state !== null && (prestarted.workers = startSpareRenderWorker(plan.tasks.length, options.concurrency))) prestarted.workers.preload(serverBundle.file);
  const stopFolders = { stopped: false };
  // a cold build renders every page: their folders are made from now on, ahead of the threads that write there
  let folders = previous.state === null ? prepareFolders(siteDir, plan.tasks, stopFolders) : null;
  let assets: Promise<Diagnostic[]> | null = null;
  try {
    // 4. Browser bundles (runtime, a chunk per template, styles; their hash is the build hash) and shared data.
    const client = await clientBundling.finish({ outDir: siteDir, urlBase: config.pathPrefix, appOptions: plan.appOptions, appendCss: `${ownFiles.themeCss}:root{--image-display-max-width:${config.images.displayMaxWidth}px}\n` });
    stats.bundlesReused = Number(serverBundle.reused) + Number(client.reused);
    run.lap('clientBundle', { phase: 'templates', done: 2, total: 2 });
    void stopBundler(); // esbuild's work is done: its process ends now, not as a defunct one after the command
    // the icon pages show is a hashed copy of the manifest's 192 px icon: cached for good, never fetched again
    const iconVersion = await pageIconVersion(path.resolve(root, config.manifestIcon));
    const pageIcon = iconVersion ? pageIconUrl(config.pathPrefix, iconVersion) : undefined;
    const shared = await plan.writeSharedData(siteDir, pageIcon ? { icon: pageIcon } : {});
    const buildHash = await writeAppData(siteDir, client.hash);
    // beside the pages: the component library's assets and the web manifest, which do not depend on them
    assets = placeAssets(siteDir, publicDir, config, root, client.inputs, iconVersion, useCache ? project.cacheDir : null);
    assets.catch(() => undefined); // awaited below; a failure is rethrown there, not reported as unhandled

    // 5. Pages: unchanged ones from the cache (hard-linked when their files are unchanged too), the rest rendered.
    const shell = shellInputsOf(config, client, shared, buildHash, { socialImage: ownFiles.socialImage, favicon: ownFiles.favicon ?? pageIcon });
    const store = await PageStore.open(plan.tasks, previous, { cacheDir: project.cacheDir, useCache, config, templateKeys: serverBundle.templateKeys, bundleHash: serverBundle.hash, shellKey: cacheKey(JSON.stringify(shell)), pluginsKey: markdownPlugins.key, imageHash: imageHashOf(previous, root) });
    const collected = collectPages({ siteDir, shell }, staging.keepsInPlace ? staging : null);
    const tick = () => run.progress({ phase: 'pages', done: collected.count, total: plan.tasks.length });
    const previousSiteDir = previous.outputKept ? path.join(outDir, 'public', prefixDir) : null;
    const toRender = await store.reuseUnchanged(shared.props, collected, previousSiteDir, () => (stats.cached++, tick()), search?.noteCached);
    run.lap('cachedPages');
    stats.rendered = toRender.length;
    folders ??= prepareFolders(siteDir, toRender, stopFolders);
    run.largeSite = plan.tasks.length >= GC_EVERY_PAGES;
    run.fewRendered = toRender.length < FEW_RENDERED;
    if (toRender.length >= GC_EVERY_PAGES) {
      search?.forgetPrevious();
      // and the caches' file bytes read at the start go before the render threads' heaps grow beside this one
      run.collectGarbage();
    }
    const setup = renderSetupOf(project, { serverBundle: serverBundle.file, shared: shared.props, output: collected.output, packsDir: store.packsDir, fileStamps: nonPageStamps(previous), ...(markdownPlugins.plugins.length > 0 ? { markdownPlugins } : {}) });
    options.onRenderSetup?.(setup, plan.tasks);
    const onResult = async (page: RenderedPage) => {
      collected.record(page.meta, plan.tasks[page.id]!.displayFile, page.ok);
      if (collected.count % GC_EVERY_PAGES === 0) run.collectGarbage(); // result messages outpace V8's own collections
      tick();
      if (page.ok) await search?.note(plan.tasks[page.id]!, store.keyOf(page.id), page.search ?? null);
      await store.keepRendered(page);
    };
    stats.renderThreads = run.take(await renderAll(toRender, setup, { ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}), workers: prestarted.workers, locate: serverBundle.locate, onResult })).threads;
    await folders;
    stats.pages = run.take(collected).pagePaths.size;
    // the images start now, on sharp's threads, while this one saves the page cache (kept even if the build fails)
    const images = hasErrors(diagnostics) ? null : (await import('./images/index.js')).publishImages(collected.images(), { publicDir, cacheDir: path.join(project.cacheDir, 'images'), ...config.images, root, optimize: options.images !== false, warming: prestarted.warming, onProgress: (done, total) => run.progress({ phase: 'images', done, total }) });
    images?.catch(() => undefined); // awaited below; not an unhandled rejection if saving fails first
    await store.save();
    run.collectGarbage();
    run.lap('render');
    if (!images) return run.failed(staging, assets);
    await collected.writeLinkSources(serverDir, prefixDir);
    const { writePublished, cachedListFile, PUBLISHED_FILE } = await import('./inbound/index.js');
    await writePublished(path.join(serverDir, PUBLISHED_FILE), inbound.published);
    const site: BuiltSite = { project, config, publicDir, siteDir, serverDir, buildHash, pagePaths: collected.pagePaths };

    // 6. Assets: the images, the component library's assets, the web manifest.
    stats.images = run.take(await images).images;
    diagnostics.push(...(await assets));
    run.lap('imagesAndManifest');
    // the site's own files: public/ as it is, sitemap.xml and robots.txt
    await (await import('./site-files/index.js')).writeSiteFiles(ownFiles, { webRoot: publicDir, previousWebRoot: previous.outputKept ? path.join(outDir, 'public') : null, pages: plan.tasks, config, knownHash: (file, size, mtimeMs) => stampedHash(previous.inputs.stamps[stampKey(root, file)], size, mtimeMs) });

    // 7. Redirects: checked against the pages just built, then every server format written. One listing of the
    // web root serves them and the link checker (synchronous: fast-glob's async walk is 3x slower here).
    run.progress({ phase: 'redirects', done: 0, total: 1 });
    const { default: fg } = await import('fast-glob'); // not on a no-change build's path
    const siteFiles = staging.listFiles(publicDir, fg.sync('**/*', { cwd: publicDir, dot: true, onlyFiles: true, followSymbolicLinks: true }));
    diagnostics.push(...(await redirectsStage.publishRedirects(rules, { publicDir, serverDir, siteFiles, pathPrefix: config.pathPrefix, allowedRedirectHosts: config.allowedRedirectHosts, proxyAllowedHosts: config.proxyAllowedHosts, deployTarget: config.deployTarget, matchPaths })));
    run.collectGarbage(); // before the link checker starts its threads
    run.lap('redirects');

    // 8. Internal links of what was built (redirect sources are known now, so stale links are reported).
    const linkOptions = { publicDir, root, cacheDir: path.join(project.cacheDir, 'links'), resultCache: useCache, files: siteFiles, underDir: staging.keptUnder(publicDir), keptStamp: staging.keptStamp(publicDir), stagedAs: [staging.dir, outDir] as const, onProgress: (done: number, total: number) => run.progress({ phase: 'links', done, total }) };
    if (options.links !== 'off') Object.assign(stats, run.take(await (await import('./links/index.js')).checkBuiltLinks({ ...linkOptions, mode: options.links ?? 'error' })).stats);
    run.lap('links');
    run.collectGarbage(); // the link results are dead now: the search index merges in their place
    // the search index (search/ under the site), from the pages' terms noted above
    if (search) Object.assign(stats, run.take(await search.write(siteDir, previousSiteDir)).stats);
    search?.release();
    // the search merge's garbage and the terms go before the commit and its record, where the peak came
    run.collectGarbage();
    run.lap('search');

    // 9. The service worker, last: it precaches the final files.
    if (options.sw !== false) run.take(await (await import('./sw/index.js')).emitServiceWorker({ publicDir, pathPrefix: config.pathPrefix, buildHash: site.buildHash, cacheDir: path.join(project.cacheDir, 'sw') }));
    if (hasErrors(diagnostics)) return run.failed(staging);
    run.lap('serviceWorker', { phase: 'write', done: 1, total: 1 });

    // 10. Publish: the staged output swapped in whole, and what the next build compares against recorded.
    const buildId = await markOutput(previous, staging.dir, buildHash);
    // dev removes the swapped-out output later: the output is stamped again once that is done (restampOutput)
    let recorded: Promise<void> | null = null;
    const restamp = async () => {
      await recorded;
      await restampOutput(previous, project, outDir);
    };
    const listing = await staging.commit(options.removeOldOutputLater === true, restamp);
    stats.inPlace = listing ? 1 : 0;
    run.lap('commit');
    const done = run.finish();
    if (options.recordPublished !== false) await writePublished(cachedListFile(project.cacheDir, outDir), inbound.published);
    recorded = recordBuild(previous, project, { outDir, buildId, buildHash, stats: done, diagnostics, outputs: store.outputs, listing });
    await recorded;
    return { diagnostics, outputs: { outDir, buildHash }, stats: done };
  } catch (err) {
    // a thrown error (DiagnosticError or a bug) must not leave the staging folder behind
    stopFolders.stopped = true;
    await run.failed(staging, Promise.all([assets, folders]));
    throw err;
  }
}

/** A build's problems, counters and clock: `ms.<step>` in the stats is the time each step took. */
class BuildRun {
  readonly diagnostics: Diagnostic[] = [];
  readonly stats: BuildStats = { pages: 0, rendered: 0, cached: 0, images: 0, redirects: 0, links: 0, upToDate: 0, inPlace: 0, ms: 0 };
  readonly progress: (event: BuildProgress) => void;
  /** Large sites collect the main thread's garbage between phases (see memory.ts). */
  largeSite = false;
  /** A rebuild that rendered a handful of pages forces no collection: each costs 40-100 ms at 10,000 pages, and frees little. */
  fewRendered = false;
  private readonly started = performance.now();
  private lapStart = this.started;

  constructor(options: BuildOptions) {
    this.progress = options.onProgress ?? (() => {});
  }

  /** Records the time since the last lap as `ms.<step>`, and reports progress when there is some to report. */
  lap(step: string, progress?: BuildProgress): void {
    if (progress) this.progress(progress);
    const now = performance.now();
    this.stats[`ms.${step}`] = Math.round(now - this.lapStart);
    this.lapStart = now;
  }

  /**
   * A full garbage collection on a large site, where V8 would let the heap grow to twice its live data first;
   * none after a rebuild of a handful of pages (`fewRendered`).
   */
  collectGarbage(): void {
    if (this.largeSite && !this.fewRendered) collectGarbage(GC_MIN_HEAP);
  }

  /** The stats with the total time. */
  finish(): BuildStats {
    return { ...this.stats, ms: Math.round(performance.now() - this.started) };
  }

  /** Adds a step's problems to the build's and gives the step's result back. */
  take<T extends { diagnostics: readonly Diagnostic[] }>(result: T): T {
    this.diagnostics.push(...result.diagnostics);
    return result;
  }

  /** The result of a build that failed with the problems gathered: the staged output thrown away, the previous one untouched. */
  async failed(staging?: { discard(): Promise<void> }, pending?: Promise<unknown> | null): Promise<BuildResult> {
    await pending?.catch(() => undefined);
    await staging?.discard();
    return { diagnostics: this.diagnostics, outputs: null, stats: this.finish() };
  }

  /** The result of a build that found nothing to do: the last build's counts and warnings. */
  upToDate(state: NonNullable<PreviousBuild['state']>, outDir: string): BuildResult {
    this.lap('outputCheck');
    for (const k of ['pages', 'images', 'redirects', 'links'] as const) this.stats[k] = state.stats[k] ?? 0;
    Object.assign(this.stats, { cached: this.stats.pages, upToDate: 1 });
    return { diagnostics: state.diagnostics, outputs: { outDir, buildHash: state.buildHash }, stats: this.finish() };
  }
}

/** What a removed published URL is: the option, else the config's `removedPages`, else an error. */
function removedPagesMode(options: BuildOptions, config: SiteConfig): 'error' | 'warn' | 'off' {
  return options.removedPages ?? config.removedPages ?? 'error';
}

/** The --since file's identity for the fingerprint: its path and bytes (a new list from CI is a new input). */
function sinceKey(file: string): string {
  try {
    return cacheKey(file, readFileSync(file, 'utf8'));
  } catch {
    return `${file}:unreadable`;
  }
}

/** The folders and files a build reads (all fingerprinted). */
function inputsOf(project: Project) {
  const files = [project.configFile, path.resolve(project.root, project.config.manifestIcon), path.join(project.root, 'package-lock.json')];
  return { root: project.root, contentDir: project.contentDir, cacheDir: project.cacheDir, dirs: [project.contentDir, project.templatesDir, project.redirectsDir, path.join(project.root, PROJECT.public)], files: files.filter((f): f is string => Boolean(f)) };
}

/** The hash of an image's bytes: the fingerprint hashed every file under content/ already, so those are not read again. */
function imageHashOf(previous: PreviousBuild, root: string): (file: string) => Promise<string | null> {
  return async (file) => previous.inputs.stamps[stampKey(root, file)]?.[2] ?? hashImageFile(file);
}

/** Images and other files the pages may reference: render threads take their hashes instead of reading them. */
function nonPageStamps(previous: PreviousBuild) {
  return Object.fromEntries(Object.entries(previous.inputs.stamps).filter(([file]) => !file.endsWith('.md')));
}

/** Encodes the images discovery saw in the pages into the image cache, in a child process, from now on. */
function warmImages(project: Project, previous: PreviousBuild, hints: readonly string[]): Promise<number> {
  const jobs = hints.map((source) => ({ source, contentHash: previous.inputs.stamps[stampKey(project.root, source)]?.[2] }));
  const settings = { cacheDir: path.join(project.cacheDir, 'images'), maxWidth: project.config.images.maxWidth, quality: project.config.images.quality };
  // warmImageCacheAside never rejects; the catch covers its import
  return import('./images/index.js').then(({ warmImageCacheAside }) => warmImageCacheAside(jobs, settings)).catch(() => 0);
}

/** Copies the component library's assets the bundles can request, and writes the web manifest with its icons. */
async function placeAssets(siteDir: string, publicDir: string, config: SiteConfig, root: string, inputs: string[], pageIconVersion: string | null, cacheDir: string | null): Promise<Diagnostic[]> {
  const [{ writeManifest }, { placeComponentAssets }, { calciteAssetsDir, docsgenRoot }] = await Promise.all([import('./sw/index.js'), import('./assets/index.js'), import('./config/index.js')]);
  const { locales, defaultLocale, localeAliases } = config;
  const skip = [path.join(docsgenRoot, 'lib'), path.join(docsgenRoot, 'src')];
  await placeComponentAssets({ from: calciteAssetsDir(), to: path.join(siteDir, 'calcite/assets'), inputs, skip, locales, defaultLocale, localeAliases, ...(cacheDir ? { cacheFile: path.join(cacheDir, 'assets.json') } : {}) });
  const manifest = await writeManifest({ publicDir, pathPrefix: config.pathPrefix, name: config.siteName, shortName: config.shortName, iconSource: path.resolve(root, config.manifestIcon), root, pageIconVersion, ...(cacheDir ? { cacheDir: path.join(cacheDir, 'icons') } : {}) });
  return manifest.diagnostics;
}
