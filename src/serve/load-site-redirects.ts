import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/types.js';
import { loadRedirects, type RedirectRule, type RedirectStatus } from '../redirects/index.js';
import { serveCodes } from './codes.js';

/** Where the redirects being served came from, and the rules. */
export interface SiteRedirects {
  rules: RedirectRule[];
  /** `server/redirects.json` of the build, the project's `redirects/` folder, or none. */
  source: string | null;
  diagnostics: Diagnostic[];
}

/**
 * The redirects a served build answers with: the build's `<dir>/../server/redirects.json` when it exists (what
 * nginx was configured from), else the project's `redirects/` folder as it is now.
 */
export async function loadSiteRedirects(publicDir: string, redirectsDir: string, root: string): Promise<SiteRedirects> {
  const jsonFile = path.join(publicDir, '..', 'server', 'redirects.json');
  let text: string | null = null;
  try {
    text = await readFile(jsonFile, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      return { rules: [], source: jsonFile, diagnostics: [invalid(jsonFile, root, (err as Error).message)] };
    }
  }
  if (text !== null) {
    try {
      return { rules: rulesFromJson(JSON.parse(text) as unknown, rel(root, jsonFile)), source: jsonFile, diagnostics: [] };
    } catch (err) {
      return { rules: [], source: jsonFile, diagnostics: [invalid(jsonFile, root, (err as Error).message)] };
    }
  }
  const loaded = await loadRedirects(redirectsDir, { root });
  return { rules: loaded.outputs.rules, source: loaded.stats.files > 0 ? redirectsDir : null, diagnostics: loaded.diagnostics };
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
