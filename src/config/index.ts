// Public face of the config stage: defaults from the seed, the zod schema and the project loader.
export * as defaults from './defaults.js';
export { siteConfigSchema, type SiteConfig, type SiteConfigInput } from './schema.js';
export { loadProject, type Project } from './load.js';
export { issuePosition } from './yaml-positions.js';
