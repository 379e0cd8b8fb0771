// nginx 1.22's validators and conditional requests (ngx_http_not_modified_filter_module.c, ngx_parse_time.c,
// the If-Range part of the range filter), so `docsgen serve` answers 304, 412 and If-Range as production does.

/** nginx's ETag for a file: `"<mtime seconds, hex>-<size, hex>"`. */
export function nginxEtag(mtimeSeconds: number, size: number): string {
  return `"${mtimeSeconds.toString(16)}-${size.toString(16)}"`;
}

const MDAY = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** ngx_parse_http_time: seconds since the epoch for an RFC 1123, RFC 850 or asctime date, or -1. */
export function parseHttpTime(value: string): number {
  const end = value.length;
  // nginx reads the NUL-terminated header value: past the end is 0
  const c = (i: number) => (i < end ? value.charCodeAt(i) : 0);
  const d = (i: number) => c(i) >= 0x30 && c(i) <= 0x39;
  const n = (i: number) => c(i) - 0x30;
  let fmt: 'none' | 'rfc822' | 'rfc850' | 'isoc' = 'none';
  let p = 0;
  for (; p < end; p++) {
    if (c(p) === 0x2c) break;
    if (c(p) === 0x20) {
      fmt = 'isoc';
      break;
    }
  }
  for (p++; p < end; p++) if (c(p) !== 0x20) break;
  if (end - p < 18) return -1;
  let day = 0;
  let year = 0;
  if (fmt !== 'isoc') {
    if (!d(p) || !d(p + 1)) return -1;
    day = n(p) * 10 + n(p + 1);
    p += 2;
    if (c(p) === 0x20) {
      if (end - p < 18) return -1;
      fmt = 'rfc822';
    } else if (c(p) === 0x2d) fmt = 'rfc850';
    else return -1;
    p++;
  }
  let month: number;
  switch (value[p]) {
    case 'J':
      month = value[p + 1] === 'a' ? 0 : value[p + 2] === 'n' ? 5 : 6;
      break;
    case 'F':
      month = 1;
      break;
    case 'M':
      month = value[p + 2] === 'r' ? 2 : 4;
      break;
    case 'A':
      month = value[p + 1] === 'p' ? 3 : 7;
      break;
    case 'S':
      month = 8;
      break;
    case 'O':
      month = 9;
      break;
    case 'N':
      month = 10;
      break;
    case 'D':
      month = 11;
      break;
    default:
      return -1;
  }
  p += 3;
  if ((fmt === 'rfc822' && c(p) !== 0x20) || (fmt === 'rfc850' && c(p) !== 0x2d)) return -1;
  p++;
  if (fmt === 'rfc822') {
    if (!d(p) || !d(p + 1) || !d(p + 2) || !d(p + 3)) return -1;
    year = n(p) * 1000 + n(p + 1) * 100 + n(p + 2) * 10 + n(p + 3);
    p += 4;
  } else if (fmt === 'rfc850') {
    if (!d(p) || !d(p + 1)) return -1;
    year = n(p) * 10 + n(p + 1);
    year += year < 70 ? 2000 : 1900;
    p += 2;
  }
  if (fmt === 'isoc') {
    if (c(p) === 0x20) p++;
    if (!d(p)) return -1;
    day = n(p++);
    if (c(p) !== 0x20) {
      if (!d(p)) return -1;
      day = day * 10 + n(p++);
    }
    if (end - p < 14) return -1;
  }
  if (c(p++) !== 0x20) return -1;
  if (!d(p) || !d(p + 1)) return -1;
  const hour = n(p) * 10 + n(p + 1);
  p += 2;
  if (c(p++) !== 0x3a) return -1;
  if (!d(p) || !d(p + 1)) return -1;
  const min = n(p) * 10 + n(p + 1);
  p += 2;
  if (c(p++) !== 0x3a) return -1;
  if (!d(p) || !d(p + 1)) return -1;
  const sec = n(p) * 10 + n(p + 1);
  if (fmt === 'isoc') {
    p += 2;
    if (c(p++) !== 0x20) return -1;
    if (!d(p) || !d(p + 1) || !d(p + 2) || !d(p + 3)) return -1;
    year = n(p) * 1000 + n(p + 1) * 100 + n(p + 2) * 10 + n(p + 3);
  }
  if (hour > 23 || min > 59 || sec > 59) return -1;
  if (day === 29 && month === 1) {
    if (year & 3 || (year % 100 === 0 && year % 400 !== 0)) return -1;
  } else if (day > MDAY[month]!) return -1;
  // Gauss' formula for days since March 1, 1 BC (months from March), as nginx computes it
  let m = month;
  let y = year;
  if (--m <= 0) {
    m += 12;
    y -= 1;
  }
  const days = 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + Math.floor((367 * m) / 12) - 30 + day - 1 - 719527 + 31 + 28;
  return days * 86400 + hour * 3600 + min * 60 + sec;
}

/** ngx_http_test_if_match: does an If-Match / If-None-Match list name this ETag (`weak` ignores `W/`)? */
export function etagListMatches(list: string, etag: string, weak: boolean): boolean {
  if (list === '*') return true;
  const tag = weak && etag.length > 2 && etag.startsWith('W/') ? etag.slice(2) : etag;
  let s = 0;
  const end = list.length;
  while (s < end) {
    if (weak && end - s > 2 && list[s] === 'W' && list[s + 1] === '/') s += 2;
    if (tag.length > end - s) return false;
    if (list.startsWith(tag, s)) {
      s += tag.length;
      while (s < end && (list[s] === ' ' || list[s] === '\t')) s++;
      if (s === end || list[s] === ',') return true;
    }
    while (s < end && list[s] !== ',') s++;
    while (s < end && (list[s] === ' ' || list[s] === '\t' || list[s] === ',')) s++;
  }
  return false;
}

/** The request headers the not-modified filter reads (first of each; nginx refuses repeats before this). */
export interface Conditions {
  ifModifiedSince?: string;
  ifUnmodifiedSince?: string;
  ifMatch?: string;
  ifNoneMatch?: string;
}

/** The not-modified filter for a 200 answer: 412, 304, or null to send it. */
export function checkConditions(h: Conditions, lastModified: number, etag: string): 412 | 304 | null {
  if (h.ifUnmodifiedSince !== undefined && !(parseHttpTime(h.ifUnmodifiedSince) >= lastModified)) return 412;
  if (h.ifMatch !== undefined && !etagListMatches(h.ifMatch, etag, false)) return 412;
  if (h.ifModifiedSince === undefined && h.ifNoneMatch === undefined) return null;
  // `if_modified_since exact` (the default): only the very same date counts as not modified
  if (h.ifModifiedSince !== undefined && parseHttpTime(h.ifModifiedSince) !== lastModified) return null;
  if (h.ifNoneMatch !== undefined && !etagListMatches(h.ifNoneMatch, etag, true)) return null;
  return 304;
}

/** The range filter's If-Range test: a quoted value must be the ETag, anything else the Last-Modified date. */
export function ifRangeHolds(ifRange: string | undefined, lastModified: number, etag: string): boolean {
  if (ifRange === undefined) return true;
  if (ifRange.length >= 2 && ifRange.endsWith('"')) return ifRange === etag;
  return parseHttpTime(ifRange) === lastModified;
}
