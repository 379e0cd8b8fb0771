// nginx 1.22's range filter (ngx_http_range_filter_module.c), ported: which Range headers give a 206, a 416 or
// the whole file. Numbers are BigInts because nginx parses them as 63-bit off_t and refuses one past that.

/** One satisfiable range: bytes `start` to `end` inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What the range filter decides: the ranges to send, 416, or the whole file (`null`). */
export type RangeDecision = ByteRange[] | 'unsatisfiable' | null;

const MAX_OFF_T = (1n << 63n) - 1n;
const CUTOFF = MAX_OFF_T / 10n;
const CUTLIM = MAX_OFF_T % 10n;

/**
 * nginx's ngx_http_range_parse for a Range header and a file of `size` bytes (max_ranges unlimited): spaces
 * allowed around numbers, suffix ranges count from the end, ends past the file are clipped, unsatisfiable parts
 * of a list are skipped; 416 for a syntax error, a number past 2^63-1 or no satisfiable part; the whole file when
 * a part starts at 0 but is empty, or when the parts add up to more than the file.
 */
export function parseRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined || header.length < 7 || header.slice(0, 6).toLowerCase() !== 'bytes=') return null;
  const len = BigInt(size);
  // nginx reads up to the header's terminating NUL
  const at = (i: number) => (i < header.length ? header.charCodeAt(i) : 0);
  const digit = (c: number) => c >= 0x30 && c <= 0x39;
  const ranges: ByteRange[] = [];
  let total = 0n;
  let p = 6;
  for (;;) {
    let start = 0n;
    let end = 0n;
    let suffix = false;
    let open = false;
    while (at(p) === 0x20) p++;
    if (at(p) !== 0x2d /* - */) {
      if (!digit(at(p))) return 'unsatisfiable';
      while (digit(at(p))) {
        const d = BigInt(at(p) - 0x30);
        if (start >= CUTOFF && (start > CUTOFF || d > CUTLIM)) return 'unsatisfiable';
        start = start * 10n + d;
        p++;
      }
      while (at(p) === 0x20) p++;
      if (at(p++) !== 0x2d) return 'unsatisfiable';
      while (at(p) === 0x20) p++;
      if (at(p) === 0x2c /* , */ || at(p) === 0) {
        end = len;
        open = true;
      }
    } else {
      suffix = true;
      p++;
    }
    if (!open) {
      if (!digit(at(p))) return 'unsatisfiable';
      while (digit(at(p))) {
        const d = BigInt(at(p) - 0x30);
        if (end >= CUTOFF && (end > CUTOFF || d > CUTLIM)) return 'unsatisfiable';
        end = end * 10n + d;
        p++;
      }
      while (at(p) === 0x20) p++;
      if (at(p) !== 0x2c && at(p) !== 0) return 'unsatisfiable';
      if (suffix) {
        start = end < len ? len - end : 0n;
        end = len - 1n;
      }
      end = end >= len ? len : end + 1n;
    }
    // here `end` is exclusive, as in nginx
    if (start < end) {
      ranges.push({ start: Number(start), end: Number(end - 1n) });
      if (total > MAX_OFF_T - (end - start)) return 'unsatisfiable';
      total += end - start;
    } else if (start === 0n) return null;
    if (at(p++) !== 0x2c) break;
  }
  if (ranges.length === 0) return 'unsatisfiable';
  if (total > len) return null;
  return ranges;
}
