// Tunables of the link checker. Kept here rather than in src/config/defaults.ts so the stages do not
// edit one shared file; each says why it has its value.

/** Below this many pages, starting worker threads costs more than it saves (~30 ms per worker). */
export const INLINE_PAGE_THRESHOLD = 400;
/** Pages handed to a worker at a time: big enough to amortise messaging, small enough to balance load. */
export const WORKER_BATCH_SIZE = 48;
/** A link thread's young generation (V8's default grows to 3 x 16 MB): see worker-pool.ts. */
export const WORKER_YOUNG_GENERATION_MB = 8;
/** External checks: one slow host must not hold the run hostage. */
export const EXTERNAL_TIMEOUT_MS = 10_000;
/** External checks: transient failures (timeouts, 429, 5xx) are retried this many times. */
export const EXTERNAL_RETRIES = 2;
/** External checks: first back-off delay; doubles on each retry. */
export const EXTERNAL_BACKOFF_MS = 500;
/** External checks: a Retry-After longer than this is not waited for; the link is reported. */
export const EXTERNAL_MAX_RETRY_AFTER_MS = 60_000;
/** External checks: requests in flight in total and to one host (politeness to servers). */
export const EXTERNAL_CONCURRENCY = 16;
export const EXTERNAL_PER_HOST_CONCURRENCY = 2;
/** External checks: a good result is trusted this long; failures are always checked again. */
export const EXTERNAL_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Pages checked between two forced collections of this thread's garbage (see memory.ts)... */
export const GC_EVERY_PAGES = 2000;
/** ...and only when its heap holds this much (a small site's check never forces one). */
export const GC_MIN_HEAP = 64 * 1024 * 1024;
