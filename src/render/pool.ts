import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageTask, RenderSetup } from './page-task.js';
import { codes } from '../diagnostics/index.js';
import { DiagnosticError, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import type { FsErrorFacts } from '../diagnostics/index.js';
import { templateFile } from './exit-guard.js';
import { TemplateErrors } from './template-errors.js';
import type { RenderedPage } from './page-result.js';

type WorkerMessage = { ok: true; results: RenderedPage[] } | ({ ok: false; id: number; error: string; diagnostic?: Diagnostic } & FsErrorFacts) | 'closed';

/** Below this many pages, starting workers (each loads the parser and the templates) costs more than it saves. */
export const MAIN_THREAD_MAX = 24;

/** Batches queued per worker: enough to keep it busy while its last results cross, few enough to bound memory. */
const IN_FLIGHT = 2;

/**
 * Pages per message at most: each message wakes the other thread and has a fixed cost on both sides, which
 * on two busy cores took about a tenth of a render thread's time with one page per message.
 */
const BATCH = 4;

/**
 * Render worker threads. They can be started before the pages are known (a cold build starts one on the core
 * its page discovery leaves idle, so loading the parser and React overlaps with that work); `render` then
 * sends the build's setup once and the pages.
 */
export class RenderWorkers {
  private readonly workers: Worker[];
  private closing: Promise<void> | null = null;
  /** The server bundle preloaded, if any (workers started later load it too). */
  private templates: string | null = null;
  /** Why a worker stopped before `render` listened (it failed to load, say). */
  private readonly early = new Map<Worker, Error>();

  constructor(count: number) {
    this.workers = [];
    this.grow(count);
  }

  /** Starts more workers until there are `count`. */
  grow(count: number): void {
    const url = new URL('./worker.js', import.meta.url);
    while (this.workers.length < count) {
      const w = new Worker(url, { env: { ...process.env, NODE_ENV: 'production' } });
      if (this.templates) w.postMessage({ preload: this.templates });
      // until `render` listens, a worker that fails to start must not crash the process as an unhandled 'error'
      w.on('error', (err) => this.early.set(w, err));
      w.on('exit', (code) => this.early.has(w) || this.early.set(w, new Error(`a render thread stopped (exit code ${code})`)));
      this.workers.push(w);
    }
  }

  /**
   * Has each worker load the compiled templates now (a cold build sends this as soon as esbuild is done, so the
   * import overlaps the steps before rendering instead of delaying each thread's first page by 0.1-0.2 s).
   */
  preload(serverBundle: string): void {
    this.templates = serverBundle;
    for (const w of this.workers) w.postMessage({ preload: serverBundle });
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Renders `tasks` across the workers with back-pressure (each has at most IN_FLIGHT batches of up to BATCH
   * tasks queued; smaller batches near the end keep the threads evenly loaded); results go to `onResult` as
   * their batch finishes. Rejects on the first page that crashes a worker.
   */
  async render(tasks: readonly PageTask[], setup: RenderSetup, onResult: (page: RenderedPage) => Promise<void> | void): Promise<void> {
    let next = 0;
    let failure: Error | null = null;
    const pending: Promise<void>[] = [];
    await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const stopped = this.early.get(worker);
            if (stopped) return reject(stopped);
            // the batches sent and not answered yet, oldest (the one rendering) first
            const inFlight: PageTask[][] = [];
            const fail = (err: Error) => {
              failure ??= err;
              reject(err);
            };
            const feed = () => {
              while (!failure && inFlight.length < IN_FLIGHT && next < tasks.length) {
                const size = Math.max(1, Math.min(BATCH, Math.floor((tasks.length - next) / (this.workers.length * IN_FLIGHT))));
                const batch = tasks.slice(next, next + size);
                worker.postMessage(batch);
                inFlight.push(batch);
                next += size;
              }
              if (inFlight.length === 0) resolve();
            };
            worker.on('message', (msg: WorkerMessage) => {
              if (msg === 'closed') return;
              inFlight.shift();
              if (!msg.ok) {
                if (msg.diagnostic) return fail(Object.assign(new DiagnosticError(msg.diagnostic, 1), { stack: msg.error }));
                const page = tasks.find((t) => t.id === msg.id)?.displayFile ?? msg.id;
                return fail(Object.assign(new Error(`rendering page ${page} crashed: ${msg.error}`), { code: msg.code, path: msg.path, dest: msg.dest, syscall: msg.syscall }));
              }
              for (const result of msg.results) pending.push(Promise.resolve(onResult(result)));
              feed();
            });
            // A thread that fails or ends while it renders ran template code that outlived the page (a timer, a
            // promise) or ended the thread: the template's problem, not a crash of docsgen.
            worker.on('error', (err) => fail(inFlight[0] ? threadStopped(inFlight[0], setup, 'failed', `: ${err.message}`, err.stack) : err));
            worker.on('exit', (code) => {
              if (this.closing) return;
              fail(inFlight[0] ? threadStopped(inFlight[0], setup, `stopped (exit code ${code})`) : new Error(`a render thread stopped (exit code ${code})`));
            });
            worker.postMessage({ setup });
            feed();
          }),
      ),
    );
    await Promise.all(pending);
  }

  /** Lets each worker close its pack, then stops it (one that does not answer within a second is stopped anyway). Idempotent. */
  close(): Promise<void> {
    this.closing ??= Promise.all(this.workers.map(closeWorker)).then(() => undefined);
    return this.closing;
  }
}

