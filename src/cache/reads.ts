// Which parts of the shared data (nav, site, header, footer) a template read while rendering one page.
// A page is reused from the cache only if every value it read is unchanged, so a renamed page re-renders
// the pages whose sidebar shows it, not the whole site, whatever the templates do with the data.
import { hash } from 'node:crypto';

/** One recorded read: a path of property names and what was found there, encoded as a string. */
type Read = [path: string, value: string];

// Path segments are joined with a character that cannot appear in JSON keys a template would use.
const SEP = '\u0001';
const KEYS = '\u0002keys';

/** Encodes what a read returned: primitives by value, objects and arrays only by kind (their insides are reads of their own). */
function encode(value: unknown): string {
  if (value === undefined) return 'u';
  if (value === null || typeof value !== 'object') return `v${JSON.stringify(value)}`;
  return Array.isArray(value) ? 'a' : 'o';
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
  return `${Array.from(acc, (x) => x.toString(16).padStart(8, '0')).join('')}${count.toString(36)}`;
}

/** A set member: the path alone (for the set's id) and the path with what was found there (for its value hash). */
function pathHash(path: string): Lanes {
  return memberHash(`p${path}`);
}

function valueHash(path: string, value: string): Lanes {
  return memberHash(`v${path}\u0000${value}`);
}

/** One readable place of the shared data, made once per place and shared by every recording of that data. */
interface Slot {
  path: string;
  /** Numbered in the order places were first read (see ReadSummary.ids); its hashes are at 8n in Tracked.hashes. */
  n: number;
  /** The value found there, and its encoding (recomputed if the data was changed in between). */
  raw: unknown;
  value: string;
  /** The recording that last added this slot (a stamp, so a read again costs no set lookup). */
  seen: number;
}

/**
 * The proxies of one data object: made once and reused by every page a thread renders (a render reads a few
 * hundred places; building new proxies, path strings and encodings for each page cost ~0.4 ms a page).
 */
interface Tracked {
  proxy: object;
  /** The recording reads go to, in first-read order; a new `trackReads` call on the same data starts a new one. */
  current: Slot[] | null;
  /** Its stamp (see Slot.seen). */
  recording: number;
  /** Every slot by number, and how many of them summaries have reported. */
  slots: Slot[];
  reported: number;
  /**
   * Per slot, its path hash then its value hash (4 lanes each), in one buffer: tens of thousands of small
   * typed arrays would each cost a backing store of their own.
   */
  hashes: Uint32Array;
}

const trackedData = new WeakMap<object, Tracked>();

/** A recording's read set in the form the page cache keeps (see PageReads in render/page-result.ts). */
export interface ReadSummary {
  /** Identifies the set of paths (pages of one section often share it); independent of read order. */
  setId: string;
  /** Hash of what was found at those paths. */
  valueHash: string;
  /** The set's places by number: numbered per data object, in the order they were first read. */
  ids: Int32Array;
  /** Paths of the places numbered since the previous summary of this data, in number order. */
  newPaths: string[];
}

/**
 * Wraps `data` so that every property read through it is recorded; `reads()` returns them in first-read order,
 * `summary()` as a ReadSummary. One recording per data object at a time (rendering is synchronous): a new call
 * for the same object ends the previous recording.
 */
