// Template code runs inside the build: a `process.exit(0)` in a template ended a build rendering on the main
// thread with exit 0, no output and its staging folder left behind, and ended a render thread without a word.
// While template code runs, process.exit and process.abort throw instead; the build reports the call as a
// DG3002 error at the template and stops the way any failed build does.
import { codes } from '../diagnostics/index.js';
import { DiagnosticError } from '../diagnostics/index.js';

/** Thrown in place of ending the process when template code calls process.exit or process.abort. */
export class TemplateExit extends Error {
  constructor(readonly call: string) {
    super(`${call} was called`);
    this.name = 'TemplateExit';
  }
}

let depth = 0;
let saved: { exit: typeof process.exit; abort: typeof process.abort } | null = null;

function install(): void {
  saved = { exit: process.exit, abort: process.abort };
  const { exit } = saved;
  process.exit = ((code?: number) => {
    // Node itself ends a render thread this way after an uncaught exception (it sets the undocumented
    // `_exiting` first); a throw there would print a second stack trace
    if ((process as { _exiting?: boolean })._exiting) return exit.call(process, code);
    throw new TemplateExit(`process.exit(${code === undefined ? '' : describeValue(code)})`);
  }) as typeof process.exit;
  process.abort = (() => {
    throw new TemplateExit('process.abort()');
  }) as typeof process.abort;
}

function uninstall(): void {
  if (!saved) return;
  process.exit = saved.exit;
  process.abort = saved.abort;
  saved = null;
}

/** Runs synchronous template code (a page's render) with exits turned into TemplateExit errors. */
export function guardExitSync<T>(run: () => T): T {
  if (depth++ === 0) install();
  try {
    return run();
  } finally {
    if (--depth === 0) uninstall();
  }
}

/** Runs template code that takes time (importing the bundle runs its top-level code) with exits guarded. */
export async function guardExit<T>(run: () => Promise<T>): Promise<T> {
  if (depth++ === 0) install();
  try {
    return await run();
  } finally {
    if (--depth === 0) uninstall();
  }
}

/** For a render thread, which only ever runs template code and never exits by itself: exits throw for good. */
export function forbidExit(): void {
  if (depth++ === 0) install();
}

/** Where a template's problems are reported: its file, from the templates folder as the user sees it. */
export function templateFile(templatesDir: string | undefined, template: string): string {
  return `${templatesDir ?? 'templates'}/${template}.tsx`;
}

/** The build-stopping error for a template that tried to end the process while rendering a page. */
export function templateExitError(exit: TemplateExit, template: string, page: string, templatesDir?: string): DiagnosticError {
  const error = new DiagnosticError(
    {
      code: codes.TEMPLATE_RENDER,
      severity: 'error',
      message: `template \`${template}\` called ${exit.call} while rendering ${page}`,
      hint: 'a template must not end the process: throw an Error to fail the page, or remove the call',
      location: { file: templateFile(templatesDir, template), line: 1, column: 1 },
    },
    1,
  );
  // the call's stack names the line in the server bundle, for the build to find it in the template's source
  if (exit.stack) error.stack = exit.stack;
  return error;
}

/** What a template threw, for a message: an Error's message, or the value itself (`throw null` is legal). */
export function describeThrown(err: unknown): string {
  try {
    if (err instanceof Error) return err.message || err.name || 'an Error without a message';
  } catch {
    // a getter that throws: fall through to the value
  }
  return `it threw ${describeValue(err)}`;
}

/** A short, safe rendering of any value (objects without a prototype, or with a throwing toString, included). */
function describeValue(value: unknown): string {
  try {
    const text = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? JSON.stringify(value) ?? String(value) : String(value);
    return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}
