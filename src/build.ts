// The build pipeline in one screen: each step is a stage under src/, called in order. Heavy stages are
// imported only when needed, so a rebuild that finds nothing changed returns before loading them.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { loadProject } from './config/load.js';
import type { SiteConfig } from './config/index.js';
import { PROJECT } from './config/defaults.js';
import { hasErrors, type Diagnostic, type StageResult } from './diagnostics/types.js';
import { cacheKey, stampKey } from './cache/hash.js';
import { engineId } from './cache/engine.js';
import { completeStamp, fingerprintInputs, fingerprintOf } from './cache/fingerprint.js';
import { loadBuildState, MARKER, readMarker, saveBuildState, type PageOutputRecord } from './cache/build-state.js';
import { stampOutput } from './cache/output-stamp.js';
import { gitContentHead, readGitDates } from './content/git-dates.js';
import { PageCache } from './cache/page-cache.js';
import { hashImage } from './cache/image-hash.js';
import { contentHash, writeJson } from './pagedata/write.js';
import { mapLimit } from './images/map-limit.js';
import { collectGarbage } from './memory.js';
import { checkMarkdownPlugins, resolveMarkdownPlugins } from './plugins/index.js';
import { writeFailure } from './diagnostics/write-failure.js';
import { recoverOutput, unstaged } from './render/staging.js';
import type { PageTask } from './render/page-task.js';
import type { ShellInputs } from './render/assemble.js';
import type { RenderWorkers } from './render/pool.js';

/**
 * Render results between two collections of the main thread's garbage while pages render; sites smaller than
 * this are never collected by hand (a full GC is not free, and `docsgen dev` rebuilds on every save).
 */
const GC_EVERY_PAGES = 2000;
// ...and only a heap this large (see memory.ts)
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
  onProgress?: (event: BuildProgress) => void;
}

/** Progress events for the CLI's bar or plain lines. */
export interface BuildProgress {
  phase: 'templates' | 'pages' | 'images' | 'redirects' | 'links' | 'service-worker' | 'write';
  done: number;
  total: number;
}

/** Numbers for the closing summary. */
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
  ms: number;
  [key: string]: number;
}

/** Builds the site: every page, page data, assets, images, service worker, manifest and redirect artifacts. */
export async function build(options: BuildOptions = {}): Promise<StageResult<{ outDir: string; buildHash: string } | null, BuildStats>> {
  const prestarted: Prestarted = { workers: null, warming: null };
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
  }
}

/** Work a build starts ahead of the step that needs it, and must finish or stop however the build ends. */
interface Prestarted {
  workers: RenderWorkers | null;
  warming: Promise<number> | null;
}

