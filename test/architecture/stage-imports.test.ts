import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

// Stages import each other through their index.ts (their public face). src/util/ is shared helpers, imported
// directly; worker entry points are loaded by path, not imported; a stage's codes.ts (plain data, no imports)
// may be imported by the diagnostics catalogue directly, since going through index.ts would be an import cycle. The imports that reached into another
// stage's files when this check was added are listed in stage-imports.known.json: that list may only shrink.

const KNOWN = path.join(repoRoot, 'test/architecture/stage-imports.known.json');

/** Every `from '../<stage>/<file>'` in src/ that is not `<stage>/index.js`, as `importer -> target`. */
async function deepImports(): Promise<string[]> {
  const found: string[] = [];
  for (const file of (await fg('src/**/*.{ts,tsx}', { cwd: repoRoot })).sort()) {
    const text = await readFile(path.join(repoRoot, file), 'utf8');
    const stage = file.split('/')[1];
    for (const m of text.matchAll(/(?:from|import\()\s*'(\.\.?\/[^']+)'/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!));
      const [, targetStage, ...rest] = target.split('/');
      if (!targetStage || targetStage === stage || rest.length === 0 || targetStage === 'util') continue;
      if (rest.length === 1 && rest[0] === 'index.js') continue;
      if (file === 'src/diagnostics/catalogue.ts' && rest.length === 1 && rest[0] === 'codes.js') continue;
      found.push(`${file} -> ${target}`);
    }
  }
  return [...new Set(found)];
}

describe('stage boundaries', () => {
  it('adds no import that reaches into another stage past its index.ts', async () => {
    const known: string[] = JSON.parse(await readFile(KNOWN, 'utf8'));
    const now = await deepImports();
    const added = now.filter((i) => !known.includes(i));
    expect(added, 'import these through the stage index.ts (or move a shared helper to src/util/)').toEqual([]);
    // an entry fixed since is taken off the list, so the list only shrinks
    expect(known.filter((i) => !now.includes(i)), 'remove these from stage-imports.known.json').toEqual([]);
  });
});
