// What the last successful build left: its input fingerprint, its output and each page's output key. The next
// build stops at once when nothing changed (and the output is as it was left), and otherwise hard-links the
// pages whose output key is unchanged and whose files still hold the bytes written (see PageOutputRecord).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { readCheckedJson, writeChecked } from './checked-file.js';
import type { FileStamps } from './fingerprint.js';

/**
 * A page's output key (what its two files are made from), and the size and hash of each file as written: a file
 * edited in the output since, by hand or by anything else, no longer matches and is written again. The hashes
 * are '' for an islands page, which is linked only from an intact output (see pagedata/collect.ts).
 */
export type PageOutputRecord = [outKey: string, htmlSize: number, htmlHash: string, dataSize: number, dataHash: string];

/** The state file `.docsgen-cache/build-state.json`. */
export interface BuildState {
  version: 2;
  engine: string;
  fingerprint: string;
  outDir: string;
  /** Also written to `<out>/.docsgen-build`: proves the output folder is the one this state describes. */
  buildId: string;
  buildHash: string;
  stats: Record<string, number>;
  /** Warnings of that build, printed again when a rebuild finds nothing to do. */
  diagnostics: Diagnostic[];
  stamps: FileStamps;
  /** Page path (or `/404/`-style status path) → its output key and files. */
  outputs: Record<string, PageOutputRecord>;
  /** The output folder's listing with sizes and mtimes after the commit (see output-stamp.ts). */
  outputStamp: string;
}

const FILE = 'build-state.json';
/** The marker file inside the output folder. */
export const MARKER = '.docsgen-build';

/** Loads the state of the last successful build by this engine (null if none, damaged or another engine's). */
export async function loadBuildState(cacheDir: string, engine: string): Promise<BuildState | null> {
  const state = await readCheckedJson<BuildState>(path.join(cacheDir, FILE));
  return state?.version === 2 && state.engine === engine ? state : null;
}

/** Writes the state atomically, with its checksum. */
export async function saveBuildState(cacheDir: string, state: BuildState): Promise<void> {
  await writeChecked(path.join(cacheDir, FILE), JSON.stringify(state));
}

/** A fresh build id. */
export function newBuildId(): string {
  return randomBytes(8).toString('hex');
}

/** The build id stored in an output folder, or null. */
export async function readMarker(outDir: string): Promise<string | null> {
  try {
    return (await readFile(path.join(outDir, MARKER), 'utf8')).trim();
  } catch {
    return null;
  }
}
