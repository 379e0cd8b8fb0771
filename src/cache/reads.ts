// Which parts of the shared data (nav, site, header, footer) a template read while rendering one page.
// A page is reused from the cache only if every value it read is unchanged, so a renamed page re-renders
// the pages whose sidebar shows it, not the whole site, whatever the templates do with the data.
import { createHash } from 'node:crypto';

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

/** One readable place of the shared data, made once per place and shared by every recording of that data. */
interface Slot {
  path: string;
  /** The value found there, and its encoding (recomputed if the data was changed in between). */
  raw: unknown;
  value: string;
}

/**
 * The proxies of one data object: made once and reused by every page a thread renders (a render reads a few
 * hundred places; building new proxies, path strings and encodings for each page cost ~0.4 ms a page).
 */
interface Tracked {
  proxy: object;
  /** The recording reads go to; a new `trackReads` call on the same data starts a new one. */
  current: Set<Slot> | null;
}

const trackedData = new WeakMap<object, Tracked>();

/**
 * Wraps `data` so that every property read through it is recorded; `reads()` returns them in first-read order.
 * One recording per data object at a time (rendering is synchronous): a new call for the same object ends the
 * previous recording.
 */
export function trackReads<T extends object>(data: T): { proxy: T; reads(): Read[] } {
  let tracked = trackedData.get(data);
  if (!tracked) {
    tracked = makeTracked(data);
    trackedData.set(data, tracked);
  }
  const session = new Set<Slot>();
  tracked.current = session;
  return { proxy: tracked.proxy as T, reads: () => Array.from(session, (slot): Read => [slot.path, slot.value]) };
}

function makeTracked(data: object): Tracked {
  const tracked: Tracked = { proxy: data, current: null };
  const proxies = new WeakMap<object, object>();
  const wrap = (target: object, prefix: string): object => {
    const existing = proxies.get(target);
    if (existing) return existing;
    const slots = new Map<string, Slot>();
    const slotOf = (key: string, value: unknown): Slot => {
      let slot = slots.get(key);
      if (!slot) slots.set(key, (slot = { path: prefix + key, raw: value, value: encode(value) }));
      else if (slot.raw !== value) Object.assign(slot, { raw: value, value: encode(value) });
      return slot;
    };
    let keysSlot: Slot | undefined;
    const proxy = new Proxy(target, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver) as unknown;
        if (typeof key === 'symbol') return value;
        tracked.current?.add(slotOf(key, value));
        return value !== null && typeof value === 'object' ? wrap(value, `${prefix}${key}${SEP}`) : value;
      },
      has(obj, key) {
        if (typeof key !== 'symbol') tracked.current?.add(slotOf(key, Reflect.get(obj, key)));
        return Reflect.has(obj, key);
      },
      ownKeys(obj) {
        const keys = Reflect.ownKeys(obj);
        // the key list is kept as it is (lookup() compares it the same way), not encoded like a value
        const names = keys.filter((k) => typeof k === 'string').join(SEP);
        if (keysSlot?.value !== names) keysSlot = { path: prefix + KEYS, raw: names, value: names };
        tracked.current?.add(keysSlot);
        return keys;
      },
    });
    proxies.set(target, proxy);
    return proxy;
  };
  tracked.proxy = wrap(data, '');
  return tracked;
}

/** A read set as the cache stores it: the paths once (shared by many pages), the values as one hash per page. */
export interface ReadSummary {
  /** Identifies the list of paths (pages of one section usually share it). */
  setId: string;
  paths: string[];
  /** Hash of the values found at those paths. */
  valueHash: string;
}

/** Summarises recorded reads: paths sorted, so the same template reading the same data gives the same set. */
export function summariseReads(reads: Read[]): ReadSummary {
  const sorted = [...reads].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const paths = sorted.map((r) => r[0]);
  return { setId: hash(paths.join('\n')), paths, valueHash: hash(sorted.map((r) => r[1]).join('\n')) };
}

/**
 * The hash of the values now found at `paths` in `data`: equal to a stored valueHash when nothing read changed.
 * `memo` (one per build) keeps each path's value, since the read sets of a site share most of their paths.
 */
export function valueHashOf(data: unknown, paths: readonly string[], memo?: Map<string, string>): string {
  return hash(
    paths
      .map((p) => {
        let v = memo?.get(p);
        if (v === undefined) {
          v = lookup(data, p);
          memo?.set(p, v);
        }
        return v;
      })
      .join('\n'),
  );
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

function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 20);
}
