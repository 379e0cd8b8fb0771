// Previews of saved pages in `docsgen dev`. A Markdown save that leaves the page's frontmatter as the last build
// saw it changes that page's own files and nothing else (the plan, the navigation and every other page read only
// frontmatter), so the page is rendered at once with the last build's setup and answered from memory, before
// the full build that follows writes the same bytes. That build settles each preview: once it read the saved
// text, the preview is dropped, and the browser reloads only when the build's bytes differ from the preview's.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashBytes } from '../cache/index.js';
import { MAX_PAGE_BYTES } from '../config/index.js';
import { parseFrontmatter } from '../content/index.js';
import { hasErrors } from '../diagnostics/index.js';
import { previewPage, type PageTask, type RenderSetup } from '../render/index.js';

/** What the handler answers from memory for one file: its bytes and a modification time for its validators. */
export interface OverlayFile {
  bytes: Buffer;
  mtimeMs: number;
}

/** One previewed page: the text it was rendered from, and its files by the uri the handler sees. */
interface Preview {
  url: string;
  textHash: string;
  files: Map<string, Buffer>;
}

/** What a finished build made of the previews: the saved files it showed as previewed, and the pages whose bytes differ. */
export interface Settled {
  confirmed: Set<string>;
  differ: string[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** A save of the text the last build read (an editor's second write event, a save without a change). */
const AS_BUILT = 'as-built';
// the title, description and navigation title take documentation variables: substituted in discovery, not here
const VARIABLE = '{{';

/** The dev server's previews: made from a save, answered by `overlay`, settled by the next build. */
export class PagePreviews {
  private setup: RenderSetup | null = null;
  private tasks = new Map<string, PageTask>();
  private readonly previews = new Map<string, Preview>();
  private readonly served = new Map<string, OverlayFile>();
  // files changed in a way no preview can show (a template, the config, a new page, a frontmatter), each with the
  // change count when it was seen: none is previewed until a build that started after it has given a new setup,
  // or (a page) until it is saved again as the setup has it (an editor's half-written file, a change undone)
  private readonly dirty = new Map<string, number>();
  private changes = 0;
  private queue: Promise<unknown> = Promise.resolve();

  /** `publicDir`: the web root served now (images a preview shows must be there already). */
  constructor(private readonly root: string, private readonly strict: boolean, private readonly publicDir: () => string) {}

  /** The counter a build takes when it starts, and gives back to `adopt` when it worked. */
  epoch(): number {
    return this.changes;
  }

  /** Keeps a successful build's render setup and tasks (those of a build that started at `epoch`). */
  adopt(setup: RenderSetup, tasks: readonly PageTask[], epoch: number): void {
    this.setup = setup;
    this.tasks = new Map(tasks.filter((t) => t.status === undefined).map((t) => [t.displayFile, t]));
    for (const [file, seen] of this.dirty) if (seen <= epoch) this.dirty.delete(file);
  }

  /** The bytes to answer for a uri of the web root, while a preview holds it. */
  overlay(uri: string): OverlayFile | null {
    return this.served.get(uri) ?? null;
  }

  /** Loads the renderer and the templates on this thread now, so the first save's preview does not pay for it. */
  warm(): Promise<unknown> {
    const setup = this.setup;
    const task = this.tasks.values().next().value;
    if (!setup || !task) return Promise.resolve();
    return this.serial(() => previewPage(task, setup).catch(() => null));
  }

  /**
   * Previews the changed files (root-relative paths) when every one is a page's Markdown whose frontmatter is as
   * the last build saw it; resolves with the URLs of the pages previewed (none when any change cannot be shown so).
   */
  preview(changed: readonly string[]): Promise<string[]> {
    return this.serial(async () => {
      const made: Array<[string, Preview]> = [];
      for (const file of changed) {
        const p = await this.render(file);
        if (p) this.dirty.delete(file);
        else this.dirty.set(file, ++this.changes);
        if (p && p !== AS_BUILT) made.push([file, p]);
      }
      if (this.dirty.size > 0) return [];
      for (const [file, p] of made) this.show(file, p);
      return made.map(([, p]) => p.url);
    });
  }

  /**
   * After a build that worked, whose web root is `publicDir`: drops the previews of the texts it read (a preview of a
   * later save stays), comparing their bytes with the build's. `tasks`: the build's; an up-to-date build has none
   * and made what the last one adopted did.
   */
  async settle(publicDir: string, tasks: readonly PageTask[] = [...this.tasks.values()]): Promise<Settled> {
    const confirmed = new Set<string>();
    const differ: string[] = [];
    const built = new Map(tasks.map((t) => [t.displayFile, t]));
    for (const [file, p] of [...this.previews]) {
      const task = built.get(file);
      // the build read other text: an earlier save's (this preview is of a later one: kept), or a later one's
      if (task && task.textHash !== p.textHash && this.onDisk(file) === p.textHash) continue;
      let same = task !== undefined;
      for (const [uri, bytes] of p.files) {
        const disk = same ? await readFile(Buffer.concat([Buffer.from(publicDir), Buffer.from(uri, 'latin1')])).catch(() => null) : null;
        if (!disk || !disk.equals(bytes)) same = false;
        this.served.delete(uri);
      }
      this.previews.delete(file);
      if (same) confirmed.add(file);
      else differ.push(p.url);
    }
    return { confirmed, differ };
  }

  /** The hash of a page file's bytes now (null when it cannot be read). */
  private onDisk(file: string): string | null {
    try {
      return hashBytes(readFileSync(path.join(this.root, file)));
    } catch {
      return null;
    }
  }

  /**
   * A page's preview, or null when this change cannot be shown before the build (see the file's comment), or
   * AS_BUILT when the text is the one the last build read and no preview is held: the page shows it already.
   */
  private async render(file: string): Promise<Preview | typeof AS_BUILT | null> {
    const setup = this.setup;
    const task = this.tasks.get(file);
    if (!setup || !task) return null;
    let bytes: Buffer;
    let text: string;
    try {
      bytes = readFileSync(path.join(this.root, file));
      if (bytes.length > MAX_PAGE_BYTES) return null;
      text = utf8.decode(bytes);
    } catch {
      return null;
    }
    const { data, diagnostics } = parseFrontmatter(text, file, { strict: this.strict });
    if (!data || diagnostics.length > 0 || data.draft) return null;
    // a title or description taken from the text would change with it, and with them other pages' navigation
    if (typeof data.title !== 'string' || typeof data.description !== 'string') return null;
    if ([data.title, data.description, data.navTitle ?? ''].some((v) => v.includes(VARIABLE))) return null;
    if (JSON.stringify(data) !== JSON.stringify(task.frontmatter)) return null;
    const textHash = hashBytes(bytes);
    if (textHash === task.textHash && !this.previews.has(file)) return AS_BUILT;
    const { result, files, stale } = await previewPage({ ...task, textHash }, setup);
    if (!files || stale || hasErrors(result.diagnostics)) return null;
    // a new image is published by the build: until then the preview would show it broken
    if (result.images.some((image) => !existsSync(path.join(this.publicDir(), image.output)))) return null;
    const uriOf = (rel: string) => latin1(`${setup.pathPrefix}/${rel}`);
    const out = new Map<string, Buffer>([
      [uriOf(files.htmlFile), Buffer.from(files.html)],
      [uriOf(files.pageDataFile), Buffer.from(files.pageData)],
    ]);
    if (files.rscFile && files.rsc !== undefined) out.set(uriOf(files.rscFile), Buffer.from(files.rsc));
    return { url: `${setup.pathPrefix}${task.pagePath}`, textHash, files: out };
  }

  private show(file: string, p: Preview): void {
    const old = this.previews.get(file);
    for (const uri of old?.files.keys() ?? []) this.served.delete(uri);
    this.previews.set(file, p);
    const mtimeMs = Date.now();
    for (const [uri, bytes] of p.files) this.served.set(uri, { bytes, mtimeMs });
  }

  /** One preview at a time, in the order the saves came. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** A string's UTF-8 bytes, one char each: how the handler names files. */
function latin1(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}
