// The options the build bakes into the app bundle (plan.appOptions + the template chunk URLs).
import type { BrowserRedirects } from '../redirects/browser-match.js';
import type { MatchPathEntry } from '../util/match-path.js';

/** Options the build bakes into the app bundle. */
export interface AppOptions {
  /** `/documentation`: data, asset and routing prefix. */
  pathPrefix: string;
  /** componentChunkName → URL of the template chunk. */
  chunks: Record<string, string>;
  /** Locales the UI strings exist in (seed section 9). */
  locales?: string[];
  defaultLocale?: string;
  /** `pt` → `pt-PT` and the like. */
  localeAliases?: Record<string, string>;
  /** Browser-side redirects (`toBrowserRedirects` of the redirect source). */
  redirects?: BrowserRedirects;
  /** Whether the build wrote a search index (`search/`): the runtime offers `search` only then. */
  search?: boolean;
  /** How long the search box waits after typing stops (the component library's filter debounce, seed section 9). */
  searchDebounceMs?: number;
  /** Pages with a frontmatter `matchPath`, most specific first: they answer for paths no page has. */
  matchPaths?: MatchPathEntry[];
}

/** Window events the templates listen to. */
export const EVENTS = {
  /** A navigation has taken longer than the delayed-navigation threshold. */
  delayed: 'docsgen:route-update-delayed',
  /** A client-side navigation has rendered. */
  updated: 'docsgen:route-update',
} as const;
