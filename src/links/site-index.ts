import { EXEMPT_EXTENSIONS } from '../config/index.js';

/** How a URL path maps onto the files of the site. */
export type Lookup =
  | { status: 'ok'; file: string }
  /** A folder with an index.html asked for without its trailing slash: the server answers 301 to `url`. */
  | { status: 'no-slash'; file: string; url: string }
  /** Exists only with other letter case: `url` is the path with the real case. */
  | { status: 'case'; url: string }
  | { status: 'missing'; outsidePrefix: boolean };

/**
 * The files of a built site, for lookups that behave like the server: `index.html` for folders, trailing
 * slash required for folders, files by exact (case-sensitive) name. Built once per thread from the file list.
 */
export class SiteIndex {
  private readonly files: Set<string>;
  private lower: Map<string, string> | null = null;

  /** `files`: every file's path relative to the web root, `/`-separated. */
  constructor(files: Iterable<string>, readonly pathPrefix = '') {
    this.files = new Set(files);
  }

  /** True when the file (relative to the web root) exists. */
  has(file: string): boolean {
    return this.files.has(file);
  }

  /** Looks a decoded URL path up the way nginx's `try_files $uri $uri/index.html` with a slash redirect does. */
  lookup(urlPath: string): Lookup {
    const rel = this.relative(urlPath);
    if (rel === null) return { status: 'missing', outsidePrefix: true };
    if (rel === '' && !urlPath.endsWith('/')) {
      // the prefix itself without its slash (`/documentation`): a folder, so the server redirects
      return this.files.has('index.html') ? { status: 'no-slash', file: 'index.html', url: `${urlPath}/` } : { status: 'missing', outsidePrefix: false };
    }
    if (rel === '' || rel.endsWith('/')) {
      const file = `${rel}index.html`;
      return this.files.has(file) ? { status: 'ok', file } : { status: 'missing', outsidePrefix: false };
    }
    if (this.files.has(rel)) return { status: 'ok', file: rel };
    if (!isExemptFile(rel)) {
      const file = `${rel}/index.html`;
      if (this.files.has(file)) return { status: 'no-slash', file, url: `${urlPath}/` };
    }
    return { status: 'missing', outsidePrefix: false };
  }

  /** The same path with the letter case of the file that exists, when only the case differs; else null. */
  caseInsensitive(urlPath: string): string | null {
    const rel = this.relative(urlPath);
    if (rel === null) return null;
    const lower = this.lowerIndex();
    const candidates = rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel, `${rel}/index.html`];
    for (const candidate of candidates) {
      const real = lower.get(candidate.toLowerCase());
      if (real === undefined) continue;
      const realPath = candidate.endsWith('index.html') && !rel.endsWith('index.html') ? real.slice(0, -'index.html'.length) : real;
      return `${this.pathPrefix}/${realPath}`;
    }
    return null;
  }

  /** Path relative to the web root, or null when the URL is outside the prefix the site is served at. */
  relative(urlPath: string): string | null {
    if (!this.pathPrefix) return urlPath.slice(1);
    if (urlPath === this.pathPrefix) return '';
    if (!urlPath.startsWith(`${this.pathPrefix}/`)) return null;
    return urlPath.slice(this.pathPrefix.length + 1);
  }

  // built on first need: most runs have no case problems to explain
  private lowerIndex(): Map<string, string> {
    if (!this.lower) {
      this.lower = new Map();
      for (const f of this.files) {
        const key = f.toLowerCase();
        if (!this.lower.has(key)) this.lower.set(key, f);
      }
    }
    return this.lower;
  }
}

/** True for paths the server serves as files, never as folders (the build links them without a slash). */
export function isExemptFile(rel: string): boolean {
  const dot = rel.lastIndexOf('.');
  if (dot <= rel.lastIndexOf('/')) return false;
  return (EXEMPT_EXTENSIONS as readonly string[]).includes(rel.slice(dot).toLowerCase());
}

/** True for files whose `#fragment`s name elements (HTML pages). */
export function isHtmlFile(file: string): boolean {
  return file.endsWith('.html') || file.endsWith('.htm');
}
