// Every output file in one table, before anything is written: each page claims its HTML and page-data, docsgen
// claims the files and folders it writes itself, and a path claimed twice (or claimed as a file by one source
// and as a folder by another, or spelled two ways that are one path on macOS and Windows) is one error naming
// both sources. Without it, two inputs silently overwrote one file, or the build crashed writing into a folder.
import type { Diagnostic } from '../diagnostics/index.js';
import { codes } from '../diagnostics/index.js';
import { proxyPath } from '../redirects/index.js';
import { pageFilesOf, rscFileOf } from '../render/index.js';
import { staticQuery } from './write.js';

/** Who writes an output: a page (named by its Markdown file) or docsgen itself (named by what the file is). */
export interface OutputSource {
  /** `content/a.md`, or for docsgen's own files what they are (`the service worker`). */
  name: string;
  /** The site path of a Markdown page. */
  pagePath?: string;
  /** True for docsgen's own files (status pages included): a page may not take their place. */
  generated?: boolean;
}

/** One path a source writes, relative to the web root (`dist/public`), `/`-separated. */
export interface OutputClaim {
  path: string;
  /** `folder`: the source writes everything under it, and nothing else may write there. */
  kind: 'file' | 'folder';
  source: OutputSource;
  /** A page's page-data file: allowed inside the folder that `holdsPageData`. */
  pageData?: boolean;
  /** The page-data folder: pages' page-data files may be written inside it, nothing else of theirs. */
  holdsPageData?: boolean;
}

interface Node {
  spelling: string;
  /** foldPath(spelling) */
  key: string;
  /** Index of its last segment (0 for the top). */
  depth: number;
  kind: 'dir' | 'file' | 'folder';
  /** The first source whose output needed the path. */
  claim: OutputClaim;
  /** The nearest folder claimed as a whole that encloses this one. */
  within: Node | undefined;
}

