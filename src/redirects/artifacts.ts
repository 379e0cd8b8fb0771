import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatNginxHttp } from './formats/nginx.js';
import { netlifyFormat } from './formats/netlify.js';
import { toJsonEntries } from './formats/json.js';
import { formatNginxServer } from './nginx-server.js';
import type { RedirectRule } from './types.js';

/** Options of writeRedirectArtifacts. */
export interface RedirectArtifactOptions {
  publicDir: string;
  serverDir: string;
  pathPrefix: string;
  proxyAllowedHosts: readonly string[];
  /** nginx `resolver` for the proxy (default public resolvers). */
  resolver?: string;
}

/**
 * Writes the build's redirect files: `publicDir/_redirects`, `serverDir/nginx/http.conf`,
 * `serverDir/nginx/server.conf` and `serverDir/redirects.json`. Returns the paths written.
 */
export async function writeRedirectArtifacts(rules: readonly RedirectRule[], opts: RedirectArtifactOptions): Promise<string[]> {
  const files: Array<[string, string]> = [
    [path.join(opts.publicDir, '_redirects'), netlifyFormat.format(rules) as string],
    [path.join(opts.serverDir, 'nginx', 'http.conf'), formatNginxHttp(rules, { proxyAllowedHosts: opts.proxyAllowedHosts })],
    [path.join(opts.serverDir, 'nginx', 'server.conf'), formatNginxServer({ pathPrefix: opts.pathPrefix, ...(opts.resolver ? { resolver: opts.resolver } : {}) })],
    [path.join(opts.serverDir, 'redirects.json'), JSON.stringify(toJsonEntries(rules), null, 2) + '\n'],
  ];
  for (const [file, text] of files) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return files.map(([file]) => file);
}