async function runBuild(options: BuildOptions, prestarted: Prestarted): Promise<StageResult<{ outDir: string; buildHash: string } | null, BuildStats>> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  const project = await loadProject(options.root ?? '.');
  const { root, config } = project;
  // the site's remark/rehype plugins, found (not loaded): their versions are inputs of the fingerprint and pages
  const markdownPlugins = resolveMarkdownPlugins(root, config);
  const prefix = config.pathPrefix;
  const prefixDir = prefix.replace(/^\//, '');
  const outDir = path.resolve(root, options.out ?? 'dist');
  const diagnostics: Diagnostic[] = [];
  const stats: BuildStats = { pages: 0, rendered: 0, cached: 0, images: 0, redirects: 0, links: 0, upToDate: 0, ms: 0 };
  const finish = () => ({ ...stats, ms: Math.round(performance.now() - started) });
  // time spent per step (`ms.<step>` in the stats), for the bench and for anyone asking where a build's time goes
  let lapStart = started;
  const lap = (step: string) => {
    const now = performance.now();
    stats[`ms.${step}`] = Math.round(now - lapStart);
    lapStart = now;
  };

  // 0. Nothing changed since the last build, and its output is still in place: done.
  // (A build killed during its swap left the previous output under another name: it is put back first.)
  await recoverOutput(outDir);
  const engine = engineId();
  const useCache = options.cache !== false;
  // pages' "Last updated" dates come from git: its last commit to content/ is an input (see git-dates.ts)
  const gitHead = gitContentHead(project.contentDir);
  const state = await loadBuildState(project.cacheDir, engine);
  const marker = state ? await readMarker(outDir) : null;
  const previousOutput = state !== null && state.outDir === outDir && marker === state.buildId;
  const contentRel = stampKey(root, project.contentDir);
  const isPage = (rel: string) => rel.startsWith(`${contentRel}/`) && /\.md$/i.test(rel);
  // With no output to keep, nothing can be skipped, so the fingerprint is not needed before the pages are
  // discovered: pages whose hash is not known are read once, by discovery, for both (4,000 pages: ~345 -> ~300 ms
  // of this thread's time before rendering can start).
  const inputs = await fingerprintInputs(
    root,
    [project.contentDir, project.templatesDir, project.redirectsDir, path.join(root, PROJECT.public)],
    [project.configFile, path.resolve(root, config.manifestIcon), path.join(root, 'package-lock.json')].filter((f): f is string => Boolean(f)),
    state?.stamps,
    useCache && previousOutput ? undefined : isPage,
  );
  const contentHead = await gitHead;
  // what the output's bytes depend on (the marker), and what a no-change rebuild compares (plus where it went)
  let known: { contentFingerprint: string; fingerprint: string } | undefined;
  const fingerprints = () => {
    if (known) return known;
    const contentFingerprint = cacheKey(engine, JSON.stringify([options.images !== false, options.sw !== false, options.links ?? 'error', contentHead, markdownPlugins.key, options.strict === true]), fingerprintOf(root, inputs));
    return (known = { contentFingerprint, fingerprint: cacheKey(contentFingerprint, outDir) });
  };
  lap('fingerprint');
  if (useCache && previousOutput && state.fingerprint === fingerprints().fingerprint) {
    // the output is compared as the commit left it (sizes, mtimes): an edit to it by hand is undone by building
    const intact = stampOutput(outDir) === state.outputStamp;
    lap('outputCheck');
    if (intact) {
      for (const k of ['pages', 'images', 'redirects', 'links'] as const) stats[k] = state.stats[k] ?? 0;
      Object.assign(stats, { cached: stats.pages, upToDate: 1 });
      return { diagnostics: state.diagnostics, outputs: { outDir, buildHash: state.buildHash }, stats: finish() };
    }
  }

  // A cold build renders every page: render threads load the parser and React while pages are discovered, on
  // the cores discovery leaves idle (starting one per core made discovery itself slower by as much as it saved);
  // the last one starts after discovery.
  const { renderAll, renderThreads, RenderWorkers, MAIN_THREAD_MAX } = await import('./render/pool.js');
  // plugins load and take their options now, while pages are discovered: a bad one is one config error
  const pluginsChecked = checkMarkdownPlugins(root, markdownPlugins);
  pluginsChecked.catch(() => undefined); // awaited before rendering
  const markdownFiles = Object.keys(inputs.stamps).filter(isPage).length;
  if (state === null && options.concurrency !== 0 && markdownFiles > MAIN_THREAD_MAX) {
    prestarted.workers = new RenderWorkers(Math.max(1, (options.concurrency ?? availableParallelism()) - 1));
  }

  const [{ discoverPages }, { compileClient, compileServerTemplates }, { planSite }, redirectsStage, { Staging }, { collectPages }, { prepareFolders }] = await Promise.all([
    import('./content/discover.js'),
    import('./render/compile-templates.js'),
    import('./pagedata/plan.js'),
    import('./redirects/index.js'),
    import('./render/staging.js'),
    import('./pagedata/collect.js'),
    import('./render/write-page.js'),
  ]);

  // 1. Content: find pages, validate frontmatter, plan templates, tree, shared data (git's dates read meanwhile).
  const gitDates = contentHead ? readGitDates(project.contentDir) : Promise.resolve(null);
  const found = await discoverPages(
    project.contentDir,
    root,
    config.variables,
    (rel, hash) => completeStamp(inputs, rel, hash),
    (rel) => inputs.stamps[rel]?.[0],
    { strict: options.strict === true },
  );
  lap('discover');
  // the other render threads start now, while esbuild compiles the templates and this thread mostly waits: each
  // is ready when rendering starts instead of loading for half a second after (4,000 pages: -0.3 to -0.5 s)
  prestarted.workers?.grow(renderThreads(found.pages.length, options.concurrency));
  diagnostics.push(...found.diagnostics);
  // the images the pages seem to show encode in a child process from now on, while this thread compiles the
  // templates and the render threads start, rather than after the pages (see images/warm.ts; 4,000 pages: -0.76 s)
  prestarted.warming =
    options.images !== false && found.imageHints.length > 0
      ? import('./images/warm.js').then(({ warmImageCacheAside }) =>
          warmImageCacheAside(
            found.imageHints.map((source) => ({ source, contentHash: inputs.stamps[stampKey(root, source)]?.[2] })),
            { cacheDir: path.join(project.cacheDir, 'images'), maxWidth: config.images.maxWidth, quality: config.images.quality },
          ),
        ).catch(() => 0) // warmImageCacheAside never rejects; this covers its import
      : null;
  const serverBundle = await compileServerTemplates(project.templatesDir, path.join(project.cacheDir, 'templates'), root);
  prestarted.workers?.preload(serverBundle.file);
  progress({ phase: 'templates', done: 1, total: 2 });
  lap('serverTemplates');
  const redirects = await redirectsStage.loadRedirects(project.redirectsDir, { root });
  diagnostics.push(...redirects.diagnostics);
  const rules = redirects.outputs.rules;
  stats.redirects = rules.length;
  const ownFiles = (await import('./site-files/index.js')).prepareSiteFiles(project, found.pages);
  diagnostics.push(...ownFiles.diagnostics);
  const plan = planSite(found.pages, serverBundle.templates, config, await gitDates, ownFiles.claims);
  diagnostics.push(...plan.diagnostics);
  // the browser applies the same redirects on client-side navigation, without a server round trip
  plan.appOptions.redirects = redirectsStage.toBrowserRedirects(rules);
  lap('plan');
  if (hasErrors(diagnostics)) return { diagnostics, outputs: null, stats: finish() };
  await pluginsChecked;

  const pageCache = await PageCache.open(path.join(project.cacheDir, 'pages'), engine);
  if (!useCache) pageCache.clear();
  const staging = new Staging(outDir);
  await staging.open(root);
  let assets: ReturnType<typeof placeAssets> | null = null;
  let folders: Promise<void> | null = null;
  const stopFolders = { stopped: false };
  try {
    const publicDir = path.join(staging.dir, 'public');
    const siteDir = path.join(publicDir, prefixDir);
    const serverDir = path.join(staging.dir, 'server');
    await mkdir(siteDir, { recursive: true });
    await mkdir(serverDir, { recursive: true });
    // a cold build renders every page: their folders are made from now on, while esbuild bundles and the render
    // threads start, ahead of the threads that write into them (see prepareFolders)
    folders = state === null ? prepareFolders(siteDir, plan.tasks, stopFolders) : null;

    // 2. Browser bundles: runtime, one chunk per template, styles. Their hash is the build hash.
    const client = await compileClient({
      templatesDir: project.templatesDir,
      templates: serverBundle.templates,
      outDir: siteDir,
      urlBase: prefix,
      cacheDir: path.join(project.cacheDir, 'client'),
      displayRoot: root,
      appOptions: plan.appOptions,
      appendCss: ownFiles.themeCss,
    });
    progress({ phase: 'templates', done: 2, total: 2 });
    lap('clientBundle');
    const shared = await plan.writeSharedData(siteDir);
    const buildHash = contentHash(`docsgen-build:${client.hash}`, 20);
    await writeJson(path.join(siteDir, 'page-data/app-data.json'), { webpackCompilationHash: buildHash });

    // The component library's assets and the web manifest do not depend on the pages: placed while they render.
    assets = placeAssets(siteDir, publicDir, prefix, config, root, client.inputs);
    assets.catch(() => undefined); // awaited below; a failure is rethrown there, not reported as unhandled

    // 3. Pages: unchanged ones from the cache (hard-linked when their files are unchanged too), the rest rendered.
    const shell: ShellInputs = {
      pathPrefix: prefix,
      siteUrl: config.siteUrl,
      titlePostfix: config.titlePostfix,
      siteName: config.siteName,
      socialHandle: config.socialHandle,
      socialImage: ownFiles.socialImage,
      favicon: ownFiles.favicon,
      lang: config.defaultLocale,
      appUrl: client.appUrl,
      stylesUrl: client.stylesUrl,
      chunks: client.chunks,
      staticQueryHashes: shared.staticQueryHashes,
      slicesMap: shared.slicesMap,
      buildHash,
    };
    const shellKey = cacheKey(JSON.stringify(shell));
    // a page's own inputs: docsgen, config, its template's code, its source text, frontmatter and place in the tree
    const inputsKey = cacheKey(engine, JSON.stringify(config), markdownPlugins.key);
    const pageKeys = plan.tasks.map((t) => cacheKey(inputsKey, serverBundle.templateKeys[t.template] ?? serverBundle.hash, JSON.stringify({ ...t, id: 0 })));
    // the fingerprint hashed every file under content/ already: images there are not read again
    const imageHash = async (file: string) => inputs.stamps[stampKey(root, file)]?.[2] ?? hashImage(file);
    const collected = collectPages({ siteDir, shell });
    const previousSiteDir = previousOutput ? path.join(outDir, 'public', prefixDir) : null;
    const outputs: Record<string, PageOutputRecord> = {};
    const toRender: PageTask[] = [];
    const total = plan.tasks.length;
    const largeSite = total >= GC_EVERY_PAGES;
    const tick = () => progress({ phase: 'pages', done: collected.count, total });
    await mapLimit(plan.tasks, 32, async (task) => {
      const entry = await pageCache.lookup(task.pagePath, pageKeys[task.id]!, shared.props, imageHash);
      if (!entry) return void toRender.push(task);
      const outKey = cacheKey(entry.resultHash, shellKey);
      const previous = previousSiteDir ? state!.outputs[task.pagePath] : undefined;
      if (previous?.[0] === outKey && (await collected.reuse(entry.meta, task.displayFile, previousSiteDir!, [[previous[1], previous[2]], [previous[3], previous[4]]]))) {
        outputs[task.pagePath] = previous;
        stats.cached++;
        return void tick();
      }
      const result = await pageCache.read(entry);
      if (!result) return void toRender.push(task);
      const sums = collected.write(result, task.displayFile);
      if (sums) outputs[task.pagePath] = [outKey, ...sums[0], ...sums[1]];
      stats.cached++;
      tick();
    });
    toRender.sort((a, b) => a.id - b.id);
    lap('cachedPages');
    stats.rendered = toRender.length;
    folders ??= prepareFolders(siteDir, toRender, stopFolders);
    await renderAll(
      toRender,
      {
        serverBundle: serverBundle.file,
        templatesDir: path.relative(root, project.templatesDir).split(path.sep).join('/'),
        root,
        contentDir: project.contentDir,
        pathPrefix: prefix,
        variables: config.variables,
        imageMaxWidth: config.images.maxWidth,
        shared: shared.props,
        output: collected.output,
        packsDir: pageCache.packsDir,
        // images and other files the pages may reference: render threads take their hashes instead of reading them
        fileStamps: Object.fromEntries(Object.entries(inputs.stamps).filter(([file]) => !file.endsWith('.md'))),
        ...(markdownPlugins.plugins.length > 0 ? { markdownPlugins } : {}),
      },
      {
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
        workers: prestarted.workers,
        locate: serverBundle.locate,
        onResult: async (page) => {
          const task = plan.tasks[page.id]!;
          collected.record(page.meta, task.displayFile, page.ok);
          pageCache.noteReads(page.reads);
          // a large build's result messages leave garbage faster than V8 collects it (see memory.ts)
          if (largeSite && collected.count % GC_EVERY_PAGES === 0) collectGarbage(GC_MIN_HEAP);
          tick();
          if (page.stored === null || page.files === null) return;
          const images = await Promise.all(page.meta.images.map(async (i) => [i.source, await imageHash(i.source)] as [string, string | null]));
          if (images.some(([, h]) => h === null)) return;
          pageCache.register(task.pagePath, pageKeys[task.id]!, page.meta, page.stored, page.reads, images as Array<[string, string]>);
          outputs[task.pagePath] = [cacheKey(page.stored.hash, shellKey), ...page.files[0], ...page.files[1]];
        },
      },
    );
    await folders;
    diagnostics.push(...collected.diagnostics);
    stats.pages = collected.pagePaths.size;
    const failed = hasErrors(diagnostics);
    // 4a. Images referenced by the content start now: they encode on sharp's threads while this one saves the
    // page cache (its index is 10 MB of JSON at 4,000 pages, a third of a second)
    const optimizing =
      !failed && options.images !== false
        ? Promise.all([import('./images/index.js'), prestarted.warming]).then(([{ optimizeImages }]) =>
            optimizeImages({
              images: collected.images(),
              outDir: publicDir,
              cacheDir: path.join(project.cacheDir, 'images'),
              maxWidth: config.images.maxWidth,
              quality: config.images.quality,
              root,
              onProgress: (done, total) => progress({ phase: 'images', done, total }),
            }),
          )
        : null;
    optimizing?.catch(() => undefined); // awaited below; not an unhandled rejection if saving fails first
    // kept even if the build fails below: pages that rendered are valid whatever happens to others
    await pageCache.save(plan.tasks.map((t) => t.pagePath));
    pageCache.release();
    if (largeSite) collectGarbage(GC_MIN_HEAP); // the render messages' garbage (see memory.ts)
    lap('render');
    if (failed) {
      await assets.catch(() => undefined);
      await staging.discard();
      return { diagnostics, outputs: null, stats: finish() };
    }
    await writeFile(path.join(serverDir, 'link-sources.json'), JSON.stringify(collected.linkSources(prefixDir)));

    // 4b. The images, the component library's assets, the web manifest.
    if (optimizing) {
      const images = await optimizing;
      diagnostics.push(...images.diagnostics);
      stats.images = images.stats.images;
    } else {
      // --no-images: publish the source files unoptimized (SVGs sanitized), so pages still show them
      const { copyImages } = await import('./images/copy-images.js');
      diagnostics.push(...(await copyImages(collected.images(), publicDir, root)));
    }
    const manifest = await assets;
    diagnostics.push(...manifest.diagnostics);
    lap('imagesAndManifest');

    // 4c. The site's own files: public/ as it is, sitemap.xml and robots.txt.
    await (await import('./site-files/index.js')).writeSiteFiles(ownFiles, { webRoot: publicDir, previousWebRoot: previousOutput ? path.join(outDir, 'public') : null, pages: plan.tasks, config });

    // 5. Redirects: validated against the pages just built, then every server format written.
    progress({ phase: 'redirects', done: 0, total: 1 });
    // one listing of the web root serves the redirect checks and the link checker; synchronous, because
    // fast-glob's async walk took 0.4 s here at 4,000 pages and its sync one 0.13 s
    const siteFiles = fg.sync('**/*', { cwd: publicDir, dot: true, onlyFiles: true, followSymbolicLinks: true });
    diagnostics.push(
      // host limits of what the build writes (`_redirects`, nginx): errors only for the host of `deployTarget`
      ...redirectsStage.validateRedirects(rules, { pagePaths: await redirectsStage.collectServedPaths(publicDir, siteFiles), allowedHosts: config.allowedRedirectHosts, pathPrefix: prefix, formats: ['netlify', 'nginx', 'json'], ...(config.deployTarget ? { deployTarget: config.deployTarget } : {}) }),
    );
    const written = await redirectsStage.writeRedirectArtifacts(rules, { publicDir, serverDir, pathPrefix: prefix, proxyAllowedHosts: config.proxyAllowedHosts });
    for (const file of written) {
      const rel = path.relative(publicDir, file);
      if (!rel.startsWith('..')) siteFiles.push(rel.split(path.sep).join('/'));
    }
    if (largeSite) collectGarbage(GC_MIN_HEAP); // before the link checker starts its threads (see memory.ts)
    lap('redirects');

    // 6. Internal links of what was built (redirect sources are known now, so stale links are reported).
    if (options.links !== 'off') {
      const { checkLinks } = await import('./links/index.js');
      const links = await checkLinks({
        dir: publicDir,
        cwd: root,
        cacheDir: path.join(project.cacheDir, 'links'),
        resultCache: useCache,
        files: siteFiles,
        onProgress: (done, total) => progress({ phase: 'links', done, total }),
      });
      stats.links = links.stats.links;
      stats.linkPagesCached = links.stats.cachedPages;
      // problems located in the staged HTML name the folder the user will look in, not the staging folder
      const staged = path.relative(root, staging.dir);
      const final = path.relative(root, outDir);
      for (const d of links.diagnostics) {
        if (d.location?.file.startsWith(staged)) d.location.file = final + d.location.file.slice(staged.length);
        if (options.links === 'warn' && d.severity === 'error') d.severity = 'warning';
        diagnostics.push(d);
      }
    }

    lap('links');
    // 7. The service worker, last: it precaches the final files.
    if (options.sw !== false) {
      const { emitServiceWorker } = await import('./sw/index.js');
      const sw = await emitServiceWorker({ publicDir, pathPrefix: prefix, buildHash, cacheDir: path.join(project.cacheDir, 'sw') });
      diagnostics.push(...sw.diagnostics);
    }

    if (hasErrors(diagnostics)) {
      await staging.discard();
      return { diagnostics, outputs: null, stats: finish() };
    }
    progress({ phase: 'write', done: 1, total: 1 });
    lap('serviceWorker');
    // the marker ties the output to the state saved below; the same inputs always give the same marker
    const { contentFingerprint, fingerprint } = fingerprints();
    const buildId = cacheKey(contentFingerprint, buildHash);
    await writeFile(path.join(staging.dir, MARKER), `${buildId}\n`);
    await staging.commit();
    const outputStamp = stampOutput(outDir) ?? '';
    lap('commit');
    const done = finish();
    await saveBuildState(project.cacheDir, { version: 2, engine, fingerprint, outDir, buildId, buildHash, stats: done, diagnostics, stamps: inputs.stamps, outputs, outputStamp });
    return { diagnostics, outputs: { outDir, buildHash }, stats: done };
  } catch (err) {
    // a thrown error (DiagnosticError or a bug) must not leave the staging folder behind
    stopFolders.stopped = true;
    await assets?.catch(() => undefined);
    await folders;
    await staging.discard();
    throw err;
  }
}

/** Copies the component library's assets the bundles can request, and writes the web manifest with its icons. */
async function placeAssets(siteDir: string, publicDir: string, prefix: string, config: SiteConfig, root: string, inputs: string[]) {
  const [{ placeComponentAssets }, { calciteAssetsDir, docsgenRoot }, { writeManifest }] = await Promise.all([
    import('./assets/index.js'),
    import('./config/index.js'),
    import('./sw/manifest.js'),
  ]);
  const { locales, defaultLocale, localeAliases } = config;
  const skip = [path.join(docsgenRoot, 'lib'), path.join(docsgenRoot, 'src')];
  await placeComponentAssets({ from: calciteAssetsDir(), to: path.join(siteDir, 'calcite/assets'), inputs, skip, locales, defaultLocale, localeAliases });
  return writeManifest({
    publicDir,
    pathPrefix: prefix,
    name: config.siteName,
    shortName: config.shortName,
    iconSource: path.resolve(root, config.manifestIcon),
    root,
  });
}
