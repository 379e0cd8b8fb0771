import type { RedirectFormatter, RedirectRule } from '../types.js';

/** The seed's redirect entry shape, plus `statusCode` (a pass-through field of Gatsby's createRedirect). */
export interface RedirectJsonEntry {
  fromPath: string;
  toPath: string;
  isPermanent: boolean;
  ignoreCase: true;
  redirectInBrowser: true;
  statusCode: number;
}

/** Rules as the seed's redirect entries (what `dist/server/redirects.json` holds). */
export function toJsonEntries(rules: readonly RedirectRule[]): RedirectJsonEntry[] {
  return rules.map((r) => ({ fromPath: r.fromPath, toPath: r.toPath, isPermanent: r.isPermanent, ignoreCase: true, redirectInBrowser: true, statusCode: r.status }));
}

/** JSON: an array of the seed's redirect entries, every rule as written (JSON escaping makes any text safe). */
export const jsonFormat: RedirectFormatter = {
  id: 'json',
  format(rules) {
    return JSON.stringify(toJsonEntries(rules), null, 2) + '\n';
  },
};
