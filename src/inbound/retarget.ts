// A proposal never makes a chain: an existing redirect whose target is a removed URL is pointed at the proposal's
// target instead (the final one), by rewriting its `to:` value where the YAML has it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalPathKey, type RedirectRule } from '../redirects/index.js';
import type { Proposal } from './propose.js';

/** One existing entry to point elsewhere. */
export interface Retarget {
  file: string;
  line: number;
  column: number;
  from: string;
  oldTo: string;
  newTo: string;
}

/** The existing rules whose target path is a removed URL that has a proposal, with their new target (query and fragment kept). */
export function retargets(rules: readonly RedirectRule[], proposals: readonly Proposal[]): Retarget[] {
  const final = new Map<string, string>();
  for (const p of proposals) {
    const key = p.to ? canonicalPathKey(encodeURI(p.from)) : null;
    if (key !== null && p.to) final.set(key, p.to);
  }
  const out: Retarget[] = [];
  for (const r of rules) {
    const pos = r.positions?.to;
    if (!pos || !r.to.startsWith('/')) continue;
    const cut = r.to.search(/[?#]/);
    const [pathPart, rest] = cut < 0 ? [r.to, ''] : [r.to.slice(0, cut), r.to.slice(cut)];
    const key = canonicalPathKey(pathPart);
    const to = key === null ? undefined : final.get(key);
    if (to) out.push({ file: r.location.file, line: pos.line, column: pos.column, from: r.from, oldTo: r.to, newTo: to + rest });
  }
  return out;
}

/** Rewrites each entry's `to:` value in its file (relative to `root`); returns the files changed. */
export async function applyRetargets(root: string, edits: readonly Retarget[], scalar: (s: string) => string): Promise<string[]> {
  const byFile = new Map<string, Retarget[]>();
  for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  for (const [file, list] of byFile) {
    const abs = path.resolve(root, file);
    const lines = (await readFile(abs, 'utf8')).split('\n');
    for (const e of list) {
      const line = lines[e.line - 1];
      if (line === undefined) continue;
      const start = e.column - 1;
      const tail = line.slice(start);
      // the value token: a quoted scalar up to its closing quote, else up to a comment or the end of the line
      const q = tail[0] === '"' || tail[0] === "'" ? tail.indexOf(tail[0], 1) : -1;
      const end = q > 0 ? start + q + 1 : start + (tail.search(/\s+#|\s*\r?$/) >= 0 ? tail.search(/\s+#|\s*\r?$/) : tail.length);
      lines[e.line - 1] = line.slice(0, start) + scalar(e.newTo) + line.slice(end);
    }
    await writeFile(abs, lines.join('\n'));
  }
  return [...byFile.keys()];
}
