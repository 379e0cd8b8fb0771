import path from 'node:path';
import type { BuildStats } from '../build.js';
import { loadProject, PROJECT } from '../config/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { serveCodes } from './codes.js';
import { buildForDev, DevBuilder, overlayProblems, type OverlayProblem } from './dev-build.js';
import { DevEvents } from './dev-events.js';
import { PagePreviews } from './dev-preview.js';
import { DEV_EVENTS_PATH, DEV_SERVICE_WORKER, injectDevClient } from './dev-client.js';
import { RebuildQueue } from './dev-queue.js';
import { createRequestHandler, type ServeSite } from './handler.js';
import { listen } from './listen.js';
import { watchProject } from './watch.js';

/** How long the dev server waits after the last change before rebuilding (editors save in bursts). */
export const DEV_DEBOUNCE_MS = 25;
/** The longest a build waits after a preview for the page that shows it to load again. */
const PREVIEW_HOLD_MS = 300;
/** Where `docsgen dev` builds, under the project's cache folder, so `dist/` keeps the last production build. */
export const DEV_OUT_DIR = 'dev';

/** Options of `dev`. */
export interface DevOptions {
  root?: string;
  /** Default 8000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Rebuild delay after the last change, ms. */
  debounceMs?: number;
  /** Render workers per build (see BuildOptions.concurrency). */
  concurrency?: number;
  /** See BuildOptions.strict. */
  strict?: boolean;
  /** Progress for the terminal: build start/end with problems, watcher trouble. */
  onEvent?: (event: DevEvent) => void;
  /** Upstream fetch of the third-party proxy. */
  fetch?: typeof fetch;
}

/** What the dev server reports while it runs. */
export type DevEvent =
  | { type: 'build-start'; changed: string[] }
  | { type: 'preview'; changed: string[]; pages: string[] }
  /** `shown`: every change in this build was previewed with the bytes it wrote, so no page reloads. */
  | { type: 'build-done'; ms: number; stats: BuildStats; diagnostics: Diagnostic[]; build: number; shown: boolean }
  | { type: 'build-failed'; ms: number; diagnostics: Diagnostic[] }
  | { type: 'watch-error'; diagnostic: Diagnostic }
  | { type: 'request-error'; error: unknown };

/** A running dev server. */
export interface DevServer {
  url: string;
  origin: string;
  port: number;
  /** Absolute output folder of the dev builds (`.docsgen-cache/dev`). */
  outDir: string;
  /** Number of successful builds so far. */
  readonly build: number;
  /** What the overlay shows: the errors of the last build when it failed, else the problems of the last build. */
  readonly problems: readonly OverlayProblem[];
  /** Rebuilds now (as a change would) and resolves when that build is over. */
  rebuild(changed?: string[]): Promise<void>;
  /** Stops watching, ends the event streams, closes the server; waits for a running build. */
  close(): Promise<void>;
}

/**
 * `docsgen dev`: builds into the cache folder, serves it with the nginx-equivalent handler plus a live-reload
 * client in every page, and rebuilds the whole site (debounced) when content, templates, redirects, images or
 * the config change. A failed build keeps the last good output online and shows its problems over the page; the
 * problems of a build that worked (broken links) show in a panel beside it until they are fixed.
 */
