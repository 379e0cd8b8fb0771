// The merge's state kept for the next build (`<cacheDir>/search/shards.txt`, a checked file): its first line is the
// hash of the manifest it was merged with, then a line per shard (`t`, key, group, JSON text) and per vocabulary
// letter (`v`, letter, JSON list), tab-separated (JSON holds no raw tab or line break). A state of another
// manifest than the one pages.json records is not used: the terms it holds are not those pages'.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedBytes, hashBytes, writeCheckedParts } from '../cache/index.js';
import type { MergeState } from './merge.js';

const FILE = 'shards.txt';

/** The state merged with `manifest`, or null when there is none, it is damaged, or it goes with another manifest. */
export async function readMergeState(dir: string, manifest: string): Promise<MergeState | null> {
  const bytes = checkedBytes(await readFile(path.join(dir, FILE)).catch(() => Buffer.alloc(0)));
  if (!bytes) return null;
  const lines = bytes.toString('utf8').split('\n');
  if (lines[0] !== hashBytes(manifest)) return null;
  const state: MergeState = { texts: new Map(), vocab: new Map() };
  try {
    for (let i = 1; i < lines.length; i++) {
      const f = lines[i]!.split('\t');
      if (f[0] === 't' && f.length === 4) state.texts.set(JSON.parse(f[1]!) as string, [JSON.parse(f[2]!) as string, f[3]!]);
      else if (f[0] === 'v' && f.length === 3) state.vocab.set(JSON.parse(f[1]!) as string, f[2]!);
      else return null;
    }
  } catch {
    return null;
  }
  return state;
}

/** Writes the state merged with `manifest`. */
export async function writeMergeState(dir: string, manifest: string, state: MergeState): Promise<void> {
  function* lines() {
    yield hashBytes(manifest);
    for (const [key, [group, text]] of state.texts) yield `\nt\t${JSON.stringify(key)}\t${JSON.stringify(group)}\t${text}`;
    for (const [letter, text] of state.vocab) yield `\nv\t${JSON.stringify(letter)}\t${text}`;
  }
  await writeCheckedParts(path.join(dir, FILE), lines());
}
