// The programmatic API of docsgen. The CLI (src/cli) is a thin adapter over these functions.
export * from './diagnostics/index.js';
export * from './config/index.js';
export { build, type BuildOptions, type BuildStats, type BuildProgress } from './build.js';
export * from './content/index.js';
export * from './pagedata/index.js';
