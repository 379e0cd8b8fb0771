// Public face of the links stage: check a folder of built HTML the way the server serves it.
export { checkLinks, detectDocsgenBuild } from './check-links.js';
export { checkBuiltLinks, type CheckBuiltLinksOptions } from './check-build.js';
export type { CheckLinksOptions, CheckLinksOutputs, CheckLinksResult, CheckLinksStats, LinkProblem, LinkProblemKind } from './types.js';
export { linkCodes } from './codes.js';
export { kindCodes, kindSeverity } from './describe-problem.js';
export { extractPage, type ExtractedPage, type PageRef } from './extract-page.js';
export { resolveHref, urlOfPageFile, type Resolution } from './resolve-href.js';
export { parseSrcset } from './srcset.js';
export { RedirectMatcher, parseRedirectRules, type RedirectListEntry } from './redirect-matcher.js';
export { SiteIndex } from './site-index.js';
export type { LinkSourcesFile } from './link-sources.js';