/** The error for a render thread that failed or ended while rendering `batch`: at the template of its first page. */
function threadStopped(batch: readonly PageTask[], setup: RenderSetup, what: string, reason = '', stack?: string): DiagnosticError {
  const [first] = batch;
  const pages = batch.map((t) => t.displayFile);
  const templates = [...new Set(batch.map((t) => `\`${t.template}\``))];
  const error = new DiagnosticError(
    {
      code: codes.TEMPLATE_RENDER,
      severity: 'error',
      message: `a render thread ${what} while rendering ${pages.join(', ')} with template ${templates.join(', ')}${reason}`,
      hint: 'a template must not end the process or leave work behind that fails after the page rendered (a timer, a promise); make it render synchronously',
      location: { file: templateFile(setup.templatesDir, first!.template), line: 1, column: 1 },
    },
    1,
  );
  if (stack) error.stack = stack;
  return error;
}

async function closeWorker(worker: Worker): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 1000);
    worker.on('message', (msg) => msg === 'closed' && done());
    worker.once('exit', done);
    worker.postMessage('close');
  });
  await worker.terminate();
}

/**
 * Render threads started before the pages are known, for a cold build of more than a handful of pages: they load
 * the parser and React on the cores page discovery leaves idle (one per core made discovery itself slower by as
 * much as it saved), and `grow` starts the last once discovery is done. Null when there is no such build.
 */
export function startRenderWorkers(pageFiles: number, concurrency?: number): RenderWorkers | null {
  if (concurrency === 0 || pageFiles <= MAIN_THREAD_MAX) return null;
  return new RenderWorkers(Math.max(1, (concurrency ?? availableParallelism()) - 1));
}

/** A rebuild of a site this large renders on a thread started ahead (see startSpareRenderWorker). */
export const SPARE_THREAD_MIN_PAGES = 2000;

/**
 * One render thread for a rebuild of a large site, started once the output's listing is in: it loads the parser, the
 * highlighter, React and the templates on the core that the main thread's reuse of thousands of cached pages
 * leaves idle, so the few pages an edit changed render at once instead of after those loads (-0.2 s at 10,000
 * pages). Null for a smaller site (the loads take longer than the steps they would hide behind) and with an
 * explicit concurrency.
 */
export function startSpareRenderWorker(pageFiles: number, concurrency?: number): RenderWorkers | null {
  return concurrency === undefined && pageFiles >= SPARE_THREAD_MIN_PAGES ? new RenderWorkers(1) : null;
}

/** How many render threads `renderAll` uses for this many pages (0: this thread renders them). */
export function renderThreads(pages: number, concurrency?: number): number {
  return concurrency ?? (pages <= MAIN_THREAD_MAX ? 0 : Math.max(1, Math.min(availableParallelism(), Math.ceil(pages / MAIN_THREAD_MAX))));
}

/**
 * Renders pages on worker threads across all cores (templates compiled once per worker, not per page), or on
 * this thread with concurrency 0 (the default for a handful of pages: an incremental rebuild should not pay for
 * starting workers). `workers`, when given, are used if there are enough pages and closed in any case.
 * Results are handed to `onResult` as they finish and the caller records them; what templates threw comes back
 * grouped, one error per place (see template-errors.ts).
 */
export async function renderAll(
  tasks: readonly PageTask[],
  setup: RenderSetup,
  opts: {
    concurrency?: number;
    workers?: RenderWorkers | null;
    onResult: (page: RenderedPage) => Promise<void> | void;
    /** Finds the template line of a stack through the server bundle (see ServerBundle.locate). */
    locate?: (stack: string) => Promise<SourceLocation | null>;
  },
): Promise<{ diagnostics: Diagnostic[]; threads: number }> {
  // a template that throws fails many pages at one place: their errors are reported once per place
  const thrown = new TemplateErrors(setup.serverBundle, setup.templatesDir);
  const onResult = (page: RenderedPage) => {
    thrown.take(page.meta);
    return opts.onResult(page);
  };
  try {
    const threads = await renderOn(tasks, setup, { ...opts, onResult });
    return { diagnostics: await thrown.diagnostics(opts.locate), threads };
  } catch (err) {
    // a template that tried to exit is reported at the line of the call when the bundle's source map finds it
    if (err instanceof DiagnosticError && err.diagnostic.code === codes.TEMPLATE_RENDER && err.stack && opts.locate) {
      const at = await opts.locate(err.stack).catch(() => null);
      if (at) err.diagnostic.location = at;
    }
    throw err;
  }
}

async function renderOn(
  tasks: readonly PageTask[],
  setup: RenderSetup,
  opts: { concurrency?: number; workers?: RenderWorkers | null; onResult: (page: RenderedPage) => Promise<void> | void },
): Promise<number> {
  let wanted = renderThreads(tasks.length, opts.concurrency);
  let workers = opts.workers ?? null;
  // threads started ahead have their loads done: they render a handful of pages sooner than this thread would
  if (wanted === 0 && workers && tasks.length > 0 && opts.concurrency === undefined) wanted = workers.size;
  if (workers && (wanted === 0 || tasks.length === 0 || workers.size > wanted)) {
    await workers.close();
    workers = null;
  }
  if (wanted === 0 || tasks.length === 0) {
    // loaded only here: the parser, highlighter and templates need not sit in the main thread when workers render
    const { closeResultPacks, renderPage } = await import('./render-page.js');
    try {
      for (const t of tasks) await opts.onResult(await renderPage(t, setup));
    } finally {
      await closeResultPacks();
    }
    return 0;
  }
  workers ??= new RenderWorkers(wanted);
  workers.grow(wanted);
  try {
    await workers.render(tasks, setup, opts.onResult);
  } finally {
    await workers.close();
  }
  return workers.size;
}
