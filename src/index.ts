// The programmatic API of docsgen: one function per command, with typed options and results. The CLI (src/cli)
// is a thin adapter over the library; everything not exported here is internal and may change in any release.
export { init, type InitOptions, type InitResult } from './init/index.js';
export { build, type BuildOptions, type BuildStats, type BuildProgress } from './build.js';
export { loadRedirects, validateRedirects, exportRedirects, type ValidateOptions, type ExportRedirectsOptions, type RedirectRule, type RedirectFormat } from './redirects/index.js';
export { checkLinks, type CheckLinksOptions, type CheckLinksResult, type CheckLinksStats } from './links/index.js';
export { optimizeImages, type OptimizeImagesOptions, type OptimizeImagesStats } from './images/index.js';
export { emitServiceWorker, type EmitServiceWorkerOptions, type EmitServiceWorkerStats } from './sw/index.js';
export { serve, dev, type ServeOptions, type ServeResult, type DevOptions, type DevEvent, type DevServer } from './serve/index.js';
// what every function reports, and the project they read
export type { Diagnostic, Severity, SourceLocation, StageResult } from './diagnostics/index.js';
export { loadProject, type Project, type SiteConfig, type SiteConfigInput } from './config/index.js';
