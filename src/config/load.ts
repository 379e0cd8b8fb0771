import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codes } from '../diagnostics/index.js';
import { DiagnosticError } from '../diagnostics/index.js';
import { docsgenRoot } from './docsgen-root.js';
import { PROJECT } from './defaults.js';
import type { SiteConfig } from './schema.js';

/** The resolved project: absolute folders plus the validated site config. */
export interface Project {
  root: string;
  contentDir: string;
  templatesDir: string;
  redirectsDir: string;
  cacheDir: string;
  configFile: string | null;
  config: SiteConfig;
}

/** A validated config, and whether it named its manifest icon (a default one may fall back to docsgen's). */
export interface ValidatedConfig {
  config: SiteConfig;
  iconGiven: boolean;
}

/**
 * Where a build keeps the config it validated last (the cache stage's, which keys it to docsgen's engine too):
 * `get` gives what is stored under `key`, if anything.
 */
export interface ConfigMemo {
  get(key: string): ValidatedConfig | undefined;
  set(key: string, validated: ValidatedConfig): Promise<void>;
}

/**
 * Loads `docsgen.config.yaml` from the root (optional) and validates it.
 * Throws DiagnosticError (exit 2) for a config the user must fix, with file:line of the bad key.
 * With a `memo`, a config whose bytes (and package name, and overrides) the memo has seen is not parsed again.
 */
export async function loadProject(root: string, overrides: Partial<SiteConfig> = {}, memo?: ConfigMemo): Promise<Project> {
  const abs = path.resolve(root);
  const configPath = path.join(abs, PROJECT.configFile);
  let configFile: string | null = null;
  let text: string | null = null;
  try {
    text = await readFile(configPath, 'utf8');
    configFile = configPath;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new DiagnosticError(
        { code: codes.CONFIG_UNREADABLE, severity: 'error', message: `cannot read ${PROJECT.configFile}: ${(err as Error).message}`, location: { file: PROJECT.configFile, line: 1, column: 1 } },
        2,
      );
    }
  }
  // an unnamed site takes its folder's package name (`@org/docs` -> `docs`) before docsgen's generic default
  const packageName = await readPackageName(abs);
  const key = memo ? createHash('sha256').update(JSON.stringify([text, packageName, overrides])).digest('hex').slice(0, 20) : '';
  let validated = memo?.get(key);
  if (validated === undefined) {
    // yaml and zod load here only: a build whose config did not change since the last one skips them
    const { parseConfig } = await import('./parse-config.js');
    const { config, raw } = parseConfig(text, packageName, overrides);
    validated = { config, iconGiven: (raw as { manifestIcon?: unknown }).manifestIcon !== undefined || overrides.manifestIcon !== undefined };
    await memo?.set(key, validated);
  }
  // A project without templates/ (or without its own icon) uses the ones docsgen ships with the sample site.
  const ownTemplates = path.join(abs, PROJECT.templates);
  let { config } = validated;
  if (!validated.iconGiven && !existsSync(path.join(abs, config.manifestIcon))) config = { ...config, manifestIcon: path.join(docsgenRoot, config.manifestIcon) };
  return {
    root: abs,
    contentDir: path.join(abs, PROJECT.content),
    templatesDir: existsSync(ownTemplates) ? ownTemplates : path.join(docsgenRoot, PROJECT.templates),
    redirectsDir: path.join(abs, PROJECT.redirects),
    cacheDir: path.join(abs, PROJECT.cache),
    configFile,
    config,
  };
}

/** The `name` of the package.json in `dir`, without its scope; null when there is none. */
async function readPackageName(dir: string): Promise<string | null> {
  try {
    const name = (JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' && name.replace(/^@[^/]*\//, '') ? name.replace(/^@[^/]*\//, '') : null;
  } catch {
    return null; // no package.json, or not JSON: the site is named by the config or the default
  }
}

