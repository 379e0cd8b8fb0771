import type { Diagnostic, SourceLocation } from '../diagnostics/index.js';

/** A missing, corrupt or unsupported image: `code` is a DG6xxx code, `message` reads well to a writer. */
export class ImageError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly file: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }

  /** The error as a diagnostic at `location` (a Markdown reference), or at the image file itself. */
  toDiagnostic(location?: SourceLocation): Diagnostic {
    const d: Diagnostic = {
      code: this.code,
      severity: 'error',
      message: this.message,
      location: location ?? { file: this.file, line: 1, column: 1 },
    };
    if (this.hint) d.hint = this.hint;
    return d;
  }
}
