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
 * Finds the Markdown position of a link from the build's record: by page, then href, then occurrence
 * (the n-th time this href appears in the page is the n-th time it was written).
 */
export class LinkSources {
  private readonly byPage = new Map<string, Map<string, LinkSourceEntry[]>>();

  /** `cwd`: absolute source paths are shown relative to it. */
  constructor(private readonly data: LinkSourcesFile, private readonly cwd: string) {}

  /** The Markdown place of the `occurrence`-th `href` on `page`, or null when the build did not record it. */
  find(page: string, href: string, occurrence: number): MarkdownPlace | null {
    const entry = this.data.pages[page];
    if (!entry || typeof entry.source !== 'string') return null;
    let hrefs = this.byPage.get(page);
    if (!hrefs) {
      hrefs = new Map();
      for (const link of entry.links ?? []) {
        const list = hrefs.get(link.href);
        if (list) list.push(link);
        else hrefs.set(link.href, [link]);
      }
      this.byPage.set(page, hrefs);
    }
    const hit = hrefs.get(href)?.[occurrence];
    if (!hit) return null;
    const file = path.isAbsolute(entry.source) ? path.relative(this.cwd, entry.source) : entry.source;
    return { file: file.split(path.sep).join('/'), line: hit.line, column: hit.column };
  }

  /** The Markdown file a page was rendered from, or null. */
  sourceOf(page: string): string | null {
    return this.data.pages[page]?.source ?? null;
  }
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
