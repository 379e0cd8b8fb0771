// Public face of the page-data stage: the page tree (nav, breadcrumbs, children) and the data files the
// browser runtime fetches (page-data, app-data, static queries, slices).
export { SiteTree, type NavItem } from './site-tree.js';
export { contentHash, pageDataFile, writeJson, staticQuery } from './write.js';
export type { OutputClaim } from './outputs.js';