export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const emit = options.onEvent ?? (() => {});
  const project = await loadProject(options.root ?? '.');
  const { root, config } = project;
  const outDir = path.join(project.cacheDir, DEV_OUT_DIR);
  // builds run on a thread of their own, which keeps the template bundles between saves (dev-build-worker.ts)
  const builder = new DevBuilder();
  let buildNumber = 0;
  let previewCount = 0;
  let failed = false;
  let problems: OverlayProblem[] = [];
  let site: ServeSite = { dir: path.join(outDir, 'public'), pathPrefix: config.pathPrefix, matchRedirect: () => null, proxyAllowedHosts: config.proxyAllowedHosts };

  // 1. Serve: the site as nginx would, every page with the live-reload client, and the event stream it listens to.
  const events = new DevEvents(() => ({ build: buildNumber, preview: previewCount, failed, problems }));
  // a Markdown save is shown from memory at once, before its build (dev-preview.ts)
  const previews = new PagePreviews(root, options.strict === true, () => site.dir);
  const handler = createRequestHandler({
    site: () => site,
    overlay: (uri) => previews.overlay(uri),
    transformHtml: (html) => injectDevClient(html, buildNumber, previewCount),
    defaultCacheControl: 'no-cache',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onError: (error) => emit({ type: 'request-error', error }),
  });
  const listening = await listen(
    (req, res) => {
      const pathname = (req.url ?? '/').split('?')[0];
      if (pathname === DEV_EVENTS_PATH) return events.accept(req, res);
      if (pathname !== `${site.pathPrefix}/sw.js`) return handler(req, res);
      res.writeHead(200, { 'Content-Type': 'application/javascript', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : DEV_SERVICE_WORKER);
    },
    options.host ?? '127.0.0.1',
    options.port ?? 8000,
  );

  // 2. Rebuild on change: a failed build keeps the last good site; one that worked is served, and pages reload.
  // A burst of Markdown saves is previewed first: the pages showing it reload at once, before the build.
  const preview = async (changed: string[]) => {
    const pages = await previews.preview(changed);
    if (pages.length === 0) return;
    previewCount++;
    emit({ type: 'preview', changed, pages });
    // the build waits while an open page reloads: on two cores it would delay the answers the page waits for
    const reloaded = events.showsAny(pages) ? events.nextPage(PREVIEW_HOLD_MS) : null;
    events.send('preview', { pages, preview: previewCount });
    await reloaded;
  };
  const rebuilds = new RebuildQueue(async (changed) => {
    emit({ type: 'build-start', changed });
    events.send('building', { changed });
    const epoch = previews.epoch();
    const outcome = await buildForDev(builder, root, outDir, project, options.concurrency, options.strict === true);
    problems = overlayProblems(outcome);
    failed = !outcome.ok;
    if (!outcome.ok) {
      emit({ type: 'build-failed', ms: outcome.ms, diagnostics: outcome.diagnostics });
      return events.send('problems', { failed, problems });
    }
    site = outcome.site;
    buildNumber++;
    const settled = await previews.settle(site.dir, outcome.render?.tasks);
    if (outcome.render) previews.adopt(outcome.render.setup, outcome.render.tasks, epoch);
    // pages already showing what this build made keep their state: every change in it previewed byte for byte, or
    // nothing changed since the last build and no preview shows otherwise (a save of the same bytes, an editor's
    // second write event)
    const shown = outcome.stats.upToDate ? settled.differ.length === 0 : changed.every((file) => settled.confirmed.has(file));
    emit({ type: 'build-done', ms: outcome.ms, stats: outcome.stats, diagnostics: outcome.diagnostics, build: buildNumber, shown });
    events.send('ok');
    // a page that does not reload learns this build's problems (broken links) from the event, not from `hello`
    if (shown) events.send('problems', { failed, problems });
    events.send('reload', shown ? { build: buildNumber, shown: true } : { build: buildNumber });
  }, options.debounceMs ?? DEV_DEBOUNCE_MS, preview);

  // 3. Watch the project's inputs, then build once.
  const manifestIcon = path.relative(root, path.resolve(root, config.manifestIcon));
  const watcher = watchProject(
    root,
    { dirs: [PROJECT.content, PROJECT.templates, PROJECT.redirects, PROJECT.public], files: [PROJECT.configFile, manifestIcon] },
    (file) => rebuilds.schedule(file),
    (err) => emit({ type: 'watch-error', diagnostic: { code: serveCodes.DEV_WATCH_FAILED, severity: 'warning', message: `watching files failed: ${err.message}`, hint: 'restart `docsgen dev` if changes stop being picked up' } }),
  );
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  await rebuilds.run(['(start)']);
  void previews.warm();

  return {
    url: `${listening.origin}${site.pathPrefix}/`,
    origin: listening.origin,
    port: listening.port,
    outDir,
    get build() {
      return buildNumber;
    },
    get problems() {
      return problems;
    },
    rebuild: (changed = ['(manual)']) => rebuilds.run(changed),
    async close() {
      await watcher.close();
      await rebuilds.close();
      await builder.close();
      events.close();
      await listening.close();
    },
  };
}
