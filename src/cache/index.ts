// Public face of the cache stage: the persistent build cache in `.docsgen-cache/` (safe to delete).
export { engineId } from './engine.js';
export { cacheKey, stampKey } from './hash.js';
export { hashImageFile } from './image-hash.js';
export { fingerprintInputs, completeStamp, type FileStamps } from './fingerprint.js';
export { loadBuildState, saveBuildState, newBuildId, readMarker, MARKER, type BuildState, type PageOutputRecord } from './build-state.js';
export { readPreviousBuild, unchangedBuild, markOutput, recordBuild, type PreviousBuild } from './previous-build.js';
export { PageStore, type PageSink, type PageStoreOptions } from './page-store.js';
export { PageCache, type CacheEntry } from './page-cache.js';
export { checkedBytes, writeChecked, writeCheckedParts } from './checked-file.js';
export { trackReads, summariseReads, valueHashOf, type ReadSummary } from './reads.js';
export { readHashedSync } from './hash.js';
export { readChecked } from './checked-file.js';
export { hashBytes } from './hash.js';
export { readCheckedJson } from './checked-file.js';
export { fileMatches } from './hash.js';
export type { PackLocation } from './result-packs.js';
export { stampedHash } from './hash.js';
export { ResultPacks } from './result-packs.js';
