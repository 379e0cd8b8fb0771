// Proposals as entries of redirects/*.yaml (the repository's own format: `- from:` / `to:`), each under a comment
// with its confidence, score and reason, so a person can review them before committing.
import type { Proposal } from './propose.js';
import type { Retarget } from './retarget.js';

/** YAML for the proposals that have a target; values quoted only when YAML would misread them. */
export function proposalsYaml(proposals: readonly Proposal[], retargeted: readonly Retarget[] = []): string {
  const lines: string[] = [];
  for (const r of retargeted) lines.push(`# ${r.file}:${r.line}: ${r.from} should go straight to ${r.newTo}, not ${r.oldTo} (--write changes it)`);
  for (const p of proposals) {
    if (!p.to) {
      lines.push(`# ${p.from}: no target found (${p.reason})`);
      continue;
    }
    lines.push(`# ${p.confidence} (${p.score.toFixed(2)}, ${p.method}): ${p.reason.replace(/[\r\n]+/g, ' ')}`);
    lines.push(`- from: ${scalar(p.from)}`, `  to: ${scalar(p.to)}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** A YAML plain scalar when it reads back as the same string, else a JSON (double-quoted) one. */
export function scalar(s: string): string {
  return /^[/A-Za-z0-9][^\s#:'"]*$/.test(s) && !/[:#]/.test(s) ? s : JSON.stringify(s);
}
