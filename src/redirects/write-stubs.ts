import { lstat, mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { diag } from './check-entry.js';
import { STUB_MARK, type StubPage } from './formats/html.js';

/** True when `file` is a stub an earlier export wrote (its head carries STUB_MARK): not a page, and replaceable. */
export async function isStubPage(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').includes(`<meta name="generator" content="${STUB_MARK}">`);
  } finally {
    await handle.close();
  }
}

/**
 * Writes html stub pages under `dir` (a web root), never over a file other than an earlier stub: when any stub's
 * file already exists (a page), nothing is written and each such stub is reported (DG4016) at its rule. New files
 * are created exclusively, so a page that appears meanwhile is not replaced either. `shown`: `dir` in messages.
 */
export async function writeStubPages(stubs: readonly StubPage[], dir: string, shown = dir): Promise<{ written: number; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const inside = stubs.filter((s) => path.resolve(dir, s.file).startsWith(path.resolve(dir) + path.sep));
  const stale = new Set<string>();
  for (const s of inside) {
    const file = path.resolve(dir, s.file);
    const exists = await lstat(file).then(() => true, () => false);
    if (exists && (await isStubPage(file))) stale.add(file);
    else if (exists) diagnostics.push(overwrite(s, shown));
  }
  if (diagnostics.length > 0) return { written: 0, diagnostics };
  const mine = new Set<string>();
  let written = 0;
  for (const s of inside) {
    const file = path.resolve(dir, s.file);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await writeFile(file, s.html, { flag: stale.has(file) ? 'w' : 'wx' });
      mine.add(file.toLowerCase());
      written++;
    } catch (err) {
      // a case-insensitive file system: the lower-case twin is the stub just written
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && mine.has(file.toLowerCase())) continue;
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') diagnostics.push(overwrite(s, shown));
      else throw err;
    }
  }
  return { written, diagnostics };
}

function overwrite(s: StubPage, shown: string): Diagnostic {
  return diag('OVERWRITES_FILE', s.rule, `the stub for \`${s.rule.from}\` would replace \`${path.posix.join(shown, s.file)}\`, which already exists`, 'a redirect cannot stand where a page is: remove the redirect (or the page, if it really moved); nothing was written', 'from');
}
