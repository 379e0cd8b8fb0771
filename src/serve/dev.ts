import path from 'node:path';
import { build, type BuildStats } from '../build.js';
import { loadProject } from '../config/load.js';
import { PROJECT } from '../config/defaults.js';
import { formatDiagnostic } from '../diagnostics/print.js';
import { DiagnosticError, hasErrors, type Diagnostic } from '../diagnostics/types.js';
import { compileRedirectMatcher } from '../redirects/index.js';
import { serveCodes } from './codes.js';
import { DevEvents } from './dev-events.js';
import { DEV_EVENTS_PATH, DEV_SERVICE_WORKER, injectDevClient } from './dev-client.js';
import { createRequestHandler, type ServeSite } from './handler.js';
import { listen } from './listen.js';
import { loadSiteRedirects } from './load-site-redirects.js';
import { watchProject } from './watch.js';

/** How long the dev server waits after the last change before rebuilding (editors save in bursts). */
export const DEV_DEBOUNCE_MS = 80;
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
  | { type: 'build-done'; ms: number; stats: BuildStats; diagnostics: Diagnostic[]; build: number }
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
  /** Problems of the last build when it failed (what the overlay shows), else empty. */
  readonly problems: readonly Diagnostic[];
  /** Rebuilds now (as a change would) and resolves when that build is over. */
  rebuild(changed?: string[]): Promise<void>;
  /** Stops watching, ends the event streams, closes the server; waits for a running build. */
  close(): Promise<void>;
}

/**
 * `docsgen dev`: builds into the cache folder, serves it with the nginx-equivalent handler plus a live-reload
 * client in every page, and rebuilds the whole site (debounced) when content, templates, redirects, images or
 * the config change. A failed build keeps the last good output online and shows its problems in the page.
 */
export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const emit = options.onEvent ?? (() => {});
  const firstProject = await loadProject(options.root ?? '.');
  const root = firstProject.root;
  const outDir = path.join(firstProject.cacheDir, DEV_OUT_DIR);
  const publicDir = path.join(outDir, 'public');
  let buildNumber = 0;
  let problems: Diagnostic[] = [];
  let site: ServeSite = { dir: publicDir, pathPrefix: firstProject.config.pathPrefix, matchRedirect: () => null, proxyAllowedHosts: firstProject.config.proxyAllowedHosts };
  let building: Promise<void> | null = null;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const manifestIcon = path.relative(root, path.resolve(root, firstProject.config.manifestIcon));

  const events = new DevEvents(() => ({ build: buildNumber, problems: problems.map((d) => formatDiagnostic(d)) }));
  const handler = createRequestHandler({
    site: () => site,
    transformHtml: (html) => injectDevClient(html, buildNumber),
    defaultCacheControl: 'no-cache',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onError: (error) => emit({ type: 'request-error', error }),
  });
  const listening = await listen(
    (req, res) => {
      const pathname = (req.url ?? '/').split('?')[0];
      if (pathname === DEV_EVENTS_PATH) return events.accept(req, res);
      if (pathname === `${site.pathPrefix}/sw.js`) {
        res.writeHead(200, { 'Content-Type': 'application/javascript', 'Cache-Control': 'no-store' });
        return res.end(req.method === 'HEAD' ? undefined : DEV_SERVICE_WORKER);
      }
      handler(req, res);
    },
    options.host ?? '127.0.0.1',
    options.port ?? 8000,
  );

  async function runBuild(changed: string[]): Promise<void> {
    emit({ type: 'build-start', changed });
    events.send('building', { changed });
    const started = performance.now();
    let diagnostics: Diagnostic[];
    let stats: BuildStats | null = null;
    let ok = false;
    try {
      const result = await build({ root, out: outDir, sw: false, links: 'warn', strict: options.strict === true, ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}) });
      diagnostics = result.diagnostics;
      stats = result.stats;
      ok = result.outputs !== null && !hasErrors(diagnostics);
    } catch (err) {
      diagnostics = [
        err instanceof DiagnosticError
          ? err.diagnostic
          : { code: serveCodes.DEV_BUILD_FAILED, severity: 'error', message: `the build crashed: ${(err as Error)?.stack ?? String(err)}`, hint: 'this is a bug in docsgen; the dev server keeps running' },
      ];
    }
    const ms = Math.round(performance.now() - started);
    if (!ok || !stats) {
      problems = diagnostics.filter((d) => d.severity === 'error');
      if (problems.length === 0) problems = [{ code: serveCodes.DEV_BUILD_FAILED, severity: 'error', message: 'the build failed without a reported problem' }];
      emit({ type: 'build-failed', ms, diagnostics });
      events.send('problems', { problems: problems.map((d) => formatDiagnostic(d)) });
      return;
    }
    // the config and redirects may have changed with this build
    const project = await loadProject(root).catch(() => null);
    const config = project?.config ?? firstProject.config;
    const redirects = await loadSiteRedirects(publicDir, path.join(root, PROJECT.redirects), root, { allowedHosts: config.allowedRedirectHosts, pathPrefix: config.pathPrefix });
    site = {
      dir: publicDir,
      pathPrefix: project?.config.pathPrefix ?? site.pathPrefix,
      matchRedirect: compileRedirectMatcher(redirects.rules),
      proxyAllowedHosts: project?.config.proxyAllowedHosts ?? site.proxyAllowedHosts,
    };
    problems = [];
    buildNumber++;
    emit({ type: 'build-done', ms, stats, diagnostics: [...diagnostics, ...redirects.diagnostics], build: buildNumber });
    events.send('ok');
    events.send('reload', { build: buildNumber });
  }

  /** Runs builds one after another until no change is waiting. */
  function drain(): Promise<void> {
    if (building) return building;
    building = (async () => {
      while (pending.size > 0 && !closed) {
        const changed = [...pending].sort();
        pending = new Set();
        await runBuild(changed);
      }
    })().finally(() => {
      building = null;
    });
    return building;
  }

  function schedule(file: string): void {
    pending.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      // a change during a build waits for it, then builds once more
      void (building ? building.then(drain) : drain());
    }, options.debounceMs ?? DEV_DEBOUNCE_MS);
  }

  const watcher = watchProject(
    root,
    { dirs: [PROJECT.content, PROJECT.templates, PROJECT.redirects, PROJECT.public], files: [PROJECT.configFile, manifestIcon] },
    schedule,
    (err) => emit({ type: 'watch-error', diagnostic: { code: serveCodes.DEV_WATCH_FAILED, severity: 'warning', message: `watching files failed: ${err.message}`, hint: 'restart `docsgen dev` if changes stop being picked up' } }),
  );
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  pending.add('(start)');
  await drain();

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
    rebuild(changed = ['(manual)']) {
      for (const c of changed) pending.add(c);
      return building ? building.then(drain) : drain();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
      await building?.catch(() => {});
      events.close();
      await listening.close();
    },
  };
}

