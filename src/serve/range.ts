import type { Stats } from 'node:fs';

/**
 * A Range header rewritten into the one form sirv reads correctly (`bytes=start-end`), as nginx interprets it:
 * suffix ranges (`bytes=-500`) count from the end, an end past the file is clipped, a start past the end or
 * after the end is 416. Returns null to serve the whole file: no header, a syntax nginx ignores, several ranges (nginx would
 * answer multipart/byteranges; the preview sends the whole file), or an If-Range that no longer matches.
 */
export function normalizeRange(range: string | undefined, ifRange: string | undefined, st: Stats): string | 'unsatisfiable' | null {
  if (!range) return null;
  if (ifRange && ifRange !== st.mtime.toUTCString()) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.replace(/\s+/g, ''));
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const size = st.size;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    if (start >= size) return 'unsatisfiable';
    if (m[2] !== '' && Number(m[2]) < start) return 'unsatisfiable';
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return `bytes=${start}-${end}`;
}
