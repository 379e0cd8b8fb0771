// The build pipeline in one screen: each step is a stage under src/, called in order.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadProject } from './config/load.js';
import { discoverPages } from './content/discover.js';
import { hasErrors, type Diagnostic, type StageResult } from './diagnostics/types.js';
import { checkLinks } from './links/index.js';
import { optimizeImages } from './images/index.js';
import { compileClient, compileServerTemplates } from './render/compile-templates.js';
import { docsgenNodeModules } from './config/docsgen-root.js';
import { linkTree } from './render/link-tree.js';
import { renderAll } from './render/pool.js';
import { Staging } from './render/staging.js';
import { planSite } from './pagedata/plan.js';
import { collectRendered } from './pagedata/collect.js';
import { collectServedPaths, loadRedirects, toBrowserRedirects, validateRedirects, writeRedirectArtifacts } from './redirects/index.js';
import { emitServiceWorker, writeManifest } from './sw/index.js';

/** Options of `build` (the CLI flags of `docsgen build`). */
export interface BuildOptions {
  root?: string;
  /** Output folder (default `<root>/dist`); holds `public/` (web root) and `server/` (server config). */
  out?: string;
  /** Render workers (default: all cores; 0 renders on this thread). */
  concurrency?: number;
  images?: boolean;
  sw?: boolean;
  /** `error` (default) fails the build on broken internal links; `warn` only reports them. */
  links?: 'error' | 'warn' | 'off';
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
  images: number;
  redirects: number;
  links: number;
  ms: number;
  [key: string]: number;
}

