// Public face of the sw stage: the service worker (workbox-build) and the web manifest with its icons.
export { emitServiceWorker, PRECACHE_GLOBS, type EmitServiceWorkerOptions, type EmitServiceWorkerStats, type PrecacheStats } from './emit.js';
export { writeManifest, type WriteManifestOptions, type WebManifest } from './manifest.js';
export { CACHE_NAMES } from './runtime-caching.js';
export { iconUrl, manifestUrl, serviceWorkerUrl } from './paths.js';
export { swCodes } from './codes.js';
export { prefixDir } from './paths.js';
