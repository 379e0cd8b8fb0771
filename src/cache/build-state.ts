// What the last successful build left: its input fingerprint, its output and each page's output key. The next
// build stops at once when nothing changed, and otherwise hard-links the pages whose output key is unchanged.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/types.js';
import type { FileStamps } from './fingerprint.js';

/** The state file `.docsgen-cache/build-state.json`. */
export interface BuildState {
  version: 1;
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
  /** Page path (or `/404/`-style status path) → output key of its two files. */
  outputs: Record<string, string>;
}

const FILE = 'build-state.json';
/** The marker file inside the output folder. */
export const MARKER = '.docsgen-build';

/** Loads the state of the last successful build by this engine (null if none, damaged or another engine's). */
export async function loadBuildState(cacheDir: string, engine: string): Promise<BuildState | null> {
  try {
    const state = JSON.parse(await readFile(path.join(cacheDir, FILE), 'utf8')) as BuildState;
    return state.version === 1 && state.engine === engine ? state : null;
  } catch {
    return null;
  }
}

/** Writes the state atomically. */
export async function saveBuildState(cacheDir: string, state: BuildState): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const tmp = path.join(cacheDir, `${FILE}.${process.pid}.tmp`);
  await writeFile(tmp, JSON.stringify(state));
  await rename(tmp, path.join(cacheDir, FILE));
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