/** Builds the site: every page, page data, assets, images, service worker, manifest and redirect artifacts. */
export async function build(options: BuildOptions = {}): Promise<StageResult<{ outDir: string; buildHash: string } | null, BuildStats>> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  const project = await loadProject(options.root ?? '.');
  const { root, config } = project;
  const prefix = config.pathPrefix;
  const prefixDir = prefix.replace(/^\//, '');
  const outDir = path.resolve(root, options.out ?? 'dist');
  const diagnostics: Diagnostic[] = [];
  const stats: BuildStats = { pages: 0, images: 0, redirects: 0, links: 0, ms: 0 };
  const finish = () => ({ ...stats, ms: Math.round(performance.now() - started) });

  // 1. Content: find pages, validate frontmatter, plan templates, tree, shared data.
  const found = await discoverPages(project.contentDir, root, config.variables);
  diagnostics.push(...found.diagnostics);
  const serverBundle = await compileServerTemplates(project.templatesDir, path.join(project.cacheDir, 'templates'), root);
  progress({ phase: 'templates', done: 1, total: 2 });
  const redirects = await loadRedirects(project.redirectsDir, { root });
  diagnostics.push(...redirects.diagnostics);
  const rules = redirects.outputs.rules;
  stats.redirects = rules.length;
  const plan = planSite(found.pages, serverBundle.templates, config);
  diagnostics.push(...plan.diagnostics);
  // the browser applies the same redirects on client-side navigation, without a server round trip
  plan.appOptions.redirects = toBrowserRedirects(rules);
  if (hasErrors(diagnostics)) return { diagnostics, outputs: null, stats: finish() };

  const staging = new Staging(outDir);
  await staging.open(root);
  try {
    const publicDir = path.join(staging.dir, 'public');
    const siteDir = path.join(publicDir, prefixDir);
    const serverDir = path.join(staging.dir, 'server');
    await mkdir(siteDir, { recursive: true });
    await mkdir(serverDir, { recursive: true });

    // 2. Browser bundles: runtime, one chunk per template, styles.
    const client = await compileClient({
      templatesDir: project.templatesDir,
      templates: serverBundle.templates,
      outDir: siteDir,
      urlBase: prefix,
      cacheDir: path.join(project.cacheDir, 'client'),
      displayRoot: root,
      appOptions: plan.appOptions,
    });
    progress({ phase: 'templates', done: 2, total: 2 });
    const shared = await plan.writeSharedData(siteDir);

    // 3. Pages, on worker threads.
    const collected = collectRendered({ siteDir, prefix, tasks: plan.tasks });
    await renderAll(
      plan.tasks,
      {
        serverBundle: serverBundle.file,
        root,
        contentDir: project.contentDir,
        pathPrefix: prefix,
        siteUrl: config.siteUrl,
        variables: config.variables,
        imageMaxWidth: config.images.maxWidth,
        lang: config.defaultLocale,
        appUrl: client.appUrl,
        stylesUrl: client.stylesUrl,
        chunks: client.chunks,
        shared: shared.props,
        staticQueryHashes: shared.staticQueryHashes,
        slicesMap: shared.slicesMap,
        titlePostfix: config.titlePostfix,
        siteName: config.siteName,
        socialHandle: config.socialHandle,
      },
      {
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
        onResult: async (page) => {
          await collected.add(page);
          progress({ phase: 'pages', done: collected.count, total: plan.tasks.length });
        },
      },
    );
    diagnostics.push(...collected.diagnostics);
    stats.pages = collected.pagePaths.size;
    if (hasErrors(diagnostics)) {
      await staging.discard();
      return { diagnostics, outputs: null, stats: finish() };
    }
    const buildHash = await collected.writePageData(client.hash + shared.hash);
    await writeFile(path.join(serverDir, 'link-sources.json'), JSON.stringify(collected.linkSources(prefixDir)));

    // 4. Images referenced by the content, the component library's assets, the web manifest.
    if (options.images !== false) {
      const images = await optimizeImages({
        images: collected.images(),
        outDir: publicDir,
        cacheDir: path.join(project.cacheDir, 'images'),
        maxWidth: config.images.maxWidth,
        quality: config.images.quality,
        root,
        onProgress: (done, total) => progress({ phase: 'images', done, total }),
      });
      diagnostics.push(...images.diagnostics);
      stats.images = images.stats.images;
    } else {
      // --no-images: publish the source files unoptimized, so pages still show them and links still resolve
      for (const job of collected.images()) {
        await mkdir(path.dirname(path.join(publicDir, job.output)), { recursive: true });
        await copyFile(job.source, path.join(publicDir, job.output));
      }
    }
    await linkTree(path.join(docsgenNodeModules, '@esri/calcite-components/dist/calcite/assets'), path.join(siteDir, 'calcite/assets'));
    const manifest = await writeManifest({
      publicDir,
      pathPrefix: prefix,
      name: config.siteName,
      shortName: config.shortName,
      iconSource: path.resolve(root, config.manifestIcon),
      root,
    });
    diagnostics.push(...manifest.diagnostics);

    // 5. Redirects: validated against the pages just built, then every server format written.
    progress({ phase: 'redirects', done: 0, total: 1 });
    diagnostics.push(...validateRedirects(rules, { pagePaths: await collectServedPaths(publicDir), allowedHosts: config.allowedRedirectHosts, pathPrefix: prefix }));
    await writeRedirectArtifacts(rules, { publicDir, serverDir, pathPrefix: prefix, proxyAllowedHosts: config.proxyAllowedHosts });

    // 6. Internal links of what was built (redirect sources are known now, so stale links are reported).
    if (options.links !== 'off') {
      const links = await checkLinks({ dir: publicDir, cwd: root, onProgress: (done, total) => progress({ phase: 'links', done, total }) });
      stats.links = links.stats.links;
      // problems located in the staged HTML name the folder the user will look in, not the staging folder
      const staged = path.relative(root, staging.dir);
      const final = path.relative(root, outDir);
      for (const d of links.diagnostics) {
        if (d.location?.file.startsWith(staged)) d.location.file = final + d.location.file.slice(staged.length);
        if (options.links === 'warn' && d.severity === 'error') d.severity = 'warning';
        diagnostics.push(d);
      }
    }

    // 7. The service worker, last: it precaches the final files.
    if (options.sw !== false) {
      const sw = await emitServiceWorker({ publicDir, pathPrefix: prefix, buildHash });
      diagnostics.push(...sw.diagnostics);
    }

    if (hasErrors(diagnostics)) {
      await staging.discard();
      return { diagnostics, outputs: null, stats: finish() };
    }
    progress({ phase: 'write', done: 1, total: 1 });
    await staging.commit();
    return { diagnostics, outputs: { outDir, buildHash }, stats: finish() };
  } catch (err) {
    // a thrown error (DiagnosticError or a bug) must not leave the staging folder behind
    await staging.discard();
    throw err;
  }
}
