// What discovery made of each Markdown file, kept by the file's content hash: a rebuild after a one-page edit reads
// and parses that one page, not all of them. A file's hash comes from the fingerprint's stamps (size and mtime
// unchanged → the hash recorded when it was last read), the same trust the page cache puts in them; a result is
// reused only for the very hash it was made from, with the same variables, strictness, folders and docsgen.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cacheKey, checkedBytes, engineId, writeChecked } from '../cache/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Frontmatter } from './frontmatter.js';

/** Bumped when the entries' shape changes. */
const FORMAT = 1;

/** Discovery's result for one file: a page (null when it is a draft or unusable), its problems, its image hints. */
export interface DiscoveredFile {
  page: { frontmatter: Frontmatter; title: string; description: string } | null;
  diagnostics: Diagnostic[];
  imageHints: string[];
}

/**
 * The file: a header line (the settings' key), then a line per file: its path as a JSON string, its hash and its
 * result as JSON, tab-separated (JSON text holds no raw tab or line break). A reused line is kept as text: it is
 * parsed only for the page it describes and written back as it was read.
 */
export class DiscoverCache {
  private readonly next = new Map<string, string>();
  private changed = false;

  private constructor(private readonly file: string | null, private readonly key: string, private readonly previous: ReadonlyMap<string, string>) {}

  /** Opens `<cacheDir>/discover.json` for these settings; no cacheDir (or a damaged file, other settings) is an empty cache. */
  static open(cacheDir: string | undefined, settings: { contentDir: string; root: string; variables: Readonly<Record<string, string>>; strict: boolean }): DiscoverCache {
    const key = cacheKey(String(FORMAT), engineId(), JSON.stringify([settings.contentDir, settings.root, Object.entries(settings.variables).sort(), settings.strict]));
    if (!cacheDir) return new DiscoverCache(null, key, new Map());
    const file = path.join(cacheDir, 'discover.txt');
    const previous = new Map<string, string>();
    try {
      const bytes = checkedBytes(readFileSync(file));
      const lines = bytes ? bytes.toString('utf8').split('\n') : [];
      if (lines[0] === key) {
        for (let i = 1; i < lines.length; i++) {
          const line = lines[i]!;
          const tab = line.indexOf('\t');
          if (tab > 0) previous.set(JSON.parse(line.slice(0, tab)) as string, line);
        }
      }
    } catch {
      // none yet, or unreadable: every file is read
    }
    return new DiscoverCache(file, key, previous);
  }

  /** The result recorded for `relFile` when it was made from bytes of this `hash` (undefined: read the file). */
  get(relFile: string, hash: string | undefined): DiscoveredFile | undefined {
    const line = hash ? this.previous.get(relFile) : undefined;
    if (line === undefined) return undefined;
    const at = line.indexOf('\t') + 1;
    const end = line.indexOf('\t', at);
    if (end < 0 || line.slice(at, end) !== hash) return undefined;
    this.next.set(relFile, line);
    // parsed afresh for each build: the build may change a page's frontmatter object, never the kept text
    return JSON.parse(line.slice(end + 1)) as DiscoveredFile;
  }

  /** Records what discovery made of `relFile`, read with this `hash`. */
  put(relFile: string, hash: string, result: DiscoveredFile): void {
    this.next.set(relFile, `${JSON.stringify(relFile)}\t${hash}\t${JSON.stringify(result)}`);
    this.changed = true;
  }

  /** Writes the entries of this run's files when any was read, or one was removed since. */
  async save(): Promise<void> {
    if (!this.file || (!this.changed && this.next.size === this.previous.size)) return;
    await writeChecked(this.file, [this.key, ...this.next.values()].join('\n')).catch(() => undefined);
  }
}
