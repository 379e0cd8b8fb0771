// How a page file's bytes become its text, the same in discovery and in the render threads: UTF-8, with a
// leading byte order mark dropped (editors and remark drop it too; kept, it hides the frontmatter's `---`),
// and bytes that are not UTF-8 found and reported instead of silently published as U+FFFD.
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';

// ignoreBOM is false by default: the decoder drops a leading U+FEFF itself
const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** The first byte of a page that is not UTF-8, and where it is (1-based, columns as mdast counts them). */
export interface InvalidByte {
  byte: number;
  line: number;
  column: number;
}

/** A page's text, and its first non-UTF-8 byte if it has one (the text then holds U+FFFD there). */
export interface PageText {
  text: string;
  invalid: InvalidByte | null;
}

/**
 * Decodes a page's bytes. The strict decoder validates while it decodes, so a good page is decoded once;
 * only a bad one is decoded again, leniently, and searched for its first bad byte.
 */
export function decodePage(bytes: Uint8Array): PageText {
  try {
    return { text: strict.decode(bytes), invalid: null };
  } catch {
    return { text: lenient.decode(bytes), invalid: locateInvalidByte(bytes) };
  }
}

/** The diagnostic for a page that is not UTF-8, at its first bad byte. */
export function invalidUtf8(file: string, invalid: InvalidByte, text: string): Diagnostic {
  const hex = invalid.byte.toString(16).toUpperCase().padStart(2, '0');
  return {
    code: codes.PAGE_NOT_UTF8,
    severity: 'error',
    message: `the page is not valid UTF-8: byte 0x${hex} cannot be read (it would be published as �)`,
    hint: 'save the file as UTF-8; your editor may have saved it as Latin-1 or Windows-1252',
    location: { file, line: invalid.line, column: invalid.column, lineText: text.split(/\r\n?|\n/)[invalid.line - 1] ?? '' },
  };
}

/**
 * Finds the first bad byte by bisection on the longest prefix a streaming strict decoder accepts (a prefix
 * that ends inside a character is fine while streaming): that prefix's text says the line and column.
 */
function locateInvalidByte(bytes: Uint8Array): InvalidByte {
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tryDecodePrefix(bytes, mid) === null) hi = mid - 1;
    else lo = mid;
  }
  const text = tryDecodePrefix(bytes, lo) ?? '';
  // the bytes the prefix's whole characters took; a character cut off at its end is the bad one
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const used = Math.min(bom + Buffer.byteLength(text, 'utf8'), bytes.length - 1);
  const lines = text.split(/\r\n?|\n/);
  return { byte: bytes[used] ?? 0, line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

function tryDecodePrefix(bytes: Uint8Array, length: number): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream: true });
  } catch {
    return null;
  }
}