/** The name macOS and Windows see by default: case and Unicode normalization do not tell two names apart. */
export function foldPath(p: string): string {
  // ASCII needs no normalizing, and nearly every name is ASCII
  return (ASCII.test(p) ? p : p.normalize('NFC')).toLowerCase();
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * What docsgen itself writes into the web root under the prefix folder `dir` (`documentation`, or `` for an
 * empty prefix). A new output written by the build belongs here; test/build/output-paths.test.ts checks that
 * every file of a built site is claimed.
 */
export function docsgenClaims(dir: string): { claims: OutputClaim[]; patterns: Array<{ test: RegExp; shown: string; source: OutputSource }> } {
  const at = (p: string) => (dir ? `${dir}/${p}` : p);
  const own = (name: string): OutputSource => ({ name, generated: true });
  const file = (p: string, name: string): OutputClaim => ({ path: at(p), kind: 'file', source: own(name) });
  const folder = (p: string, name: string): OutputClaim => ({ path: at(p), kind: 'folder', source: own(name) });
  return {
    claims: [
      { ...folder('page-data', "docsgen's page data folder"), holdsPageData: true },
      file('page-data/app-data.json', 'the app data (build hash)'),
      file(`page-data/sq/d/${staticQuery('nav', {}).hash}.json`, 'the navigation data'),
      file(`page-data/sq/d/${staticQuery('site', {}).hash}.json`, 'the site data'),
      folder('slice-data', 'the header and footer data'),
      folder('static', 'the optimized images'),
      folder('calcite', "the component library's assets"),
      folder('icons', 'the web manifest icons'),
      file('manifest.webmanifest', 'the web manifest'),
      file('sw.js', 'the service worker'),
      // the site search's index (src/search/): its manifest, and folders of files named by their hashes
      file('search/index.json', 'the search index'),
      folder('search/d', 'the search index'),
      folder('search/t', 'the search index'),
      folder('search/v', 'the search index'),
      // not a file: the server answers this path itself (server.conf, docsgen serve)
      { path: proxyPath(dir ? `/${dir}` : '').slice(1), kind: 'file', source: own('the third-party script proxy') },
      { path: '_redirects', kind: 'file', source: own('the redirects file for Netlify and Cloudflare') },
    ],
    // content-hashed names, known only once bundled: a page may not take any name of their form
    patterns: [
      { test: /^(?:app|islands|styles|chunk)-[^/]*\.(?:js|css)$/i, shown: at('app-<hash>.js'), source: own('the name of a client bundle') },
      { test: /^component---[^/]*\.(?:js|css)$/i, shown: at('component---<template>-<hash>.js'), source: own('the name of a client bundle') },
    ],
  };
}

/** The table of output claims of one build; problems collect in `diagnostics` as claims are added. */
export class OutputClaims {
  readonly diagnostics: Diagnostic[] = [];
  private readonly nodes = new Map<string, Node>();
  // the same nodes by exact spelling: most lookups find a folder spelled as before, without folding its name
  private readonly bySpelling = new Map<string, Node>();
  private readonly patterns: ReturnType<typeof docsgenClaims>['patterns'];
  private readonly reported = new Set<string>();
  private readonly depth: number;

  /** Starts the table with docsgen's own files under the prefix folder `dir`. */
  constructor(private readonly dir: string) {
    const own = docsgenClaims(dir);
    this.patterns = own.patterns;
    this.depth = dir ? dir.split('/').length : 0;
    for (const c of own.claims) this.claim(c);
  }

  /** Claims a page's files (HTML, page-data, its -rsc variant); `status` for the 404 and 500 pages. */
  claimPage(source: OutputSource, pagePath: string, status?: number): void {
    const files = pageFilesOf(pagePath, status);
    const at = (p: string) => (this.dir ? `${this.dir}/${p}` : p);
    if (this.claim({ path: at(files.htmlFile), kind: 'file', source }) && this.claim({ path: at(files.pageDataFile), kind: 'file', source, pageData: true })) {
      // the partial-hydration page data of an islands page (written only for those; claimed for every page)
      this.claim({ path: at(rscFileOf(files.pageDataFile)), kind: 'file', source, pageData: true });
    }
  }

  /** Adds one claim; false (and a diagnostic, once per pair of sources) when it collides with an earlier one. */
  claim(c: OutputClaim): boolean {
    const p = c.path;
    // Up from the claim to the deepest folder known by this exact spelling (usually the page's section): what is
    // above it was checked when it was made, and what encloses it is kept on it, so only the new part is checked.
    const ends: number[] = [];
    let known: Node | undefined;
    for (let end = p.length; end > 0; end = p.lastIndexOf('/', end - 1)) {
      known = this.bySpelling.get(end === p.length ? p : p.slice(0, end));
      if (known) break;
      ends.push(end);
    }
    if (known) {
      const against = this.conflict(known, c, ends.length === 0 ? c.kind : 'dir');
      // a folder that encloses `known` is compared with the claim's own spelling of that folder, not with `known`'s
      if (against) return this.report(c, against.claim, known.spelling.slice(0, against.spelling.length), against.spelling);
    }
    let parent = known;
    for (let i = ends.length - 1; i >= 0; i--) {
      const spelling = p.slice(0, ends[i]);
      // folded a segment at a time: `/` never composes with its neighbours, so this is foldPath(spelling)
      const key = parent ? `${parent.key}/${foldPath(spelling.slice(parent.spelling.length + 1))}` : foldPath(spelling);
      // not known by this spelling, but by another that is the same name on macOS and Windows
      const other = this.nodes.get(key);
      if (other) return this.report(c, other.claim, spelling, other.spelling);
      const depth = parent ? parent.depth + 1 : 0;
      const pattern = depth === this.depth && !c.source.generated ? this.patterns.find((x) => x.test.test(spelling.slice(spelling.lastIndexOf('/') + 1))) : undefined;
      if (pattern) return this.report(c, { path: pattern.shown, kind: 'file', source: pattern.source }, spelling, spelling);
      const created: Node = { spelling, key, depth, kind: i === 0 ? c.kind : 'dir', claim: c, within: parent?.kind === 'folder' ? parent : parent?.within };
      this.nodes.set(key, created);
      this.bySpelling.set(spelling, created);
      parent = created;
    }
    return true;
  }

  // The node a claim that needs `node` as a `kind` collides with (the node, or the folder that holds it), if any.
  private conflict(node: Node, c: OutputClaim, kind: Node['kind']): Node | null {
    if (node.claim.source === c.source) return null;
    const folder = node.kind === 'folder' ? node : node.within;
    if (folder && folder.claim.source !== c.source && !c.source.generated && !(c.pageData && folder.claim.holdsPageData)) return folder;
    if (node.kind === 'folder' || (node.kind === 'dir' && kind === 'dir')) return null;
    return node;
  }

  /** The source that claimed `file` (or the folder it is in), or null when no claim covers it. */
  ownerOf(file: string): OutputSource | null {
    const segments = file.split('/');
    let spelling = '';
    let owner: OutputSource | null = null;
    for (let i = 0; i < segments.length; i++) {
      spelling = i === 0 ? segments[0]! : `${spelling}/${segments[i]}`;
      const node = this.nodes.get(foldPath(spelling));
      if (node?.kind === 'folder') owner = node.claim.source;
      if (node?.kind === 'file' && i === segments.length - 1) return node.claim.source;
      if (i === this.depth && i === segments.length - 1) owner = this.patterns.find((p) => p.test.test(segments[i]!))?.source ?? owner;
    }
    return owner;
  }

  // One problem per pair of sources (and per pair of spellings), located at the later one: the page to move.
  private report(c: OutputClaim, other: OutputClaim, spelling: string, otherSpelling: string): false {
    const mine = c.source;
    const theirs = other.source;
    const sameSpelling = spelling === otherSpelling;
    const key = sameSpelling ? `${theirs.name}\0${mine.name}` : `${foldPath(spelling)}\0${spelling}\0${otherSpelling}`;
    if (this.reported.has(key)) return false;
    this.reported.add(key);
    const location = { file: mine.name, line: 1, column: 1 };
    const differ = sameSpelling ? '' : ` (${otherSpelling} and ${spelling} differ only in ${howTheyDiffer(spelling, otherSpelling)}: one path on macOS and Windows)`;
    const theirPath = other.kind === 'folder' ? `${other.path}/` : other.path;
    if (theirs.generated) {
      this.diagnostics.push({
        code: codes.RESERVED_OUTPUT_PATH,
        severity: 'error',
        message: `${mine.name} would write ${c.path}, but ${theirPath} is ${theirs.name}${differ}`,
        hint: `rename or move ${mine.name}: docsgen writes ${theirPath} itself`,
        location,
      });
    } else if (mine.pagePath !== undefined && theirs.pagePath !== undefined && foldPath(mine.pagePath) === foldPath(theirs.pagePath)) {
      this.diagnostics.push({
        code: codes.DUPLICATE_PAGE_PATH,
        severity: 'error',
        message: `two files make the page ${theirs.pagePath}: ${theirs.name} and ${mine.name}`,
        hint: 'rename or remove one of them (paths are compared case-insensitively)',
        location,
      });
    } else if (!sameSpelling) {
      this.diagnostics.push({
        code: codes.OUTPUT_COLLISION,
        severity: 'error',
        message: `${theirs.name} and ${mine.name} write to ${otherSpelling} and ${spelling}, which differ only in ${howTheyDiffer(spelling, otherSpelling)}: one path on macOS and Windows`,
        hint: 'spell both the same way, or rename one',
        location,
      });
    } else {
      const what = c.path === other.path ? `both write ${c.path}` : `write ${other.path} and ${c.path}: ${spelling} cannot be both a file and a folder`;
      this.diagnostics.push({
        code: codes.OUTPUT_COLLISION,
        severity: 'error',
        message: `${theirs.name} and ${mine.name} ${what}`,
        hint: 'rename or move one of them: each output file comes from one source',
        location,
      });
    }
    return false;
  }
}

function howTheyDiffer(a: string, b: string): string {
  if (a.normalize('NFC') === b.normalize('NFC')) return 'Unicode normalization';
  if (a.toLowerCase() === b.toLowerCase()) return 'case';
  return 'case and Unicode normalization';
}
