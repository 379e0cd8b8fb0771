// The build's matchPath pages for `serve` and `dev`: server/match-paths.json next to the web root, read as nginx
// reads http.conf's `$docsgen_match_path` map (see src/redirects/match-path-rules.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { matchPathFile } from '../redirects/index.js';
import { matchPathRegex, type MatchPathEntry } from '../util/match-path.js';

/** `uri` (decoded) → the HTML file of the page whose pattern matches it, or null; null for a build without any. */
export async function loadMatchPaths(publicDir: string, pathPrefix: string): Promise<((uri: string) => string | null) | null> {
  const text = await readFile(path.join(publicDir, '..', 'server', 'match-paths.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  let entries: MatchPathEntry[];
  try {
    const parsed = JSON.parse(text) as unknown;
    entries = Array.isArray(parsed) ? parsed.filter((e): e is MatchPathEntry => typeof e?.matchPath === 'string' && typeof e?.path === 'string') : [];
  } catch {
    return null;
  }
  if (entries.length === 0) return null;
  const compiled = entries.map((e) => ({ re: new RegExp(matchPathRegex(e.matchPath, pathPrefix)), file: matchPathFile(e, pathPrefix) }));
  return (uri) => compiled.find((c) => c.re.test(uri))?.file ?? null;
}
