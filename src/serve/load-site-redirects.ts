import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics/index.js';
import { collectServedPaths, loadRedirects, validateRedirects, type RedirectRule, type RedirectStatus } from '../redirects/index.js';
import { serveCodes } from './codes.js';

/** Where the redirects being served came from, and the rules. */
export interface SiteRedirects {
  rules: RedirectRule[];
  /** `server/redirects.json` of the build, the project's `redirects/` folder, or none. */
  source: string | null;
  diagnostics: Diagnostic[];
  /** The `redirects/` folder failed validation: no rule of it is used, and `serve` refuses to start. */
  refused: boolean;
}

/** What the `redirects/` folder is validated against, as the build validates it. */
export interface RedirectChecks {
  allowedHosts: readonly string[];
  pathPrefix: string;
}

/**
 * The redirects a served build answers with: the build's `<dir>/../server/redirects.json` when it exists (what
 * nginx was configured from, validated by that build), else the project's `redirects/` folder as it is now,
 * validated here against the served folder exactly as the build would; with any error it is refused (DG8010).
 */
export async function loadSiteRedirects(publicDir: string, redirectsDir: string, root: string, checks: RedirectChecks): Promise<SiteRedirects> {
  const jsonFile = path.join(publicDir, '..', 'server', 'redirects.json');
  let text: string | null = null;
  try {
    text = await readFile(jsonFile, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      return { rules: [], source: jsonFile, diagnostics: [invalid(jsonFile, root, (err as Error).message)], refused: false };
    }
  }
  if (text !== null) {
    try {
      return { rules: rulesFromJson(JSON.parse(text) as unknown, rel(root, jsonFile)), source: jsonFile, diagnostics: [], refused: false };
    } catch (err) {
      return { rules: [], source: jsonFile, diagnostics: [invalid(jsonFile, root, (err as Error).message)], refused: false };
    }
  }
  const loaded = await loadRedirects(redirectsDir, { root });
  if (loaded.stats.files === 0) return { rules: [], source: null, diagnostics: loaded.diagnostics, refused: hasErrors(loaded.diagnostics) };
  const diagnostics = [...loaded.diagnostics];
  if (!hasErrors(diagnostics) || loaded.outputs.rules.length > 0) {
    const pagePaths = await collectServedPaths(publicDir);
    diagnostics.push(...validateRedirects(loaded.outputs.rules, { pagePaths, allowedHosts: checks.allowedHosts, pathPrefix: checks.pathPrefix }));
  }
  if (!hasErrors(diagnostics)) return { rules: loaded.outputs.rules, source: redirectsDir, diagnostics, refused: false };
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  diagnostics.push({
    code: serveCodes.REDIRECTS_REFUSED,
    severity: 'error',
    message: `not serving: ${rel(root, redirectsDir)}/ fails validation (${errors === 1 ? '1 error' : `${errors} errors`}), and serve applies no redirect the build would refuse`,
    hint: 'fix the redirects (`docsgen validate-redirects` checks them), or run `docsgen build`: serve then uses the build\'s server/redirects.json',
  });
  return { rules: [], source: redirectsDir, diagnostics, refused: true };
}

/** Rules from `redirects.json` entries (the seed's `{fromPath, toPath, isPermanent, statusCode}` shape). */
export function rulesFromJson(data: unknown, file: string): RedirectRule[] {
  if (!Array.isArray(data)) throw new Error('expected a JSON array of redirect entries');
  return data.map((entry: unknown, i): RedirectRule => {
    const e = entry as { fromPath?: unknown; toPath?: unknown; isPermanent?: unknown; statusCode?: unknown };
    if (typeof e?.fromPath !== 'string' || typeof e.toPath !== 'string') throw new Error(`entry ${i + 1} has no fromPath/toPath strings`);
    const status = (typeof e.statusCode === 'number' ? e.statusCode : e.isPermanent === false ? 302 : 301) as RedirectStatus;
    return {
      from: e.fromPath,
      to: e.toPath,
      status,
      fromPath: e.fromPath,
      toPath: e.toPath,
      isPermanent: status === 301 || status === 308,
      ignoreCase: true,
      redirectInBrowser: true,
      location: { file, line: 1, column: 1 },
    };
  });
}

function invalid(file: string, root: string, why: string): Diagnostic {
  return {
    code: serveCodes.REDIRECTS_JSON_INVALID,
    severity: 'error',
    message: `cannot use ${rel(root, file)}: ${why}`,
    hint: 'rebuild with `docsgen build`, or delete the file to serve the redirects/ folder instead',
    location: { file: rel(root, file), line: 1, column: 1 },
  };
}

function rel(root: string, file: string): string {
  const r = path.relative(root, file);
  return r && !r.startsWith('..') ? r : file;
}
