// Public face of the cache stage: the persistent build cache in `.docsgen-cache/` (safe to delete).
export { engineId } from './engine.js';
export { cacheKey } from './hash.js';
export { fingerprintInputs, type FileStamps } from './fingerprint.js';
export { loadBuildState, saveBuildState, newBuildId, readMarker, MARKER, type BuildState } from './build-state.js';
export { PageCache, type CacheEntry } from './page-cache.js';
export { trackReads, summariseReads, valueHashOf, type ReadSummary } from './reads.js';
