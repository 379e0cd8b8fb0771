// Which parts of the shared data (nav, site, header, footer) a template read while rendering one page.
// A page is reused from the cache only if every object it read from is unchanged, so a renamed page re-renders
// the pages whose sidebar shows it, not the whole site, whatever the templates do with the data.
import { hash } from 'node:crypto';

/** One recorded read: the path of an object of the data and its contents, encoded as a string. */
type Read = [path: string, value: string];

// Path segments are joined with a character that cannot appear in JSON keys a template would use; the data
// itself is the empty path.
const SEP = '\u0001';

/**
 * Encodes an object as a read of it records it: every key in order with its value, where a value that is an
 * object shows only its key list and an array its elements the same way. A template reaches all of this from the
 * object without reading another object's properties (iterating, `in`, `Object.keys`, testing a value), so it
 * counts as read with the object; what is inside the objects it holds is their own reads.
 */
function encodeObject(value: Record<string, unknown>): string {
  return `o${JSON.stringify(Object.keys(value).map((k) => [k, shallow(value[k])]))}`;
}

function shallow(value: unknown): unknown {
  if (value === undefined) return { u: 1 }; // not null: a key set to undefined differs from one set to null
  if (value === null || typeof value !== 'object') return value;
  return Array.isArray(value) ? value.map(shallow) : { o: Object.keys(value) };
}

/** What is found at a path now: an object as encodeObject gives it, anything else tagged so it never equals one. */
function encodeFound(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return encodeObject(value as Record<string, unknown>);
  return `x${JSON.stringify(shallow(value))}`;
}

/**
 * Set hashes without sorting: 128 bits as four 32-bit lanes, and the hash of a set is the lane-wise sum of its
 * members' hashes. Each place's hash is computed once, when it is first read, so a page's summary is a few
 * hundred additions instead of sorting and hashing a few hundred paths (about 0.4 ms a page).
 */
type Lanes = Uint32Array;

function memberHash(s: string): Lanes {
  // the one-shot hash: a Hash object per member cost twice as much, for tens of thousands of members a thread
  const digest = hash('sha256', s, 'buffer');
  return new Uint32Array([digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12)]);
}

/** Adds the four lanes of `h` starting at `at` into `acc`. */
function sumInto(acc: Lanes, h: Lanes, at = 0): void {
  acc[0] = acc[0]! + h[at]!;
  acc[1] = acc[1]! + h[at + 1]!;
  acc[2] = acc[2]! + h[at + 2]!;
  acc[3] = acc[3]! + h[at + 3]!;
}

function hexOf(acc: Lanes, count: number): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += acc[i]!.toString(16).padStart(8, '0');
  return out + count.toString(36);
}

/** A set member: the path alone (for the set's id) and the path with what was found there (for its value hash). */
function pathHash(path: string): Lanes {
  return memberHash(`p${path}`);
}

function valueHash(path: string, value: string): Lanes {
  return memberHash(`v${path}\u0000${value}`);
}

/** An object of the data as recordings see it, made when a template first reads from it. */
interface Slot {
  path: string;
  /** Numbered in the order objects were first read (see ReadSummary.ids); its hashes are at 8n in Tracked.hashes. */
  n: number;
  /** Its encoding (encodeObject). */
  value: string;
}

/**
 * The recorder of one data object: made once and reused by every page a thread renders. The data must not change
 * while it is tracked: templates read a mirror made from it (render threads get a fresh copy per build).
 */
class Tracked {
  /** What templates get: the data's mirror (see Place). */
  readonly mirror: object;
  private readonly root: Place;
  /** The recording reads go to, in first-read order; a new `trackReads` call on the same data starts a new one. */
  current: Slot[] = [];
  /** Its stamp (see Place.seen). */
  recording = 0;
  /** Every slot by number, and how many of them summaries have reported. */
  readonly slots: Slot[] = [];
  reported = 0;
  /**
   * Per slot, its path hash then its value hash (4 lanes each), in one buffer: tens of thousands of small
   * typed arrays would each cost a backing store of their own.
   */
  hashes = new Uint32Array(8 * 1024);

  constructor(data: object) {
    const made = mirror(this, data, null);
    this.root = made.place!;
    this.mirror = made.mirror as object;
  }

  /** Starts a new recording; the data itself is in every one (a template's props spread it). */
  start(): Slot[] {
    const session: Slot[] = [];
    this.current = session;
    this.recording++;
    this.root.read();
    return session;
  }

  newSlot(path: string, value: string): Slot {
    const slot = { path, n: this.slots.length, value };
    this.slots.push(slot);
    if (this.hashes.length < this.slots.length * 8) {
      const grown = new Uint32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes.set(pathHash(path), slot.n * 8);
    this.hashes.set(valueHash(path, value), slot.n * 8 + 4);
    return slot;
  }
}

/**
 * One object of the data. Templates get a mirror instead of the object: a plain object with the same keys in the
 * same order, each an accessor that notes the read and returns the value (objects and arrays in it mirrored too).
 * Mirrors of one shape share their accessor functions, so V8 gives them one hidden class and inlines the
 * accessors where a template reads them. A read is recorded per object, not per property: a page that reads a
 * nav item's title depends on the item's url too. Recording each property read through a Proxy cost 15 % of a
 * cold build's CPU (the traps, templates left unoptimized, twice as many paths to hash and send).
 */
class Place {
  /** The recording that last noted this object (a stamp, so a read again costs one comparison). */
  seen = -1;
  private slot: Slot | null = null;
  /** The values the mirror's accessors return, made on the first read. */
  private mirrored: Record<string, unknown> | null = null;

