// Public face of the redirects stage: load the YAML source, validate it, export every server format,
// write the build's artifacts, and match requests (serve and browser) with the same semantics as nginx.
export type { RedirectRule, RedirectFormat, RedirectStatus, ExportOptions, RedirectFormatter, DeployTarget } from './types.js';
export { REDIRECT_STATUSES, DEPLOY_TARGETS } from './types.js';
export { redirectCodes } from './codes.js';
export { loadRedirects, parseRedirectsText } from './load.js';
export { validateRedirects, type ValidateOptions } from './validate.js';
export { exportRedirects, type ExportRedirectsOptions } from './export.js';
export { formats, formatIds } from './formats/index.js';
export { formatNginxHttp } from './formats/nginx.js';
export { formatNginxServer, proxyPath, type NginxServerOptions } from './nginx-server.js';
export { toJsonEntries, type RedirectJsonEntry } from './formats/json.js';
export { writeRedirectArtifacts, nginxConfFiles, readBuiltMatchPaths, type RedirectArtifactOptions } from './artifacts.js';
export { writeStubPages, isStubPage } from './write-stubs.js';
export { htmlStubs } from './formats/html.js';
export { compileRedirectMatcher } from './matcher.js';
export { toBrowserRedirects } from './browser-data.js';
export { matchBrowserRedirect, canonicalPathKey, type BrowserRedirects, type RedirectMatch } from './browser-match.js';
export { cacheControlFor, needsTrailingSlash, resolveProxyUrl, CACHE_IMMUTABLE, CACHE_REVALIDATE, SLASH_EXEMPT, HASHED_ASSET, SVG_CSP, SVG_PATH } from './server-rules.js';
export { collectServedPaths } from './site-paths.js';
export { publishRedirects, type PublishRedirectsOptions } from './publish.js';
export { matchPathFile } from './match-path-rules.js';
