import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { codes } from '../diagnostics/codes.js';
import { DiagnosticError, type Diagnostic } from '../diagnostics/types.js';
import { existsSync } from 'node:fs';
import { docsgenRoot } from './docsgen-root.js';
import { PROJECT } from './defaults.js';
import { siteConfigSchema, type SiteConfig } from './schema.js';
import { issuePosition } from './yaml-positions.js';

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

/**
 * Loads `docsgen.config.yaml` from the root (optional) and validates it.
 * Throws DiagnosticError (exit 2) for a config the user must fix, with file:line of the bad key.
 */
export async function loadProject(root: string, overrides: Partial<SiteConfig> = {}): Promise<Project> {
  const abs = path.resolve(root);
  const configPath = path.join(abs, PROJECT.configFile);
  let raw: unknown = {};
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
  let doc: ReturnType<typeof parseDocument> | null = null;
  const lineCounter = new LineCounter();
  if (text !== null) {
    doc = parseDocument(text, { lineCounter, prettyErrors: false });
    if (doc.errors.length > 0) {
      const e = doc.errors[0]!;
      const pos = lineCounter.linePos(e.pos[0]);
      throw new DiagnosticError(
        { code: codes.CONFIG_INVALID, severity: 'error', message: `invalid YAML: ${e.message.split('\n')[0]}`, hint: 'fix the YAML syntax', location: { file: PROJECT.configFile, line: pos.line, column: pos.col } },
        2,
      );
    }
    raw = doc.toJS() ?? {};
  }
  const parsed = siteConfigSchema.safeParse({ ...(raw as object), ...overrides });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const pos = doc ? issuePosition(doc, lineCounter, issue.path) : { line: 1, column: 1 };
    const diagnostic: Diagnostic = {
      code: codes.CONFIG_INVALID,
      severity: 'error',
      message: `invalid config at \`${issue.path.join('.') || '(root)'}\`: ${issue.message}`,
      hint: 'see the README section "Site config" for the accepted keys',
      location: { file: PROJECT.configFile, ...pos },
    };
    throw new DiagnosticError(diagnostic, 2);
  }
  // A project without templates/ (or without its own icon) uses the ones docsgen ships with the sample site.
  const ownTemplates = path.join(abs, PROJECT.templates);
  const config = parsed.data;
  const iconGiven = (raw as { manifestIcon?: unknown }).manifestIcon !== undefined || overrides.manifestIcon !== undefined;
  if (!iconGiven && !existsSync(path.join(abs, config.manifestIcon))) config.manifestIcon = path.join(docsgenRoot, config.manifestIcon);
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
