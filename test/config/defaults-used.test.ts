// No dead configuration: every constant src/config/defaults.ts exports, and every member of its constant objects,
// is read somewhere in docsgen's code (src/ or the templates), not only declared.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as defaults from '../../src/config/defaults.js';
import { repoRoot } from '../helpers/cli.js';

const DEFAULTS = path.join('src', 'config', 'defaults.ts');

async function sources(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const dir of ['src', 'templates']) {
    const entries = await readdir(path.join(repoRoot, dir), { recursive: true, withFileTypes: true });
    for (const e of entries) {
      if (!e.isFile() || !/\.(ts|tsx|css)$/.test(e.name)) continue;
      const file = path.relative(repoRoot, path.join(e.parentPath, e.name));
      if (file !== DEFAULTS) out.set(file, await readFile(path.join(repoRoot, file), 'utf8'));
    }
  }
  return out;
}

/** Members of a defaults object a file reads: `NAME.member`, `d.NAME.member` or `{ member } = NAME`. */
function readsMember(text: string, name: string, member: string): boolean {
  return new RegExp(`\\b${name}\\.${member}\\b`).test(text) || new RegExp(`\\{[^}]*\\b${member}\\b[^}]*\\}\\s*=\\s*(?:\\w+\\.)?${name}\\b`).test(text);
}

describe('src/config/defaults.ts', () => {
  it('exports nothing that no code outside it reads', async () => {
    const files = await sources();
    const unused = Object.keys(defaults).filter((name) => ![...files.values()].some((t) => new RegExp(`\\b${name}\\b`).test(t)));
    expect(unused).toEqual([]);
  });

  it('has no member of a constant object that no code reads (CALCITE_DEBOUNCE.filter is the search field\'s)', async () => {
    const files = [...(await sources()).values()];
    const unused: string[] = [];
    for (const [name, value] of Object.entries(defaults)) {
      if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof RegExp || name === 'LOCALE_ALIASES') continue;
      for (const member of Object.keys(value)) {
        if (name === 'CALCITE_DEBOUNCE' && member === 'filter') continue;
        if (!files.some((t) => readsMember(t, name, member))) unused.push(`${name}.${member}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
