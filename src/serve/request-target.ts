// What nginx 1.22 makes of a request-target, ported state for state from ngx_http_parse_request_line (the target
// part) and ngx_http_parse_complex_uri, so `docsgen serve` decodes, merges and resolves exactly as production.
// Strings hold one byte per char (latin1), as Node hands the request line over and as nginx works on it.

/** nginx's view of a request-target. */
export interface RequestTarget {
  /** `$request_uri`: the target from its path on (an absolute-form target loses its scheme and host). */
  requestUri: string;
  /** `$uri`: escapes decoded, slashes merged, `.`/`..` resolved, a `#fragment` dropped; bytes as latin1 chars. */
  uri: string;
  /** `$args`: the raw query after the first `?`, up to a `#`. */
  args: string;
  /** The host of an absolute-form target (`http://host/...`), as sent; null for a plain path. */
  host: string | null;
}

// ngx_http_parse.c's `usual` table: bytes that need no attention in a path (not / . % ? # + space or a control)
const USUAL = [0x00000000, 0x7fff37d6, 0xffffffff, 0x7fffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff];
const usual = (ch: number) => (USUAL[ch >> 5]! & (1 << (ch & 0x1f))) !== 0;
const isControl = (ch: number) => ch < 0x20 || ch === 0x7f;

/**
 * Parses a request-target as nginx does; null where nginx answers 400: a bad or truncated escape, `%00`, a raw
 * control character, `..` above the root, a target that is neither a path nor `scheme://host[:port]...`.
 */
export function parseRequestTarget(target: string): RequestTarget | null {
  let start = 0;
  let host: string | null = null;
  let emptyPath = false;
  if (target[0] !== '/') {
    // absolute-form: scheme "://" host [":" port], then "/", "?" or the end
    const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(\[[A-Za-z0-9:._~!$&'()*+,;=-]*\]|[A-Za-z0-9.-]*)(:[0-9]*)?/.exec(target);
    if (!m) return null;
    host = m[1]! + (m[2] ?? '');
    start = m[0].length;
    if (start === target.length) return { requestUri: '/', uri: '/', args: '', host };
    if (target[start] === '?') emptyPath = true;
    else if (target[start] !== '/') return null;
  }
  for (let i = start; i < target.length; i++) if (isControl(target.charCodeAt(i))) return null;
  const parsed = parseComplexUri(target, start, emptyPath);
  return parsed && { requestUri: target.slice(start), ...parsed, host };
}

const enum S {
  Usual,
  Slash,
  Dot,
  DotDot,
  Quoted,
  QuotedSecond,
}

/** ngx_http_parse_complex_uri with merge_slashes on: the path from `start` to `$uri` and `$args`. */
function parseComplexUri(s: string, start: number, emptyPath: boolean): { uri: string; args: string } | null {
  const out: number[] = emptyPath ? [0x2f] : [];
  // `p` is the index after the current char, as in the C code; past the end reads a space (the request line's)
  let p = start;
  const next = () => (p < s.length ? s.charCodeAt(p++) : (p++, 0x20));
  let ch = next();
  let state = S.Usual;
  let quotedState = S.Usual;
  let decoded = 0;
  let argsStart = -1;
  /** Drops the last segment before a `/..`: u -= 4, then back to the previous slash. */
  const climb = (): boolean => {
    let u = out.length - 4;
    for (;;) {
      if (u < 0) return false;
      if (out[u] === 0x2f) break;
      u--;
    }
    out.length = u + 1;
    return true;
  };
  let done = false;
  while (p <= s.length && !done) {
    switch (state) {
      case S.Usual:
      case S.Slash:
      case S.Dot:
      case S.DotDot: {
        if (usual(ch)) {
          state = S.Usual;
          out.push(ch);
          ch = next();
          break;
        }
        if (ch === 0x25 /* % */) {
          quotedState = state;
          state = S.Quoted;
          ch = next();
          break;
        }
        if (ch === 0x3f /* ? */ || ch === 0x23 /* # */) {
          if (state === S.Dot) out.pop();
          else if (state === S.DotDot && !climb()) return null;
          if (ch === 0x3f) argsStart = p;
          done = true;
          break;
        }
        if (ch === 0x2f /* / */) {
          if (state === S.Usual) out.push(ch);
          else if (state === S.Dot) out.pop();
          else if (state === S.DotDot && !climb()) return null;
          // S.Slash: merge_slashes drops the second slash
          state = S.Slash;
          ch = next();
          break;
        }
        if (ch === 0x2e /* . */ && (state === S.Slash || state === S.Dot)) {
          state = state === S.Slash ? S.Dot : S.DotDot;
          out.push(ch);
          ch = next();
          break;
        }
        // `+`, `.` inside a name, a decoded control or space: an ordinary byte
        state = S.Usual;
        out.push(ch);
        ch = next();
        break;
      }
      case S.Quoted: {
        const c = ch | 0x20;
        if (ch >= 0x30 && ch <= 0x39) decoded = ch - 0x30;
        else if (c >= 0x61 && c <= 0x66) decoded = c - 0x61 + 10;
        else return null;
        state = S.QuotedSecond;
        ch = next();
        break;
      }
      case S.QuotedSecond: {
        const c = ch | 0x20;
        if (ch >= 0x30 && ch <= 0x39) {
          ch = (decoded << 4) + ch - 0x30;
          if (ch === 0x25 || ch === 0x23) {
            // an encoded % or # stays a literal byte
            state = S.Usual;
            out.push(ch);
            ch = next();
            break;
          }
          if (ch === 0) return null;
        } else if (c >= 0x61 && c <= 0x66) {
          ch = (decoded << 4) + c - 0x61 + 10;
          if (ch === 0x3f) {
            state = S.Usual;
            out.push(ch);
            ch = next();
            break;
          }
        } else return null;
        // the decoded byte is handled by the state before the escape: %2F is a slash, %2E a dot
        state = quotedState;
        break;
      }
    }
  }
  if (!done) {
    if (state === S.Quoted || state === S.QuotedSecond) return null;
    if (state === S.Dot) out.pop();
    else if (state === S.DotDot && !climb()) return null;
  }
  let args = '';
  if (argsStart !== -1) {
    const hash = s.indexOf('#', argsStart);
    args = s.slice(argsStart, hash === -1 ? s.length : hash);
  }
  return { uri: Buffer.from(out).toString('latin1'), args };
}
