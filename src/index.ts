// The programmatic API of docsgen. The CLI (src/cli) is a thin adapter over these functions.
export * from './diagnostics/index.js';
export * from './config/index.js';
