/**
 * The URLs of a `srcset` attribute, following the HTML spec's candidate parsing: a URL runs to the next
 * whitespace, a URL's trailing commas end the candidate, and descriptors run to a comma outside parentheses.
 * (Splitting on commas would break URLs that contain commas.)
 */
export function parseSrcset(value: string): string[] {
  const urls: string[] = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    while (i < n && (isSpace(value.charCodeAt(i)) || value[i] === ',')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(value.charCodeAt(i))) i++;
    let url = value.slice(start, i);
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // skip descriptors ("2x", "640w") up to the comma that ends this candidate
      let depth = 0;
      while (i < n) {
        const c = value[i];
        if (c === '(') depth++;
        else if (c === ')') depth = Math.max(0, depth - 1);
        else if (c === ',' && depth === 0) break;
        i++;
      }
    }
    if (url) urls.push(url);
  }
  return urls;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}
