// Every default of docsgen in one place. They carry no organisation: the values of the site docsgen was built to
// produce (its name, title postfix, forum, social handle, site URL, versions, locales, allowlists) are in that
// sample site's own docsgen.config.yaml. Each says what it is for.

/** Site name when neither the config nor the site folder's package.json names one. */
export const SITE_NAME = 'Documentation';
/** Every page and asset is served under this prefix. */
export const PATH_PREFIX = '/documentation';
/** The site start path (relative to the prefix): the web manifest's `start_url`. */
export const START_PATH = '/';

/** Links to paths with these extensions keep no trailing slash (seed section 2). */
export const EXEMPT_EXTENSIONS = ['.html', '.json', '.js', '.map', '.txt', '.xml', '.pdf'] as const;
/** A path ending in one of the exempt extensions (case-insensitive): the one test build, server and runtime share. */
export const EXEMPT_PATH = new RegExp(`(?:${EXEMPT_EXTENSIONS.map((e) => e.replace('.', '\\.')).join('|')})$`, 'i');

/**
 * Debounce of the component library, in ms (seed section 9); templates import it from `docsgen/runtime`: the
 * header re-lays its sections out after `resize`, the search field waits `filter`. The seed's `reposition` (100)
 * is the component library's own delay for its popovers: docsgen places none, so it has no constant here.
 */
export const CALCITE_DEBOUNCE = { filter: 250, resize: 150 } as const;

/**
 * Every locale the component library has UI translations for (Calcite 3.2.1's t9n set): what the browser runtime
 * resolves against when a site gives no rules. A site's own `locales` default to English only.
 */
export const LOCALES = [
  'ar', 'bg', 'bs', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'he', 'hr', 'hu', 'id', 'it', 'ja',
  'ko', 'lt', 'lv', 'nl', 'nb', 'no', 'pl', 'pt-BR', 'pt-PT', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'th', 'tr', 'uk',
  'vi', 'zh-CN', 'zh-HK', 'zh-TW',
] as const;
export const DEFAULT_LOCALE = 'en';
/** The component library's own locale equivalences (Calcite's normalizeLocale), for a site that gives none. */
export const LOCALE_ALIASES: Record<string, string> = { pt: 'pt-PT', nb: 'no', nn: 'no', zh: 'zh-CN' };
/** Locales of a site's UI translations unless its config lists more: English, also the fallback. */
export const SITE_LOCALES = ['en'] as const;

/** Redirects: every one permanent, case-insensitive and applied in the browser (seed section 2). */
export const REDIRECT_DEFAULT_STATUS = 301;

/** Client runtime constants (seed sections 2, 4, 9). */
export const RUNTIME = {
  pageDataRetries: 3,
  appDataRetries: 3,
  delayedNavigationMs: 1000,
  prefetchBatchSize: 4,
  prefetchIntervalMs: 3000,
  retryBackoffStartMs: 1000,
  retryBackoffMaxMs: 30000,
} as const;

/**
 * Images (seed section 9): the pipeline's cap (its one breakpoint; transparency is kept, nothing is flattened) and
 * quality, and the widest an article shows an image (`--image-display-max-width` in the stylesheet).
 */
export const IMAGES = {
  maxWidth: 995,
  quality: 50,
  displayMaxWidth: 650,
} as const;

/**
 * Largest Markdown page a build accepts, in bytes, checked before the file is read: building a page takes about
 * 140 times its size in memory, so a 20 MB page took 2.8 GB. Not a config key: a page this large is a mistake.
 */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** Web manifest (seed section 9). */
export const MANIFEST = {
  display: 'browser',
  backgroundColor: '#F8F8F8',
  iconSizes: [192, 512],
} as const;

/** Path of the third-party script proxy under the path prefix, taking a `url` query parameter. */
export const THIRD_PARTY_PROXY_PATH = '/__third-party-proxy';

/** Folders and files of a project, relative to its root. */
export const PROJECT = {
  content: 'content',
  templates: 'templates',
  redirects: 'redirects',
  /** Files copied to the web root as they are (favicon, robots.txt, downloads). */
  public: 'public',
  out: 'dist',
  cache: '.docsgen-cache',
  configFile: 'docsgen.config.yaml',
} as const;
