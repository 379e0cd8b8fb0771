// Which local images a page probably shows, read off its Markdown text without parsing it: discovery reads
// every page anyway, and knowing the images then lets them encode while the pages render instead of after
// (images/warm.ts). Only a hint: a miss or a false find costs time, never output; the rendered pages decide
// what is published.
import path from 'node:path';
import { isExternalHref } from './paths.js';
import { decodeUrlPath } from './url-escapes.js';

// `![alt](url "title")` and `![alt](<url with spaces>)`; alt text may hold brackets one level deep
const INLINE_IMAGE = /!\[(?:[^\][\n]|\[[^\][\n]*\])*\]\(\s*(?:<([^>\n]+)>|([^\s)]+))/g;
// `[id]: url` definitions a `![alt][id]` may use, when the url names an image file
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+\.(?:png|jpe?g|gif|svg|webp|avif|tiff?|bmp|heic))>?/gim;

/** Absolute paths of the local images `text` (the Markdown file `file`) appears to reference, resolved as the content stage does. */
export function imageHintsOf(text: string, file: string, contentDir: string): string[] {
  if (!text.includes('![') && !text.includes(']:')) return [];
  const urls: string[] = [];
  for (const m of text.matchAll(INLINE_IMAGE)) urls.push((m[1] ?? m[2])!);
  for (const m of text.matchAll(DEFINITION)) urls.push(m[1]!);
  const found: string[] = [];
  for (const url of urls) {
    if (url === '' || isExternalHref(url)) continue;
    const rel = decodeUrlPath(url);
    // a malformed escape is reported when the page renders
    if (rel === null || rel === '') continue;
    const source = rel.startsWith('/') ? path.join(contentDir, rel) : path.resolve(path.dirname(file), rel);
    if (source.startsWith(contentDir + path.sep)) found.push(source);
  }
  return found;
}
