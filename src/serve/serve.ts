import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadProject } from '../config/index.js';
import { DiagnosticError, type Diagnostic } from '../diagnostics/index.js';
import { compileRedirectMatcher } from '../redirects/index.js';
import { serveCodes } from './codes.js';
import { createRequestHandler } from './handler.js';
import { listen } from './listen.js';
import { loadSiteRedirects } from './load-site-redirects.js';
import { loadMatchPaths } from './match-paths.js';

/** `serve` would not start: the last diagnostic says why (exit 1), `diagnostics` holds every problem to print. */
export class ServeRefusedError extends DiagnosticError {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics[diagnostics.length - 1]!, 1);
    this.name = 'ServeRefusedError';
  }
}

/** Options of `serve` (the flags of `docsgen serve`). */
export interface ServeOptions {
  /** Project root: its config (path prefix, proxy hosts) and redirects/ are used. Default `.`. */
  root?: string;
  /** The web root to serve; default `<root>/dist/public`. */
  dir?: string;
  /** Default 8000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Upstream fetch of the third-party proxy (tests pass a fake). */
  fetch?: typeof fetch;
  /** Unexpected errors while answering a request (the request gets the 500 page). */
  onError?: (err: unknown) => void;
}

/** A running preview server. */
export interface ServeResult {
  /** The site's home page, e.g. `http://127.0.0.1:8000/documentation/`. */
  url: string;
  origin: string;
  host: string;
  port: number;
  /** Absolute folder served. */
  dir: string;
  /** Where the redirects come from (redirects.json of the build, the redirects/ folder) or null, and how many. */
  redirects: { source: string | null; count: number };
  /** Problems found at start-up (an unreadable redirects.json, no 404 page); the server runs anyway. */
  diagnostics: Diagnostic[];
  /** Stops the server and ends open connections. */
  close(): Promise<void>;
}

/**
 * Serves a build the way the generated nginx config does (redirects, trailing slashes, exempt extensions,
 * index.html, 404/500 pages, cache headers, third-party proxy, content types, ranges, compression).
 * Throws DiagnosticError (exit 2) when the folder is missing or the address cannot be used, ServeRefusedError
 * (exit 1) when the redirects would be the project's `redirects/` folder and it fails validation.
 */
export async function serve(options: ServeOptions = {}): Promise<ServeResult> {
  const project = await loadProject(options.root ?? '.');
  const dir = path.resolve(project.root, options.dir ?? path.join('dist', 'public'));
  const shown = path.relative(project.root, dir) || '.';
  const st = await stat(dir).catch(() => null);
  if (!st?.isDirectory()) {
    throw new DiagnosticError(
      { code: serveCodes.SERVE_DIR_MISSING, severity: 'error', message: `nothing to serve: ${shown} is not a folder`, hint: 'run `docsgen build` first, or pass the folder to serve: `docsgen serve DIR`' },
      2,
    );
  }
  const prefix = project.config.pathPrefix;
  const redirects = await loadSiteRedirects(dir, project.redirectsDir, project.root, { allowedHosts: project.config.allowedRedirectHosts, pathPrefix: prefix });
  if (redirects.refused) throw new ServeRefusedError(redirects.diagnostics);
  const diagnostics = [...redirects.diagnostics];
  const notFound = path.join(dir, prefix, '404.html');
  if (!(await stat(notFound).catch(() => null))?.isFile()) {
    diagnostics.push({ code: serveCodes.NO_404_PAGE, severity: 'warning', message: `${path.join(shown, prefix, '404.html')} does not exist: unknown paths get a bare 404 page`, hint: 'build the site with a not-found template' });
  }
  const site = { dir, pathPrefix: prefix, matchRedirect: compileRedirectMatcher(redirects.rules), proxyAllowedHosts: project.config.proxyAllowedHosts, matchPage: await loadMatchPaths(dir, prefix) };
  const handler = createRequestHandler({ site: () => site, ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.onError ? { onError: options.onError } : {}) });
  const listening = await listen(handler, options.host ?? '127.0.0.1', options.port ?? 8000);
  return {
    url: `${listening.origin}${prefix}/`,
    origin: listening.origin,
    host: listening.host,
    port: listening.port,
    dir,
    redirects: { source: redirects.source, count: redirects.rules.length },
    diagnostics,
    close: listening.close,
  };
}
