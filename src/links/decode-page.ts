import { isUtf8 } from 'node:buffer';

/** A page's text, and why its links may be incomplete when its bytes could not be decoded cleanly. */
export interface DecodedPage {
  html: string;
  /** Set when the bytes are not valid in the encoding they were read in (the page is still checked). */
  problem?: string;
}

// The HTML spec looks for `<meta charset>` in the first 1024 bytes only.
const PRESCAN_BYTES = 1024;

/**
 * Decodes an HTML file the way a browser decides its encoding (HTML spec, "determining the character
 * encoding"): a byte order mark first (UTF-8, UTF-16LE, UTF-16BE), then a `<meta charset>` or
 * `http-equiv=content-type` in the first 1024 bytes, else UTF-8. Bytes that are not valid in that encoding,
 * or a declared encoding that no browser knows, are named in `problem`: such a page is never silently empty.
 * A UTF-8 page costs one validity scan and a look at its first kilobyte beyond the decoding it always had.
 */
export function decodePage(bytes: Buffer): DecodedPage {
  const b0 = bytes[0];
  if (b0 === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes, 3);
  if (b0 === 0xff && bytes[1] === 0xfe) return decodeWith('utf-16le', bytes, 'UTF-16LE (its byte order mark says so)');
  if (b0 === 0xfe && bytes[1] === 0xff) return decodeWith('utf-16be', bytes, 'UTF-16BE (its byte order mark says so)');
  const declared = prescanCharset(bytes.toString('latin1', 0, Math.min(PRESCAN_BYTES, bytes.length)));
  if (declared.encoding === null || declared.encoding === 'utf-8') {
    const page = decodeUtf8(bytes, 0);
    if (declared.unknown === null) return page;
    return { html: page.html, problem: `declares the encoding \`${declared.unknown}\`, which browsers do not know; it was read as UTF-8${page.problem ? `, and ${page.problem}` : ''}` };
  }
  return decodeWith(declared.encoding, bytes, `${declared.encoding} (its <meta charset> says so)`);
}

function decodeUtf8(bytes: Buffer, start: number): DecodedPage {
  const html = bytes.toString('utf8', start);
  // a page with NUL bytes is UTF-16 without its byte order mark (its tags are `<\0a\0`: none would be found)
  if (bytes.indexOf(0) !== -1) return { html, problem: 'contains NUL bytes: it looks like UTF-16 without a byte order mark, and links in it are missed' };
  if (!isUtf8(start ? bytes.subarray(start) : bytes)) return { html, problem: 'is not valid UTF-8 (invalid bytes were read as U+FFFD); links in it may be missed' };
  return { html };
}

function decodeWith(encoding: string, bytes: Buffer, what: string): DecodedPage {
  try {
    return { html: decoder(encoding, true).decode(bytes) };
  } catch {
    return { html: decoder(encoding, false).decode(bytes), problem: `is not valid ${what}; links in it may be missed` };
  }
}

const decoders = new Map<string, TextDecoder>();
function decoder(encoding: string, fatal: boolean): TextDecoder {
  const key = `${encoding}\0${fatal}`;
  let d = decoders.get(key);
  if (!d) {
    d = new TextDecoder(encoding, { fatal });
    decoders.set(key, d);
  }
  return d;
}

/** The WHATWG name of the encoding a label stands for (`latin1` → `windows-1252`), or null when it names none. */
function encodingOf(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

const TAG = /<(\/?)([A-Za-z][^\t\n\f\r />]*)/y;
const ATTR = /[\t\n\f\r /]*([^\t\n\f\r />][^\t\n\f\r />=]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r >]*)))?/y;
const CONTENT_CHARSET = /charset[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r ;"']+))/i;

/**
 * The encoding the first `<meta>` that declares a known one names, from the first kilobyte of a page read as
 * Latin-1 (one character per byte): the HTML spec's prescan, comments and other tags' attributes skipped.
 * `unknown` is the first declared label no browser knows (browsers ignore it and go on looking).
 */
export function prescanCharset(head: string): { encoding: string | null; unknown: string | null } {
  let unknown: string | null = null;
  let i = 0;
  while (i < head.length) {
    const lt = head.indexOf('<', i);
    if (lt < 0) break;
    if (head.startsWith('<!--', lt)) {
      const end = head.indexOf('-->', lt + 4);
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(head);
    if (!tag) {
      // `<!doctype>`, `</ >`, `<?...>`: skipped to their end; a lone `<` is text
      const c = head[lt + 1];
      i = c === '!' || c === '/' || c === '?' ? head.indexOf('>', lt) + 1 || head.length : lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const isMeta = tag[1] === '' && tag[2]!.toLowerCase() === 'meta';
    const attrs = new Map<string, string>();
    for (;;) {
      ATTR.lastIndex = i;
      const a = ATTR.exec(head);
      if (!a || a[0] === '') break;
      i = ATTR.lastIndex;
      const name = a[1]!.toLowerCase();
      if (!attrs.has(name)) attrs.set(name, a[2] ?? a[3] ?? a[4] ?? '');
    }
    if (!isMeta) continue;
    // whichever of `charset` and a content-type `content` comes first declares the page's encoding
    let label: string | null = null;
    for (const [name, value] of attrs) {
      if (name === 'charset') label = value;
      else if (name === 'content' && (attrs.get('http-equiv') ?? '').toLowerCase() === 'content-type') {
        const m = CONTENT_CHARSET.exec(value);
        if (m) label = m[1] ?? m[2] ?? m[3]!;
      }
      if (label !== null) break;
    }
    if (label === null) continue;
    const encoding = encodingOf(label);
    if (encoding === null) {
      unknown ??= label;
      continue;
    }
    // a page that names a UTF-16 encoding in ASCII-compatible bytes is not UTF-16: the spec reads it as UTF-8
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return { encoding: 'utf-8', unknown };
    return { encoding: encoding === 'x-user-defined' ? 'windows-1252' : encoding, unknown };
  }
  return { encoding: null, unknown };
}
