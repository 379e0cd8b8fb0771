// Public face of the diagnostics stage: the one problem shape, the code catalogue and the printer.
export * from './types.js';
export * from './print.js';
export { codes } from './codes.js';
export { allCodes } from './catalogue.js';
export { writeFailure, type FsErrorFacts, type WriteFailureContext } from './write-failure.js';
