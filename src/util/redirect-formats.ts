// The redirect formats' ids, apart from the redirect stage: `docsgen export-redirects --help` lists them, and
// loading the stage for its help would load its YAML and zod packages into every command's start.

/** Format ids, in the order `--help` lists them. */
export const FORMAT_IDS = ['nginx', 'netlify', 'json', 'apache', 'caddy', 'vercel', 'html'] as const;
export type RedirectFormat = (typeof FORMAT_IDS)[number];
