import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaults } from '../config/index.js';
import { readYaml } from '../util/read-yaml.js';
import { issuePosition } from '../util/yaml-positions.js';
import type { SourceLocation } from '../diagnostics/index.js';

/**
 * Where a key of docsgen.config.yaml is (`['markdown', 'remarkPlugins', 1]`), for a diagnostic at the plugin's own
 * entry; the file is read again only when there is a problem to report.
 */
export function configLocation(root: string, key: readonly (string | number)[]): SourceLocation {
  const file = defaults.PROJECT.configFile;
  try {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { doc, lineCounter } = readYaml(text);
    const pos = doc ? issuePosition(doc, lineCounter, key) : { line: 1, column: 1 };
    return { file, ...pos, lineText: text.split(/\r?\n/)[pos.line - 1] ?? '' };
  } catch {
    return { file, line: 1, column: 1 };
  }
}
