// Limits of hosting platforms a redirect list is checked against (docs cited in
// shared/reference/hosting-redirects.md). Kept here, not in config/defaults.ts, so stages do not collide on one file.

/** Cloudflare Pages / Workers static assets `_redirects`: 2,000 static + 100 dynamic rules, 1,000 characters a line. */
export const CLOUDFLARE_LIMITS = { staticRules: 2000, dynamicRules: 100, lineChars: 1000 } as const;
/** Netlify: no fixed count, but 10,000 redirects or more should use placeholders or Edge Functions. */
export const NETLIFY_RECOMMENDED_MAX = 10_000;
/** Vercel `vercel.json`: historically 1,024 routes per deployment (beyond that, bulk redirects). */
export const VERCEL_ROUTE_LIMIT = 1024;
/** Hops followed when resolving a chain before giving up (a longer chain is reported as is). */
export const MAX_CHAIN_HOPS = 32;
