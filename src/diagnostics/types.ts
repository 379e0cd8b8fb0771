/** Where a problem is, 1-based, as editors show it. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  /** The text of the line, for the code frame under the message. */
  lineText?: string;
}

export type Severity = 'error' | 'warning' | 'info';

/** The one problem shape every stage reports; problems in user content are reported, never thrown. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  hint?: string;
  location?: SourceLocation;
}

/** What every library entry point returns. */
export interface StageResult<TOutputs = unknown, TStats = Record<string, number>> {
  diagnostics: Diagnostic[];
  outputs: TOutputs;
  stats: TStats;
}

/** A user-facing failure that ends a stage early (bad config, unusable input); carries its diagnostic. */
export class DiagnosticError extends Error {
  constructor(readonly diagnostic: Diagnostic, readonly exitCode: 1 | 2 = 1) {
    super(diagnostic.message);
    this.name = 'DiagnosticError';
  }
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
