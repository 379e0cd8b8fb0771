import pc from 'picocolors';
import type { Diagnostic } from './types.js';

export type OutputFormat = 'text' | 'json' | 'github';

/** `file:line:col` of a diagnostic, or `-` when it has no place. */
export function formatLocation(d: Diagnostic): string {
  if (!d.location) return '-';
  return `${d.location.file}:${d.location.line}:${d.location.column}`;
}

/**
 * One line per problem: `path:line:column  severity  code  message  (hint)`.
 * Colors only when asked (a terminal); CI logs get plain text.
 */
export function formatDiagnostic(d: Diagnostic, color = false): string {
  const c = color ? pc : noColor;
  const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.cyan('info');
  const hint = d.hint ? `  (${d.hint})` : '';
  return `${c.bold(formatLocation(d))}  ${sev}  ${c.dim(d.code)}  ${d.message}${c.dim(hint)}`;
}

/** A GitHub Actions workflow command, so the problem shows on the pull request's diff. */
export function formatGithub(d: Diagnostic): string {
  const kind = d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
  const props: string[] = [];
  if (d.location) props.push(`file=${escapeProperty(d.location.file)}`, `line=${d.location.line}`, `col=${d.location.column}`);
  props.push(`title=${escapeProperty(d.code)}`);
  const text = d.hint ? `${d.message} (${d.hint})` : d.message;
  return `::${kind} ${props.join(',')}::${escapeData(text)}`;
}

/** `✖ 2 errors, ⚠ 1 warning`, or `✔ no problems`. */
export function formatSummary(diagnostics: readonly Diagnostic[], color = false): string {
  const c = color ? pc : noColor;
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  if (errors === 0 && warnings === 0) return c.green('✔ no problems');
  const parts: string[] = [];
  if (errors) parts.push(c.red(`✖ ${errors} ${errors === 1 ? 'error' : 'errors'}`));
  if (warnings) parts.push(c.yellow(`⚠ ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`));
  return parts.join(', ');
}

/** Sorts by file, line, column so output is stable whatever order the work finished in. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => {
    const fa = a.location?.file ?? '';
    const fb = b.location?.file ?? '';
    if (fa !== fb) return fa < fb ? -1 : 1;
    return (a.location?.line ?? 0) - (b.location?.line ?? 0) || (a.location?.column ?? 0) - (b.location?.column ?? 0);
  });
}

const identity = (s: string) => s;
const noColor = { red: identity, yellow: identity, cyan: identity, green: identity, bold: identity, dim: identity };

// GitHub's workflow-command escaping (actions/toolkit core/src/command.ts).
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