export function trackReads<T extends object>(data: T): { proxy: T; reads(): Read[]; summary(): ReadSummary } {
  let tracked = trackedData.get(data);
  if (!tracked) {
    tracked = makeTracked(data);
    trackedData.set(data, tracked);
  }
  const t = tracked;
  const session: Slot[] = [];
  t.current = session;
  t.recording++;
  return {
    proxy: t.proxy as T,
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

function makeTracked(data: object): Tracked {
  const tracked: Tracked = { proxy: data, current: null, recording: 0, slots: [], reported: 0, hashes: new Uint32Array(8 * 1024) };
  const note = (slot: Slot) => {
    if (tracked.current === null || slot.seen === tracked.recording) return;
    slot.seen = tracked.recording;
    tracked.current.push(slot);
  };
  const proxies = new WeakMap<object, object>();
  const newSlot = (path: string, raw: unknown, value: string): Slot => {
    const slot = { path, n: tracked.slots.length, raw, value, seen: -1 };
    tracked.slots.push(slot);
    if (tracked.hashes.length < tracked.slots.length * 8) {
      const grown = new Uint32Array(tracked.hashes.length * 2);
      grown.set(tracked.hashes);
      tracked.hashes = grown;
    }
    tracked.hashes.set(pathHash(path), slot.n * 8);
    tracked.hashes.set(valueHash(path, value), slot.n * 8 + 4);
    return slot;
  };
  const update = (slot: Slot, raw: unknown, value: string) => {
    if (slot.value !== value) tracked.hashes.set(valueHash(slot.path, value), slot.n * 8 + 4);
    slot.raw = raw;
    slot.value = value;
  };
  const wrap = (target: object, prefix: string): object => {
    const existing = proxies.get(target);
    if (existing) return existing;
    const slots = new Map<string, Slot>();
    const slotOf = (key: string, value: unknown): Slot => {
      let slot = slots.get(key);
      if (!slot) slots.set(key, (slot = newSlot(prefix + key, value, encode(value))));
      else if (slot.raw !== value) update(slot, value, encode(value));
      return slot;
    };
    let keysSlot: Slot | undefined;
    // The shared data is plain JSON (no getters), so a property is read directly; the path of a nested object is
    // built only the first time it is wrapped. This trap runs a few hundred times a page.
    const proxy = new Proxy(target, {
      get(obj, key) {
        const value = (obj as Record<PropertyKey, unknown>)[key];
        if (typeof key === 'symbol') return value;
        note(slotOf(key, value));
        if (value === null || typeof value !== 'object') return value;
        return proxies.get(value) ?? wrap(value, `${prefix}${key}${SEP}`);
      },
      has(obj, key) {
        if (typeof key !== 'symbol') note(slotOf(key, Reflect.get(obj, key)));
        return Reflect.has(obj, key);
      },
      ownKeys(obj) {
        const keys = Reflect.ownKeys(obj);
        // the key list is kept as it is (lookup() compares it the same way), not encoded like a value
        const names = keys.filter((k) => typeof k === 'string').join(SEP);
        if (!keysSlot) keysSlot = newSlot(prefix + KEYS, names, names);
        else if (keysSlot.value !== names) update(keysSlot, names, names);
        note(keysSlot);
        return keys;
      },
    });
    proxies.set(target, proxy);
    return proxy;
  };
  tracked.proxy = wrap(data, '');
  return tracked;
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
 * The hash of the values now found at `paths` in `data`: equal to a stored valueHash when nothing read changed.
 * `memo` (one per build) keeps each path's member hash, since the read sets of a site share most of their paths.
 */
export function valueHashOf(data: unknown, paths: readonly string[], memo?: Map<string, Lanes>): string {
  const acc = new Uint32Array(4);
  for (const p of paths) {
    let h = memo?.get(p);
    if (h === undefined) {
      h = valueHash(p, lookup(data, p));
      memo?.set(p, h);
    }
    sumInto(acc, h);
  }
  return hexOf(acc, paths.length);
}

function lookup(data: unknown, p: string): string {
  const keys = p.endsWith(KEYS);
  const segments = (keys ? p.slice(0, -KEYS.length) : p).split(SEP);
  if (keys) segments.pop(); // the empty segment after the last separator
  let node: unknown = data;
  for (const s of segments) {
    if (node === null || typeof node !== 'object') return keys ? '' : 'u';
    node = (node as Record<string, unknown>)[s];
  }
  if (keys) return node !== null && typeof node === 'object' ? Reflect.ownKeys(node).filter((k) => typeof k === 'string').join(SEP) : '';
  return encode(node);
}