  constructor(
    private readonly tracked: Tracked,
    private readonly target: Record<string, unknown>,
    private readonly path: string,
  ) {}

  /** Notes the read in the current recording and gives the mirrored values. */
  read(): Record<string, unknown> {
    const t = this.tracked;
    if (this.seen !== t.recording) {
      this.seen = t.recording;
      this.slot ??= t.newSlot(this.path, encodeObject(this.target));
      t.current.push(this.slot);
    }
    return (this.mirrored ??= this.mirrorValues());
  }

  private mirrorValues(): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    const prefix = this.path === '' ? '' : `${this.path}${SEP}`;
    for (const key of Object.keys(this.target)) values[key] = mirror(this.tracked, this.target[key], `${prefix}${key}`).mirror;
    return values;
  }
}

const PLACE = Symbol('docsgen.place');
type Mirror = { [PLACE]: Place };

/** One accessor function per key name, shared by every mirror with that key. */
const accessors = new Map<string, (this: Mirror) => unknown>();

function accessorFor(key: string): (this: Mirror) => unknown {
  let get = accessors.get(key);
  if (get === undefined) {
    get = function (this: Mirror) {
      return this[PLACE].read()[key];
    };
    accessors.set(key, get);
  }
  return get;
}

/** The mirror of a value of the data at `path` (null for the data itself): primitives as they are. */
function mirror(tracked: Tracked, value: unknown, path: string | null): { mirror: unknown; place?: Place } {
  if (value === null || typeof value !== 'object') return { mirror: value };
  if (Array.isArray(value)) {
    return { mirror: value.map((el: unknown, i) => mirror(tracked, el, `${path}${SEP}${i}`).mirror) };
  }
  const m = {} as Mirror;
  for (const key of Object.keys(value)) Object.defineProperty(m, key, { get: accessorFor(key), enumerable: true });
  const place = new Place(tracked, value as Record<string, unknown>, path ?? '');
  // not enumerable: spreading or serialising a mirror copies only the data's keys
  Object.defineProperty(m, PLACE, { value: place });
  return { mirror: m, place };
}

const trackedData = new WeakMap<object, Tracked>();

/** A recording's read set in the form the page cache keeps (see PageReads in render/page-result.ts). */
export interface ReadSummary {
  /** Identifies the set of paths (pages of one section often share it); independent of read order. */
  setId: string;
  /** Hash of what was found at those paths. */
  valueHash: string;
  /** The set's objects by number: numbered per data object, in the order they were first read. */
  ids: Int32Array;
  /** Paths of the objects numbered since the previous summary of this data, in number order. */
  newPaths: string[];
}

/**
 * Gives a mirror of `data` through which every object a template reads from is recorded; `reads()` returns them
 * in first-read order, `summary()` as a ReadSummary. One recording per data object at a time (rendering is
 * synchronous): a new call for the same object ends the previous recording. The data must be plain JSON
 * (objects, arrays, primitives), as the shared data sent to a render thread is, and must not change meanwhile.
 */
export function trackReads<T extends object>(data: T): { mirror: T; reads(): Read[]; summary(): ReadSummary } {
  let tracked = trackedData.get(data);
  if (!tracked) {
    tracked = new Tracked(data);
    trackedData.set(data, tracked);
  }
  const t = tracked;
  const session = t.start();
  return {
    mirror: t.mirror as T,
    reads: () => session.map((slot): Read => [slot.path, slot.value]),
    summary: () => {
      const setAcc = new Uint32Array(4);
      const valueAcc = new Uint32Array(4);
      const ids = new Int32Array(session.length);
      let i = 0;
      for (const slot of session) {
        sumInto(setAcc, t.hashes, slot.n * 8);
        sumInto(valueAcc, t.hashes, slot.n * 8 + 4);
        ids[i++] = slot.n;
      }
      const newPaths = t.slots.slice(t.reported).map((slot) => slot.path);
      t.reported = t.slots.length;
      return { setId: hexOf(setAcc, session.length), valueHash: hexOf(valueAcc, session.length), ids, newPaths };
    },
  };
}

/** setId and valueHash of a list of reads, as `summary()` gives them (for reads recorded elsewhere, and tests). */
export function summariseReads(reads: readonly Read[]): { setId: string; valueHash: string; paths: string[] } {
  const setAcc = new Uint32Array(4);
  const valueAcc = new Uint32Array(4);
  for (const [p, v] of reads) {
    sumInto(setAcc, pathHash(p));
    sumInto(valueAcc, valueHash(p, v));
  }
  return { setId: hexOf(setAcc, reads.length), valueHash: hexOf(valueAcc, reads.length), paths: reads.map((r) => r[0]) };
}

/**
 * The hash of what is now found at `paths` in `data`: equal to a stored valueHash when nothing read changed.
 * `memo` (one per build) keeps each path's member hash, since the read sets of a site share most of their paths.
 */
export function valueHashOf(data: unknown, paths: readonly string[], memo?: Map<string, Lanes>): string {
  const acc = new Uint32Array(4);
  for (const p of paths) {
    let h = memo?.get(p);
    if (h === undefined) {
      h = valueHash(p, encodeFound(lookup(data, p)));
      memo?.set(p, h);
    }
    sumInto(acc, h);
  }
  return hexOf(acc, paths.length);
}

function lookup(data: unknown, p: string): unknown {
  if (p === '') return data;
  let node: unknown = data;
  for (const s of p.split(SEP)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Object.hasOwn(node, s) ? (node as Record<string, unknown>)[s] : undefined;
  }
  return node;
}
