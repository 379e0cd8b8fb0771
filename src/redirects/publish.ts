// The build's redirects step: the rules checked against the pages just built, then every server format written.
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { writeRedirectArtifacts } from './artifacts.js';
import { collectServedPaths } from './site-paths.js';
import type { DeployTarget, RedirectRule } from './types.js';
import { validateRedirects } from './validate.js';
import type { MatchPathEntry } from '../util/match-path.js';

/** What publishRedirects needs of the built site and its config. */
export interface PublishRedirectsOptions {
  publicDir: string;
  serverDir: string;
  /** Every file of the web root, relative to it; the files written here are added to it. */
  siteFiles: string[];
  pathPrefix: string;
  allowedRedirectHosts: readonly string[];
  proxyAllowedHosts: readonly string[];
  deployTarget?: DeployTarget | undefined;
  /** Pages that also answer for the paths their frontmatter's matchPath matches (nginx, `_redirects`, serve). */
  matchPaths?: readonly MatchPathEntry[];
}

/**
 * Validates the rules against the built pages (host limits of what the build writes, `_redirects` and nginx, are
 * errors only for the host of `deployTarget`) and writes every server format.
 */
export async function publishRedirects(rules: readonly RedirectRule[], opts: PublishRedirectsOptions): Promise<Diagnostic[]> {
  const { publicDir, pathPrefix } = opts;
  const diagnostics = validateRedirects(rules, {
    pagePaths: await collectServedPaths(publicDir, opts.siteFiles),
    allowedHosts: opts.allowedRedirectHosts,
    pathPrefix,
    formats: ['netlify', 'nginx', 'json'],
    ...(opts.deployTarget ? { deployTarget: opts.deployTarget } : {}),
  });
  const written = await writeRedirectArtifacts(rules, { publicDir, serverDir: opts.serverDir, pathPrefix, proxyAllowedHosts: opts.proxyAllowedHosts, ...(opts.matchPaths ? { matchPaths: opts.matchPaths } : {}) });
  for (const file of written) {
    const rel = path.relative(publicDir, file);
    if (!rel.startsWith('..')) opts.siteFiles.push(rel.split(path.sep).join('/'));
  }
  return diagnostics;
}
