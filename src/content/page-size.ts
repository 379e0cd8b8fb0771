import { MAX_PAGE_BYTES } from '../config/index.js';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';

/**
 * The error for a page larger than MAX_PAGE_BYTES, or null: asked with the file's size before its text is read,
 * by discovery and again by the render thread (the file may have grown in between).
 */
export function pageSizeProblem(displayFile: string, bytes: number): Diagnostic | null {
  if (bytes <= MAX_PAGE_BYTES) return null;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  // just over the limit, megabytes with one decimal would read as equal to it
  const size = mb(bytes) === mb(MAX_PAGE_BYTES) ? `${bytes} bytes` : `${mb(bytes)} MB`;
  return {
    code: codes.PAGE_TOO_LARGE,
    severity: 'error',
    message: `the page is ${size}, more than the ${mb(MAX_PAGE_BYTES)} MB (${MAX_PAGE_BYTES} bytes) a page may be`,
    hint: 'split it into several pages; a page this large takes gigabytes of memory to build and long to load',
    location: { file: displayFile, line: 1, column: 1 },
  };
}
