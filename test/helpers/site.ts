import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

/** Every file under a folder with the sha256 of its bytes: compares two outputs byte for byte. */
export async function snapshotTree(dir: string): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  const out: Record<string, string> = {};
  for (const f of files) out[f] = createHash('sha256').update(await readFile(path.join(dir, f))).digest('hex');
  return out;
}
