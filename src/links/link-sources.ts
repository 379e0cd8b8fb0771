import path from 'node:path';

/** One rendered link and the Markdown position it came from. */
export interface LinkSourceEntry {
  href: string;
  line: number;
  column: number;
}

/** `dist/server/link-sources.json` as the build writes it. */
export interface LinkSourcesFile {
  version: 1;
  pages: Record<string, { source: string; links?: LinkSourceEntry[] }>;
}

/** Where in Markdown a problem's link was written. */
export interface MarkdownPlace {
  file: string;
  line: number;
  column: number;
}

/**
 * Finds the Markdown position of a rendered link from the build's record. The record lists the links of the
 * Markdown body in document order; the page also has template links (navigation, footer) that may repeat an
 * href, so the record is aligned with the page's references as a subsequence, preferring the tightest span
 * (a page's body is one contiguous region), rather than trusting "the n-th occurrence".
 */
export class LinkSources {
  /** Source paths are resolved against `sourceRoot` (the project root) and shown relative to `cwd`. */
  constructor(private readonly data: LinkSourcesFile, private readonly cwd: string, private readonly sourceRoot = cwd) {}

  /** The Markdown file a page was rendered from, or null. */
  sourceOf(page: string): string | null {
    const source = this.data.pages[page]?.source;
    return typeof source === 'string' ? source : null;
  }

  /** For each of the page's references (hrefs in document order), its Markdown place or null. */
  placesFor(page: string, pageHrefs: readonly string[]): Array<MarkdownPlace | null> {
    const entry = this.data.pages[page];
    const out: Array<MarkdownPlace | null> = pageHrefs.map(() => null);
    if (!entry || typeof entry.source !== 'string' || !Array.isArray(entry.links)) return out;
    const file = path.relative(this.cwd, path.resolve(this.sourceRoot, entry.source)).split(path.sep).join('/');
    const recorded = entry.links;
    const match = alignLinks(recorded.map((l) => l.href), pageHrefs);
    match.forEach((j, i) => {
      const link = j >= 0 ? recorded[j] : undefined;
      if (link) out[i] = { file, line: link.line, column: link.column };
    });
    return out;
  }
}

/**
 * Aligns the recorded hrefs with the page's hrefs: for each page index, the recorded index it is, or -1.
 * Tries every page position where the first recorded href occurs, matches greedily forward, and keeps the
 * alignment that matches most links over the shortest stretch of the page.
 */
export function alignLinks(recorded: readonly string[], page: readonly string[]): number[] {
  let best: number[] = page.map(() => -1);
  if (recorded.length === 0) return best;
  let bestCount = 0;
  let bestSpan = Infinity;
  const starts = new Set<number>();
  for (let j = 0; j < recorded.length && starts.size === 0; j++) {
    // normally the first recorded href; if the page lacks it, the first one the page has
    page.forEach((h, i) => {
      if (h === recorded[j]) starts.add(i);
    });
  }
  for (const start of starts) {
    const map = page.map(() => -1);
    let pos = start;
    let count = 0;
    let first = -1;
    let last = -1;
    for (let j = 0; j < recorded.length; j++) {
      let i = pos;
      while (i < page.length && page[i] !== recorded[j]) i++;
      if (i >= page.length) continue; // not on the page: skip this record, keep position
      map[i] = j;
      if (first < 0) first = i;
      last = i;
      count++;
      pos = i + 1;
    }
    const span = last - first;
    if (count > bestCount || (count === bestCount && span < bestSpan)) {
      best = map;
      bestCount = count;
      bestSpan = span;
    }
  }
  return best;
}

/** Validates the parsed JSON of a link-sources file; throws a readable message when its shape is wrong. */
export function parseLinkSources(text: string): LinkSourcesFile {
  const data = JSON.parse(text) as Partial<LinkSourcesFile>;
  if (!data || typeof data !== 'object' || typeof data.pages !== 'object' || data.pages === null) {
    throw new Error('expected {"version": 1, "pages": {...}}');
  }
  if (data.version !== 1) throw new Error(`unsupported version ${String(data.version)} (expected 1)`);
  return data as LinkSourcesFile;
}
