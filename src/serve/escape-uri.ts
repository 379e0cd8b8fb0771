// nginx's ngx_escape_uri(NGX_ESCAPE_URI), the escaping of the Location it sends for a directory without its slash.

// bytes nginx escapes in a URI: controls, space, `"` `#` `%` `<` `>` `?` `\` `^` `` ` `` `{` `|` `}`, DEL and every
// byte from 0x80 (the bitmap of ngx_string.c, one bit per byte)
const ESCAPE = [0xffffffff, 0xd000002d, 0x50000000, 0xb8000001, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff];

/** Percent-escapes (upper-case hex) the bytes of `uri` (one byte per char) that nginx escapes in a URI. */
export function escapeUri(uri: string): string {
  let out = '';
  for (let i = 0; i < uri.length; i++) {
    const ch = uri.charCodeAt(i) & 0xff;
    out += ESCAPE[ch >> 5]! & (1 << (ch & 0x1f)) ? '%' + ch.toString(16).toUpperCase().padStart(2, '0') : uri[i];
  }
  return out;
}
