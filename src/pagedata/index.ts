// Public face of the page-data stage: the plan of the site (page tree, outputs, shared data), the collector that
// accounts for every page as it is written, and the data files the browser runtime fetches (page-data, app-data,
// static queries, slices).
export { SiteTree, type NavItem } from './site-tree.js';
export { contentHash, pageDataFile, writeJson, staticQuery, writeAppData } from './write.js';
export { planSite } from './plan.js';
export { collectPages } from './collect.js';
export type { OutputClaim } from './outputs.js';
export type { PageFurniture } from './furniture.js';
