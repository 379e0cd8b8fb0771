/**
 * nginx's `$uri` for a raw request path: percent-escapes decoded (bytes, then UTF-8), runs of slashes merged
 * (`merge_slashes on`), `.` and `..` segments resolved. Returns null where nginx answers 400: a bad escape, a
 * NUL byte, or `..` climbing above the root. Locations, files and the directory redirect all use this form;
 * only the redirect map looks at the raw path.
 */
export function normalizeUri(rawPath: string): string | null {
  if (/%(?![0-9A-Fa-f]{2})/.test(rawPath)) return null;
  // Node hands the request line over as latin1, one char per byte; nginx works on those bytes too
  const bytes: number[] = [];
  for (let i = 0; i < rawPath.length; i++) {
    if (rawPath[i] === '%') {
      bytes.push(parseInt(rawPath.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(rawPath.charCodeAt(i) & 0xff);
  }
  const decoded = Buffer.from(bytes).toString('utf8');
  if (!decoded.startsWith('/') || decoded.includes('\0')) return null;
  const out: string[] = [];
  const segments = decoded.split(/\/+/).slice(1);
  segments.forEach((seg, i) => {
    const last = i === segments.length - 1;
    if (seg === '.' || seg === '..') {
      if (seg === '..') {
        if (out.length === 0) out.push('\0');
        else out.pop();
      }
      // a trailing `.` or `..` names a directory: keep the slash
      if (last) out.push('');
    } else out.push(seg);
  });
  if (out.includes('\0')) return null;
  return '/' + out.join('/');
}
