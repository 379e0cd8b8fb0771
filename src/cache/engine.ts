import { readFileSync } from 'node:fs';
import path from 'node:path';
import { docsgenRoot } from '../config/index.js';

let cached: string | undefined;

/**
 * Identifies this docsgen: the package version plus the hash of its compiled code (written by
 * scripts/compile.mjs), so pages cached by another docsgen, even of the same version, are never reused.
 */
export function engineId(): string {
  if (cached !== undefined) return cached;
  const pkg = JSON.parse(readFileSync(path.join(docsgenRoot, 'package.json'), 'utf8')) as { version: string };
  let code: string;
  try {
    code = (JSON.parse(readFileSync(path.join(docsgenRoot, 'lib/engine-id.json'), 'utf8')) as { id: string }).id;
  } catch {
    // no id (a checkout compiled by other means): a fresh id per process, so nothing is reused across runs
    code = `unknown-${process.pid}-${Date.now()}`;
  }
  cached = `${pkg.version}+${code}`;
  return cached;
}
