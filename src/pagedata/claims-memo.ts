// The output-claims check (outputs.ts) remembered between builds: its problems depend only on the pages' files and
// paths, the site's own files and docsgen itself, so a rebuild whose edit added, removed or moved no page takes
// them from `.docsgen-cache/plan/claims.json` (a checked file) instead of claiming 30,000 paths again.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { cacheKey, checkedBytes, engineId, withChecksum } from '../cache/index.js';
import type { SourcePage } from '../content/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { OutputClaim } from './outputs.js';

/** The problems of the output claims of these pages (claimOutputs' diagnostics), from the cache in `cacheDir` when kept. */
export function claimProblems(pages: readonly SourcePage[], pathPrefix: string, extra: readonly OutputClaim[], cacheDir: string | undefined, check: () => Diagnostic[]): Diagnostic[] {
  if (!cacheDir) return check();
  const file = path.join(cacheDir, 'plan', 'claims.json');
  const key = cacheKey(engineId(), pathPrefix, JSON.stringify(extra), pages.map((p) => `${p.displayFile}\0${p.pagePath}`).join('\n'));
  try {
    const bytes = checkedBytes(readFileSync(file));
    const kept = bytes ? (JSON.parse(bytes.toString('utf8')) as { key: string; diagnostics: Diagnostic[] }) : null;
    if (kept?.key === key) return kept.diagnostics;
  } catch {
    // none yet
  }
  const diagnostics = check();
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, withChecksum(Buffer.from(JSON.stringify({ key, diagnostics }))));
  } catch {
    // a cache that cannot be written is only slower next time
  }
  return diagnostics;
}
