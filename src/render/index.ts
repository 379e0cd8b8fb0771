// Public face of the render stage: compile the templates (esbuild), render pages on worker threads into the
// HTML shell and page-data files, and stage the output beside dist/ to swap it in whole. Cheap to import (a
// no-change rebuild does, for recoverOutput): the template compiler loads on first use.
import type * as Compile from './compile-templates.js';
import type * as RenderPage from './render-page.js';
export type { Bundling, ServerBundle, ClientBundle, PendingClient } from './compile-templates.js';
export { RenderWorkers, renderAll, renderThreads, startRenderWorkers, startSpareRenderWorker, MAIN_THREAD_MAX } from './pool.js';
export { assemblePage, htmlFileOf, pageFilesOf, rscFileOf, type ShellInputs, type PageFiles } from './assemble.js';
export { writePageFiles, prepareFolders, type PageOutput, type FileSum } from './write-page.js';
export { parseStoredResult, storedResultText, metaOf, type PageMeta, type PageResult, type PageReads, type RenderedPage } from './page-result.js';
export type { PageTask, RenderSetup } from './page-task.js';
export { Staging, recoverOutput, oldOutputsRemoved, unstaged, STAGING_MARKER } from './staging.js';
export { escapeHtml, renderDocument, type DocumentParts } from './document.js';
export { stageOutput, shellInputsOf, renderSetupOf, type StagedOutput } from './output.js';
export { keepBundles } from './bundle-cache.js';

// set once the template compiler is loaded: stopBundler never loads it just to stop nothing
let bundlerLoaded = false;

/** Starts the templates' bundle for Node (esbuild), which the build awaits after discovery (see compile-templates.ts). */
export async function startServerTemplates(...args: Parameters<typeof Compile.startServerTemplates>): Promise<Compile.Bundling<Compile.ServerBundle>> {
  bundlerLoaded = true;
  return (await import('./compile-templates.js')).startServerTemplates(...args);
}

/**
 * Starts the browser bundle (runtime, one chunk per template, styles) while the build plans; its `finish` names and
 * writes the files once the app options are known (see compile-templates.ts).
 */
export async function startClient(...args: Parameters<typeof Compile.startClient>): Promise<Compile.PendingClient> {
  bundlerLoaded = true;
  return (await import('./compile-templates.js')).startClient(...args);
}

/** Renders one page in memory, as a build would (see render-page.ts): loaded on first use. */
export async function previewPage(...args: Parameters<typeof RenderPage.previewPage>): ReturnType<typeof RenderPage.previewPage> {
  return (await import('./render-page.js')).previewPage(...args);
}

/** Ends esbuild's service process if this process started one, and waits until it is reaped (see compile-templates.ts). */
export async function stopBundler(): Promise<void> {
  if (!bundlerLoaded) return;
  return (await import('./compile-templates.js')).stopBundler();
}
