import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatNginxHttp } from './formats/nginx.js';
import { netlifyFormat } from './formats/netlify.js';
import { toJsonEntries } from './formats/json.js';
import { formatNginxServer } from './nginx-server.js';
import type { RedirectRule } from './types.js';
import { MATCH_PATH_SYNTAX, type MatchPathEntry } from '../util/match-path.js';
import { netlifyMatchPathLines } from './match-path-rules.js';

/** Options of writeRedirectArtifacts. */
export interface RedirectArtifactOptions {
  publicDir: string;
  serverDir: string;
  pathPrefix: string;
  proxyAllowedHosts: readonly string[];
  /** nginx `resolver` for the proxy (default public resolvers). */
  resolver?: string;
  /** Pages with a matchPath, most specific first (sortMatchPaths). */
  matchPaths?: readonly MatchPathEntry[];
}

/**
 * The two nginx includes, by file name: `http.conf` (inside `http {}`: the redirect maps) and `server.conf` (inside
 * the `server {}` whose root is the web root: redirects, error pages, cache headers, proxy). The build and
 * `export-redirects --format nginx --out DIR` write exactly these.
 */
export function nginxConfFiles(rules: readonly RedirectRule[], opts: Pick<RedirectArtifactOptions, 'pathPrefix' | 'proxyAllowedHosts' | 'resolver' | 'matchPaths'>): Array<[string, string]> {
  return [
    ['http.conf', formatNginxHttp(rules, { proxyAllowedHosts: opts.proxyAllowedHosts, matchPaths: opts.matchPaths ?? [], pathPrefix: opts.pathPrefix })],
    ['server.conf', formatNginxServer({ pathPrefix: opts.pathPrefix, ...(opts.resolver ? { resolver: opts.resolver } : {}) })],
  ];
}

/**
 * Writes the build's redirect files: `publicDir/_redirects`, `serverDir/nginx/http.conf`,
 * `serverDir/nginx/server.conf` and `serverDir/redirects.json`. Returns the paths written.
 */
export async function writeRedirectArtifacts(rules: readonly RedirectRule[], opts: RedirectArtifactOptions): Promise<string[]> {
  const files: Array<[string, string]> = [
    [path.join(opts.publicDir, '_redirects'), (netlifyFormat.format(rules) as string) + netlifyMatchPathLines(opts.matchPaths ?? [], opts.pathPrefix).map((l) => `${l}\n`).join('')],
    ...nginxConfFiles(rules, opts).map(([name, text]): [string, string] => [path.join(opts.serverDir, 'nginx', name), text]),
    [path.join(opts.serverDir, 'redirects.json'), JSON.stringify(toJsonEntries(rules), null, 2) + '\n'],
    // what `serve` answers matchPath pages from (as nginx from http.conf's map); none without such pages
    ...(opts.matchPaths?.length ? [[path.join(opts.serverDir, 'match-paths.json'), JSON.stringify(opts.matchPaths, null, 2) + '\n'] as [string, string]] : []),
  ];
  for (const [file, text] of files) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return files.map(([file]) => file);
}

/**
 * The matchPath pages a build recorded next to its web root (`<publicDir>/../server/match-paths.json`), as the
 * build passed them to writeRedirectArtifacts; `[]` when there is no such file or it holds no valid entry.
 */
export async function readBuiltMatchPaths(publicDir: string): Promise<MatchPathEntry[]> {
  const text = await readFile(path.join(publicDir, '..', 'server', 'match-paths.json'), 'utf8').catch(() => null);
  if (text === null) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    // only what the build can have written: a page path and a pattern of the matchPath syntax
    return Array.isArray(parsed) ? parsed.filter((e): e is MatchPathEntry => typeof e?.path === 'string' && typeof e?.matchPath === 'string' && MATCH_PATH_SYNTAX.test(e.matchPath)) : [];
  } catch {
    return [];
  }
}
