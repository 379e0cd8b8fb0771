// Public face of the init stage: a new site from the starter files.
export { init, titleOf, packageName, STARTER_DIR, type InitOptions, type InitResult } from './create-site.js';
export { initCodes } from './codes.js';
