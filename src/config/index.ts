// Public face of the config stage: defaults from the seed and the project loader. The zod schema and the YAML
// reading stay behind loadProject (parse-config.ts), so importing this loads neither package.
export * as defaults from './defaults.js';
export type { SiteConfig, SiteConfigInput } from './schema.js';
export type { ConfigLink, ConfigColor } from './theme-schema.js';
export { loadProject, type Project, type ConfigMemo, type ValidatedConfig } from './load.js';
export { configCodes } from './codes.js';
export { PROJECT, PATH_PREFIX } from './defaults.js';
export { checkConfigUrl, type UrlProblem } from './url-rules.js';
export { checkAllowedHost, normalizeHost, privateHostReason, type HostProblem } from './host-rules.js';
export { docsgenRoot, docsgenNodePaths, calciteAssetsDir } from './docsgen-root.js';
export { MAX_PAGE_BYTES } from './defaults.js';
export { EXEMPT_PATH } from './defaults.js';
export { IMAGES } from './defaults.js';
export { EXEMPT_EXTENSIONS } from './defaults.js';
export { EDIT_URL_PLACEHOLDER } from './url-rules.js';
export { MANIFEST, START_PATH } from './defaults.js';
