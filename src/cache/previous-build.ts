// The build's first and last steps on the cache: what the last build left (is its output still in place, did any
// input change?) and, once the new output is in place, the record the next build compares against.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadBuildState, MARKER, readMarker, saveBuildState, type BuildState, type PageOutputRecord } from './build-state.js';
import { engineId } from './engine.js';
import { fingerprintInputs, fingerprintOf, type InputStamps } from './fingerprint.js';
import { cacheKey, stampKey } from './hash.js';
import { listOutput, LISTING_FILE, recordedListingAside, recordListing, stampOf, type OutputListing } from './output-stamp.js';

/** The project folders and files a build reads, as `fingerprintInputs` needs them. */
export interface BuildInputs {
  root: string;
  contentDir: string;
  cacheDir: string;
  dirs: string[];
  files: string[];
}

/** What the last build left and the inputs of this one. */
export interface PreviousBuild {
  engine: string;
  /** The state the last successful build saved (null: none, damaged, or another docsgen's). */
  state: BuildState | null;
  /** That build's output is still the one in outDir (its marker matches): unchanged pages can be linked from it. */
  outputKept: boolean;
  /** The last commit to content/ ('' when none, null without git): pages are dated from git when there is one. */
  contentHead: string | null;
  /** Every input file's size, mtime and hash. */
  inputs: InputStamps;
  /** What the output's bytes depend on (for the marker), and the same plus the output folder (for a no-change stop). */
  fingerprints(): { contentFingerprint: string; fingerprint: string };
  /** `<content>/**.md`, relative to the root as stamps are keyed. */
  isPage(rel: string): boolean;
  /**
   * That build's output is in outDir and no file in it was changed, added or removed since (the listing it
   * recorded, with that build's stamp, still holds; checked once): its files can be reused without hashing each.
   */
  outputIntact(): Promise<boolean>;
  /** The intact output's files as that build recorded them (null when it is not intact): an in-place commit's base. */
  intactListing(): Promise<OutputListing | null>;
}

/**
 * Reads the last build's state and fingerprints this build's inputs. `flags.output` are the options that change
 * the output's bytes; `contentHead` the last commit to content/ (pages are dated from git).
 */
export async function readPreviousBuild(project: BuildInputs, outDir: string, flags: { cache: boolean; output: unknown[] }, contentHead: Promise<string | null>): Promise<PreviousBuild> {
  const { root } = project;
  const engine = engineId();
  // the output's check starts first, on a thread of its own, beside the state's read, the fingerprint and discovery
  const listed = flags.cache ? recordedListingAside(outDir, path.join(project.cacheDir, LISTING_FILE)) : Promise.resolve(null);
  const state = await loadBuildState(project.cacheDir, engine);
  const marker = state ? await readMarker(outDir) : null;
  const outputKept = state !== null && state.outDir === outDir && marker === state.buildId;
  const contentRel = stampKey(root, project.contentDir);
  const isPage = (rel: string) => rel.startsWith(`${contentRel}/`) && /\.md$/i.test(rel);
  const stamp = outputKept && flags.cache ? state.outputStamp : '';
  // With no output to keep, nothing can be skipped, so the fingerprint is not needed before the pages are
  // discovered: pages whose hash is not known are read once, by discovery, for both.
  const inputs = await fingerprintInputs(root, project.dirs, project.files, state?.stamps, flags.cache && outputKept ? undefined : isPage);
  const head = await contentHead;
  let known: { contentFingerprint: string; fingerprint: string } | undefined;
  const fingerprints = () => {
    if (known) return known;
    const contentFingerprint = cacheKey(engine, JSON.stringify([...flags.output, head]), fingerprintOf(root, inputs));
    return (known = { contentFingerprint, fingerprint: cacheKey(contentFingerprint, outDir) });
  };
  const intact = listed.then(async (found) => {
    if (!found || stamp === '') return null;
    if (found.recordedStamp !== null) return found.recordedStamp === stamp ? found : null;
    // a walk found the recorded build's files: its listing is recorded again, so the next check is a stat each
    if (stampOf(found.listing()) !== stamp) return null;
    await recordListing(path.join(project.cacheDir, LISTING_FILE), found.listing());
    return found;
  });
  return { engine, state, outputKept, contentHead: head, inputs, fingerprints, isPage, outputIntact: async () => (await intact) !== null, intactListing: async () => (await intact)?.listing() ?? null };
}

/**
 * The last build's state when nothing changed since (same fingerprint) and its output is as that build left it
 * (an edit to the output by hand is undone by building); null when this build has work to do.
 */
export async function unchangedBuild(previous: PreviousBuild, outDir: string): Promise<BuildState | null> {
  const { state } = previous;
  if (!state || !previous.outputKept || state.fingerprint !== previous.fingerprints().fingerprint) return null;
  return (await previous.outputIntact()) ? state : null;
}

/** The marker that ties an output folder to the state saved with it; the same inputs always give the same id. */
export async function markOutput(previous: PreviousBuild, stagingDir: string, buildHash: string): Promise<string> {
  const buildId = cacheKey(previous.fingerprints().contentFingerprint, buildHash);
  await writeFile(path.join(stagingDir, MARKER), `${buildId}\n`);
  return buildId;
}

/**
 * Stamps the output again once the previous output it replaced is gone (dev removes it after the commit): removing
 * its hard links moved the ctime of every file the two shared, and without a new stamp the next build would find
 * the output changed and rebuild it whole. Only while the output is still the recorded build's.
 */
export async function restampOutput(previous: PreviousBuild, project: { cacheDir: string }, outDir: string): Promise<void> {
  const state = await loadBuildState(project.cacheDir, previous.engine);
  if (!state || state.outDir !== outDir || (await readMarker(outDir)) !== state.buildId) return;
  const listing = listOutput(outDir);
  if (listing === null) return;
  const outputStamp = await recordListing(path.join(project.cacheDir, LISTING_FILE), listing);
  if (outputStamp !== state.outputStamp) await saveBuildState(project.cacheDir, { ...state, outputStamp });
}

/** Saves what the next build compares against, once the output is in place. */
export async function recordBuild(
  previous: PreviousBuild,
  project: { cacheDir: string },
  build: { outDir: string; buildId: string; buildHash: string; stats: Record<string, number>; diagnostics: BuildState['diagnostics']; outputs: Record<string, PageOutputRecord>; listing?: OutputListing | null },
): Promise<void> {
  // an in-place commit knows the output's listing (it restamped what it moved); a swapped-in output is walked
  const listing = build.listing ?? listOutput(build.outDir);
  // (written before the state that names its stamp: a listing the state does not name is not trusted)
  const outputStamp = listing ? await recordListing(path.join(project.cacheDir, LISTING_FILE), listing) : '';
  const { fingerprint } = previous.fingerprints();
  const { outDir, buildId, buildHash, stats, diagnostics, outputs } = build;
  await saveBuildState(project.cacheDir, { version: 2, engine: previous.engine, fingerprint, outDir, buildId, buildHash, stats, diagnostics, stamps: previous.inputs.stamps, outputs, outputStamp });
}
