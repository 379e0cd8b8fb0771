// One rebuild of `docsgen dev`: the build into the cache folder, then what the overlay shows and what is served.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build, type BuildOptions, type BuildStats } from '../build.js';
import { loadProject, PROJECT, type Project } from '../config/index.js';
import { DiagnosticError, formatDiagnostic, hasErrors, type Diagnostic } from '../diagnostics/index.js';
import { kindCodes, kindSeverity } from '../links/index.js';
import { compileRedirectMatcher } from '../redirects/index.js';
import { keepBundles, oldOutputsRemoved, type PageTask, type RenderSetup } from '../render/index.js';
import { serveCodes } from './codes.js';
import type { ServeSite } from './handler.js';
import { loadSiteRedirects } from './load-site-redirects.js';
import { loadMatchPaths } from './match-paths.js';

/** A problem as the overlay shows it: its printed line, and how it is styled. */
export interface OverlayProblem {
  severity: 'error' | 'warning';
  text: string;
}

/** The render setup and page tasks of a build (what a preview of the next save renders with). */
export interface RenderState {
  setup: RenderSetup;
  tasks: readonly PageTask[];
}

/** What one rebuild gave. */
export type DevBuildOutcome =
  | { ok: true; ms: number; stats: BuildStats; diagnostics: Diagnostic[]; site: ServeSite; render: RenderState | null }
  | { ok: false; ms: number; diagnostics: Diagnostic[] };

/** What the build thread answers: the build's result and render state, or what it threw. */
export type DevBuildReply =
  | { result: Awaited<ReturnType<typeof build>>; render: RenderState | null }
  | { error: { diagnostic: Diagnostic } | { stack: string } };

/** One build and its render state, as a reply (what the build thread runs for each message). */
export async function runDevBuild(options: BuildOptions): Promise<DevBuildReply> {
  let render: RenderState | null = null;
  try {
    const result = await build({ ...options, onRenderSetup: (setup, tasks) => (render = { setup, tasks }) });
    return { result, render };
  } catch (err) {
    return { error: err instanceof DiagnosticError ? { diagnostic: err.diagnostic } : { stack: (err as Error)?.stack ?? String(err) } };
  }
}

const WORKER = new URL('./dev-build-worker.js', import.meta.url);

/**
 * The dev server's build thread (dev-build-worker.ts): started on first use, and again after it stopped. Run
 * from the TypeScript sources (tests), where no compiled worker file exists, it builds on this thread instead.
 */
export class DevBuilder {
  private worker: Worker | null = null;
  private readonly release = existsSync(fileURLToPath(WORKER)) ? null : keepBundles();

  /** Runs one build on the thread (one at a time: the rebuild queue sees to it). */
  run(options: BuildOptions): Promise<DevBuildReply> {
    if (this.release) return runDevBuild(options);
    const worker = (this.worker ??= new Worker(WORKER));
    return new Promise((resolve) => {
      const done = (reply: DevBuildReply) => {
        worker.off('message', done);
        worker.off('error', failed);
        worker.off('exit', exited);
        resolve(reply);
      };
      const failed = (err: Error) => {
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
        done({ error: { stack: err?.stack ?? String(err) } });
      };
      const exited = (code: number) => failed(new Error(`the build thread stopped (exit code ${code})`));
      worker.on('message', done);
      worker.on('error', failed);
      worker.on('exit', exited);
      worker.postMessage({ build: options });
    });
  }

  /** Ends the thread once the previous outputs it is removing are gone (5 s at most). */
  async close(): Promise<void> {
    if (this.release) {
      await oldOutputsRemoved();
      return this.release();
    }
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const gone = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), 5000);
    await gone;
    clearTimeout(timer);
  }
}

/**
 * Builds the project into `outDir` on the build thread (no service worker; broken links are warnings, so the page
 * still updates) and, when that worked, reads the config and redirects again (either may have changed with this build).
 */
export async function buildForDev(builder: DevBuilder, root: string, outDir: string, fallback: Project, concurrency?: number, strict = false): Promise<DevBuildOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const reply = await builder.run({ root, out: outDir, sw: false, links: 'warn', strict, removedPages: fallback.config.removedPages === 'off' ? 'off' : 'warn', recordPublished: false, removeOldOutputLater: true, ...lastPublished(root), ...(concurrency !== undefined ? { concurrency } : {}) });
  if ('error' in reply) {
    const diagnostic: Diagnostic = 'diagnostic' in reply.error
      ? reply.error.diagnostic
      : { code: serveCodes.DEV_BUILD_FAILED, severity: 'error', message: `the build crashed: ${reply.error.stack}`, hint: 'this is a bug in docsgen; the dev server keeps running' };
    return { ok: false, ms: ms(), diagnostics: [diagnostic] };
  }
  const { result, render } = reply;
  if (result.outputs === null || hasErrors(result.diagnostics)) return { ok: false, ms: ms(), diagnostics: result.diagnostics };
  try {
    const config = (await loadProject(root).catch(() => null))?.config ?? fallback.config;
    const publicDir = path.join(outDir, 'public');
    const redirects = await loadSiteRedirects(publicDir, path.join(root, PROJECT.redirects), root, { allowedHosts: config.allowedRedirectHosts, pathPrefix: config.pathPrefix });
    const site = { dir: publicDir, pathPrefix: config.pathPrefix, matchRedirect: compileRedirectMatcher(redirects.rules), proxyAllowedHosts: config.proxyAllowedHosts, matchPage: await loadMatchPaths(publicDir, config.pathPrefix) };
    return { ok: true, ms: ms(), stats: result.stats, diagnostics: [...result.diagnostics, ...redirects.diagnostics], site, render };
  } catch (err) {
    const diagnostic: Diagnostic = { code: serveCodes.DEV_BUILD_FAILED, severity: 'error', message: `the build crashed: ${(err as Error)?.stack ?? String(err)}`, hint: 'this is a bug in docsgen; the dev server keeps running' };
    return { ok: false, ms: ms(), diagnostics: [diagnostic] };
  }
}

// link problems `docsgen build` fails on: dev reports them as warnings (the page updates), the overlay as errors
const BUILD_FAILS_ON = new Set(Object.entries(kindCodes).filter(([kind]) => kindSeverity[kind as keyof typeof kindSeverity] === 'error').map(([, code]) => code));

/**
 * What the overlay shows after a build: a failed build's errors; or every problem (error or warning) of one that
 * worked, broken links styled as the errors `docsgen build` makes of them. Info lines (DG1306, no siteUrl) are
 * not problems: they stay in the terminal, or the panel would never close on such a site.
 */
export function overlayProblems(outcome: DevBuildOutcome): OverlayProblem[] {
  if (!outcome.ok) {
    const errors = outcome.diagnostics.filter((d) => d.severity === 'error');
    const shown = errors.length > 0 ? errors : [{ code: serveCodes.DEV_BUILD_FAILED, severity: 'error' as const, message: 'the build failed without a reported problem' }];
    return shown.map((d) => ({ severity: 'error', text: formatDiagnostic(d) }));
  }
  return outcome.diagnostics.filter((d) => d.severity !== 'info').map((d) => {
    const severity = d.severity === 'error' || BUILD_FAILS_ON.has(d.code) ? 'error' : 'warning';
    return { severity, text: formatDiagnostic(severity === d.severity ? d : { ...d, severity }) };
  });
}

/** What `docsgen build` last published (dist/server/published.json): dev warns about the pages it would remove. */
function lastPublished(root: string): { since?: string } {
  const file = path.join(root, PROJECT.out, 'server', 'published.json');
  return existsSync(file) ? { since: file } : {};
}
