import { FORMAT_IDS, type RedirectFormat } from '../util/redirect-formats.js';

/** One redirect as loaded from `redirects/*.yaml`, carrying the seed's redirect entry shape too. */
export interface RedirectRule {
  /** Source as written: a served path under the prefix, with `:name` segments or a trailing `*` splat. */
  from: string;
  /** Target as written: a path under the prefix or an absolute https URL on an allowed host. */
  to: string;
  status: RedirectStatus;
  note?: string;
  fromPath: string;
  toPath: string;
  isPermanent: boolean;
  ignoreCase: true;
  redirectInBrowser: true;
  /** Where the entry starts (its `from` key), file relative to the project root. */
  location: { file: string; line: number; column: number };
  /** Positions of the `from` and `to` values, for diagnostics that point inside them. */
  positions?: { from?: ValuePosition; to?: ValuePosition };
}

/** Where a scalar's text starts and how its characters map to columns (quoted scalars shift by one). */
export interface ValuePosition {
  line: number;
  column: number;
  /** The line's text, for the code frame. */
  lineText?: string;
}

/** HTTP statuses a redirect may use. */
export type RedirectStatus = 301 | 302 | 307 | 308;

/** The statuses, in the order server configs test them. */
export const REDIRECT_STATUSES: readonly RedirectStatus[] = [301, 302, 307, 308];

/** Output formats of `export-redirects`, in the order `--help` lists them (formats/index.ts has one of each). */
export { FORMAT_IDS, type RedirectFormat };

/** Hosts a site can say it deploys to (config `deployTarget`): their limits become errors. `static`: html stubs. */
export const DEPLOY_TARGETS = ['nginx', 'apache', 'caddy', 'netlify', 'cloudflare', 'vercel', 'static'] as const;

/** One of DEPLOY_TARGETS. */
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];

/** Options every exporter accepts; each reads the ones it needs. */
export interface ExportOptions {
  /** Site path prefix, e.g. `/documentation` (nginx server.conf, html). */
  pathPrefix?: string;
  /** Site origin for absolute canonical links in html stubs, e.g. `https://docs.example.com`. */
  siteUrl?: string;
}

/** A redirect format: one file under formats/, a pure function from rules to text (or files). */
export interface RedirectFormatter {
  id: RedirectFormat;
  format(rules: readonly RedirectRule[], options?: ExportOptions): string | Map<string, string>;
}
