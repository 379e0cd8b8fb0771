// Each page's terms as the last build indexed them (`<cacheDir>/search/`, checked files): a base (pages.json, every
// page) and the changes since it (changes.json, the pages that differ from the base, null for one removed). A
// one-page edit writes the few kilobytes of changes, not the megabytes of every page's terms again; the base is
// rewritten once the changes grow past a share of it. The changes name the base they apply to by its id: changes
// of another base (a build stopped between the two writes) are not applied, and the base alone is a state of
// its own, with its manifest.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedBytes, writeChecked } from '../cache/index.js';

/** A page as indexed: its cache key, title, section path and `term score …` list. */
export type Entry = [key: string, title: string, section: string, terms: string];

/** The pages of the last build's index and the manifest written from them. */
export interface PageState {
  pages: Record<string, Entry>;
  manifest: string;
}

interface Base extends PageState {
  format: number;
  lang: string;
  id: string;
}

interface Changes {
  base: string;
  pages: Record<string, Entry | null>;
  manifest: string;
}

const BASE = 'pages.json';
const CHANGES = 'changes.json';
/** The base is written again when this many pages differ from it (and at least MIN_CHANGES). */
const REWRITE_SHARE = 1 / 16;
const MIN_CHANGES = 64;

/** The state kept in `dir`, with the base it was read from (for writing only the changes next). */
export interface StoredState {
  state: PageState;
  base: Base;
}

/** Reads the state of `format` and `lang` in `dir`; null when there is none (or it is damaged, or of another kind). */
export async function readPageState(dir: string, format: number, lang: string): Promise<StoredState | null> {
  let base: Base | null = null;
  try {
    const bytes = checkedBytes(await readFile(path.join(dir, BASE)));
    base = bytes ? (JSON.parse(bytes.toString('utf8')) as Base) : null;
  } catch {
    // no cache yet
  }
  if (base?.format !== format || base.lang !== lang || typeof base.id !== 'string') return null;
  let changes: Changes | null = null;
  try {
    const bytes = checkedBytes(await readFile(path.join(dir, CHANGES)));
    changes = bytes ? (JSON.parse(bytes.toString('utf8')) as Changes) : null;
  } catch {
    // none since the base
  }
  if (changes?.base !== base.id) return { state: { pages: base.pages, manifest: base.manifest }, base };
  const pages = { ...base.pages };
  for (const [p, e] of Object.entries(changes.pages)) {
    if (e) pages[p] = e;
    else delete pages[p];
  }
  return { state: { pages, manifest: changes.manifest }, base };
}

/** Keeps `state` in `dir`: only its changes from `base` while they are few, else a new base. */
export async function writePageState(dir: string, format: number, lang: string, state: PageState, base: Base | null): Promise<void> {
  const changed: Record<string, Entry | null> = {};
  let count = 0;
  if (base) {
    for (const [p, e] of Object.entries(state.pages)) {
      const b = Object.hasOwn(base.pages, p) ? base.pages[p] : undefined;
      if (!b || b[0] !== e[0] || b[1] !== e[1] || b[2] !== e[2] || b[3] !== e[3]) (changed[p] = e), count++;
    }
    for (const p of Object.keys(base.pages)) if (!Object.hasOwn(state.pages, p)) (changed[p] = null), count++;
  }
  if (base && count <= Math.max(MIN_CHANGES, Object.keys(base.pages).length * REWRITE_SHARE)) {
    await writeChecked(path.join(dir, CHANGES), JSON.stringify({ base: base.id, pages: changed, manifest: state.manifest } satisfies Changes));
    return;
  }
  // a new id: changes written for the old base are not applied to this one
  await writeChecked(path.join(dir, BASE), JSON.stringify({ format, lang, id: randomBytes(8).toString('hex'), ...state } satisfies Base));
}
