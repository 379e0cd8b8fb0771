// How alike two pages' texts are: the Jaccard index of their sets of 3-word shingles (w-shingling, Broder 1997),
// over lower-cased words of the title and the text. Markdown syntax, link targets and HTML tags are not words.

/** Words of a page's text (Markdown or HTML): link targets, tags and punctuation dropped, lower-cased. */
export function pageWords(text: string): string[] {
  const prose = text
    .replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, ' ') // frontmatter (its title is passed separately)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ');
  return prose.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The set of `k`-word shingles of `words` (a text shorter than `k` words is one shingle). */
export function shingles(words: readonly string[], k = 3): Set<string> {
  const out = new Set<string>();
  if (words.length === 0) return out;
  if (words.length < k) out.add(words.join(' '));
  for (let i = 0; i + k <= words.length; i++) out.add(words.slice(i, i + k).join(' '));
  return out;
}

/** |A ∩ B| / |A ∪ B|; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}

/** The shingle set of a page: its title and its text. */
export function pageShingles(title: string | undefined, text: string): Set<string> {
  return shingles([...pageWords(title ?? ''), ...pageWords(text)]);
}
