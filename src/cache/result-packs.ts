// Stored page results, appended to pack files (`.docsgen-cache/pages/packs/*.pack`) instead of one file per
// page: creating a file costs about 1 ms here against tens of µs for an append, which was 10% of a cold
// build. Each build appends to a new pack; packs no entry refers to any more are deleted, and packs that are
// mostly dead or too many are rewritten, so the folder stays within about twice the live results.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a result is: pack file name, byte offset, byte length; and for a result stored as the start of another's
 * bytes followed by its own (appendShared), where that start is in the same pack.
 */
export type PackLocation = [pack: string, offset: number, length: number] | [pack: string, offset: number, length: number, sharedOffset: number, sharedLength: number];

/** Results kept in memory as starts to share (the last few stored whole), and what makes sharing worth a reference. */
const SHARED_BASES = 4;
const MIN_SHARED = 4096;

/** More packs than this after a build and the small ones are merged. */
const MAX_PACKS = 8;

/** Appends are gathered in a buffer of this size and written when it is full (and on close). */
const WRITE_BUFFER = 1 << 20;

export class ResultPacks {
  private writing: { name: string; fd: number; offset: number } | null = null;
  private readonly readers = new Map<string, Promise<FileHandle>>();
  /** Appended bytes not yet written: one buffer for the pack's life (fresh memory is slow to touch here). */
  private pending: Buffer | null = null;
  private pendingLength = 0;
  /** This pack's last results stored whole, newest first: a later result may start with the same bytes. */
  private bases: Array<{ offset: number; bytes: Buffer }> = [];
  /** Shared starts read back recently (see readBytes): a section's pages all read the same one. */
  private readonly sharedReads = new Map<string, Promise<Buffer | null>>();

  constructor(readonly dir: string) {}

  /**
   * Appends one result to this build's pack. Synchronous (a render thread may block), and buffered: one write
   * per megabyte instead of one per page. What was appended is readable once the pack is closed.
   */
  append(bytes: Uint8Array): PackLocation {
    this.makeRoom(bytes.length);
    const at = this.locate(bytes.length);
    if (bytes.length > WRITE_BUFFER) this.writeOut(bytes);
    else {
      this.buffer().set(bytes, this.pendingLength);
      this.pendingLength += bytes.length;
    }
    return at;
  }

  /**
   * Appends a text whose start may be the start of a result this pack already holds whole (pages of one section:
   * their header and sidebar): then only the rest is written and the location names the shared start. Encoded
   * straight into the write buffer; gives the text's whole bytes (a view valid until the next append), so they can
   * be hashed without encoding the text again.
   */
  appendShared(text: string): { at: PackLocation; bytes: Uint8Array } {
    const large = this.appendLarge(text);
    if (large) return large;
    this.makeRoom(text.length * 3);
    const start = this.pendingLength;
    const length = this.buffer().write(text, start, 'utf8');
    this.pendingLength += length;
    const bytes = this.pending!.subarray(start, start + length);
    let best: { offset: number; length: number } | null = null;
    for (const base of this.bases) {
      const n = commonStart(base.bytes, bytes);
      if (n > (best?.length ?? 0)) best = { offset: base.offset, length: n };
    }
    if (best === null || best.length < MIN_SHARED || best.length * 4 < length) {
      const at = this.locate(length);
      this.bases.unshift({ offset: at[1], bytes: Buffer.from(bytes) });
      this.bases.length = Math.min(this.bases.length, SHARED_BASES);
      return { at, bytes };
    }
    // only the rest stays in the buffer; the whole bytes are copied out first, for the caller to hash
    const whole = Buffer.from(bytes);
    this.pending!.copyWithin(start, start + best.length, start + length);
    this.pendingLength = start + length - best.length;
    const [pack, offset, own] = this.locate(length - best.length);
    return { at: [pack, offset, own, best.offset, best.length], bytes: whole };
  }

  /** A text that may not fit the write buffer is encoded apart and written at once (never shared). */
  private appendLarge(text: string): { at: PackLocation; bytes: Uint8Array } | null {
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (text.length * 3 <= WRITE_BUFFER) return null;
    const bytes = Buffer.from(text, 'utf8');
    return { at: this.append(bytes), bytes };
  }

  /** Writes out the buffered bytes when `length` more would not fit behind them. */
  private makeRoom(length: number): void {
    if (this.pendingLength + length > WRITE_BUFFER) this.flush();
  }

  /** Where the next `length` bytes go, in this build's pack (opened on first use). */
  private locate(length: number): PackLocation {
    if (!this.writing) {
      const name = `${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}.pack`;
      mkdirSync(this.dir, { recursive: true });
      this.writing = { name, fd: openSync(path.join(this.dir, name), 'w'), offset: 0 };
    }
    const at: PackLocation = [this.writing.name, this.writing.offset, length];
    this.writing.offset += length;
    return at;
  }

