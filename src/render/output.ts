// Where a build writes: a staging folder beside the output with its web root (`public/<prefix>/`) and server
// config folder (`server/`), swapped in whole at the end.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../config/index.js';
import type { ClientBundle } from './compile-templates.js';
import type { ShellInputs } from './assemble.js';
import type { RenderSetup } from './page-task.js';
import type { PageOutput } from './write-page.js';
import type { FileStamps } from '../cache/index.js';
import type { OutputListing } from '../cache/index.js';
import { Staging } from './staging.js';

/** The folders of a staged output. */
export interface StagedOutput {
  staging: Staging;
  /** The web root (`<staging>/public`). */
  publicDir: string;
  /** The site under its path prefix (`<staging>/public/<prefix>`). */
  siteDir: string;
  /** Server configuration (`<staging>/server`). */
  serverDir: string;
}

/**
 * Opens a staging folder for `outDir` with its web root and server folder made. With the listing of an output
 * known to be as the last build left it, only what this build writes is staged (Staging.stageChangesOnly).
 */
export async function stageOutput(outDir: string, root: string, prefixDir: string, intact: OutputListing | null = null): Promise<StagedOutput> {
  const staging = new Staging(outDir);
  await staging.open(root);
  if (intact) await staging.stageChangesOnly(intact);
  const publicDir = path.join(staging.dir, 'public');
  const siteDir = path.join(publicDir, prefixDir);
  const serverDir = path.join(staging.dir, 'server');
  try {
    await mkdir(siteDir, { recursive: true });
    await mkdir(serverDir, { recursive: true });
  } catch (err) {
    await staging.discard();
    throw err;
  }
  return { staging, publicDir, siteDir, serverDir };
}

/** Everything around a page's body that is the same for every page of one build. */
export function shellInputsOf(
  config: SiteConfig,
  client: ClientBundle,
  shared: { staticQueryHashes: string[]; slicesMap: Record<string, string> },
  buildHash: string,
  ownFiles: { socialImage?: string | undefined; favicon?: string | undefined },
): ShellInputs {
  return {
    pathPrefix: config.pathPrefix,
    siteUrl: config.siteUrl,
    titlePostfix: config.titlePostfix,
    siteName: config.siteName,
    socialHandle: config.socialHandle,
    socialImage: ownFiles.socialImage,
    favicon: ownFiles.favicon,
    lang: config.defaultLocale,
    appUrl: client.appUrl,
    islandsUrl: client.islandsUrl,
    islandTemplates: client.islandTemplates,
    stylesUrl: client.stylesUrl,
    chunks: client.chunks,
    staticQueryHashes: shared.staticQueryHashes,
    slicesMap: shared.slicesMap,
    buildHash,
  };
}

/** What every render thread needs once: the server bundle, the compile options, the shared data, where to write. */
export function renderSetupOf(
  project: { root: string; contentDir: string; templatesDir: string; config: { pathPrefix: string; variables: Record<string, string>; images: { maxWidth: number }; defaultLocale: string } },
  run: { serverBundle: string; shared: Record<string, unknown>; output: PageOutput; packsDir: string; fileStamps: FileStamps; markdownPlugins?: RenderSetup['markdownPlugins'] },
): RenderSetup {
  const { root, config } = project;
  // the templates folder as messages name it
  const templatesDir = path.relative(root, project.templatesDir).split(path.sep).join('/');
  return { ...run, templatesDir, root, contentDir: project.contentDir, pathPrefix: config.pathPrefix, variables: config.variables, lang: config.defaultLocale, imageMaxWidth: config.images.maxWidth };
}
