// Percent-decoding of the local URLs a page references (images: to find the file). `decodeURI` throws a
// URIError on an escape that is not UTF-8 (`%E0`, `100%`); these return null instead, and say which escape.

/** The URL's path (before `?` or `#`) percent-decoded as decodeURI does; null when an escape is malformed. */
export function decodeUrlPath(url: string): string | null {
  const pathname = url.split(/[?#]/)[0] ?? '';
  try {
    return decodeURI(pathname);
  } catch {
    return null;
  }
}

/** The first malformed percent-escape of a URL, for the message: a `%` without two hex digits, or a run of escapes that is not UTF-8. */
export function malformedEscape(url: string): string | null {
  for (const m of url.matchAll(/(?:%[0-9a-f]{2})+|%.{0,2}/gis)) {
    const run = m[0];
    if (!/^(?:%[0-9a-f]{2})+$/i.test(run)) return run;
    try {
      decodeURIComponent(run);
    } catch {
      return run;
    }
  }
  return null;
}