  private buffer(): Buffer {
    return (this.pending ??= Buffer.allocUnsafeSlow(WRITE_BUFFER));
  }

  /** Writes the buffered bytes to the pack. */
  private flush(): void {
    if (this.pendingLength === 0 || !this.writing) return;
    this.writeOut(this.pending!.subarray(0, this.pendingLength));
    this.pendingLength = 0;
  }

  private writeOut(bytes: Uint8Array): void {
    const fd = this.writing!.fd;
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
  }

  /** Reads a result's bytes back (its shared start and its own); null when its pack is gone or shorter than the entry says. */
  async readBytes(at: PackLocation): Promise<Buffer | null> {
    const [pack, offset, length] = at;
    if (pack.includes('/') || pack.includes('\\')) return null;
    if (at.length === 3) return this.readRange(pack, offset, length);
    const key = `${pack}:${at[3]}:${at[4]}`;
    let shared = this.sharedReads.get(key);
    if (!shared) {
      shared = this.readRange(pack, at[3], at[4]);
      // a few kept: results are read in the order they were stored, a section's pages one after another
      if (this.sharedReads.size >= SHARED_BASES * 4) this.sharedReads.delete(this.sharedReads.keys().next().value!);
      this.sharedReads.set(key, shared);
    }
    const [start, own] = await Promise.all([shared, this.readRange(pack, offset, length)]);
    return start && own ? Buffer.concat([start, own]) : null;
  }

  private async readRange(pack: string, offset: number, length: number): Promise<Buffer | null> {
    let handle = this.readers.get(pack);
    if (!handle) {
      handle = open(path.join(this.dir, pack), 'r');
      this.readers.set(pack, handle);
      handle.catch(() => this.readers.delete(pack));
    }
    try {
      const buf = Buffer.allocUnsafe(length);
      const { bytesRead } = await (await handle).read(buf, 0, length, offset);
      return bytesRead === length ? buf : null;
    } catch {
      return null;
    }
  }

  /** Closes this build's pack and every reader. */
  async close(): Promise<void> {
    this.flush();
    if (this.writing) closeSync(this.writing.fd);
    this.writing = null;
    this.bases = [];
    this.sharedReads.clear();
    const handles = [...this.readers.values()];
    this.readers.clear();
    await Promise.all(handles.map(async (h) => (await h.catch(() => null))?.close()));
  }

  /**
   * After a build: deletes packs nothing refers to, and moves the live results of packs that are mostly dead
   * (or of the small packs, when there are too many) into one new pack. `live` gets the new locations.
   */
  async compact(live: Map<string, PackLocation>): Promise<void> {
    await this.close();
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.pack'));
    } catch {
      return;
    }
    const liveBytes = new Map<string, number>();
    const sharedStarts = new Set<string>();
    for (const at of live.values()) {
      let bytes = at[2];
      // a start many results share is live bytes once
      if (at.length === 5 && !sharedStarts.has(`${at[0]}:${at[3]}`)) {
        sharedStarts.add(`${at[0]}:${at[3]}`);
        bytes += at[4];
      }
      liveBytes.set(at[0], (liveBytes.get(at[0]) ?? 0) + bytes);
    }
    const sizes = new Map(await Promise.all(names.map(async (n) => [n, (await stat(path.join(this.dir, n)).catch(() => null))?.size ?? 0] as const)));
    const kept = names.filter((n) => liveBytes.has(n));
    const bySize = [...kept].sort((a, b) => sizes.get(b)! - sizes.get(a)!);
    const move = new Set(kept.filter((n) => liveBytes.get(n)! * 2 < sizes.get(n)!));
    // too many packs: keep the largest few, merge the rest (they are the small ones of incremental builds)
    for (const n of bySize.slice(MAX_PACKS / 2)) if (bySize.length > MAX_PACKS) move.add(n);
    if (move.size > 0) {
      for (const [key, at] of live) {
        if (!move.has(at[0])) continue;
        // moved whole: the same bytes, so the same hash (the shared start is not kept shared)
        const bytes = await this.readBytes(at);
        if (bytes === null) live.delete(key);
        else live.set(key, this.append(bytes));
      }
      await this.close();
    }
    const referenced = new Set([...live.values()].map((at) => at[0]));
    await Promise.all(names.filter((n) => !referenced.has(n)).map((n) => rm(path.join(this.dir, n), { force: true })));
  }
}

/** How many bytes `a` and `b` start with alike: compared a block at a time, natively, then byte by byte. */
function commonStart(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  const BLOCK = 1024;
  let i = 0;
  while (i + BLOCK <= n && Buffer.compare(a.subarray(i, i + BLOCK), b.subarray(i, i + BLOCK)) === 0) i += BLOCK;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
