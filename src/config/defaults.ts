// Every default of docsgen in one place, seeded from the constants of the site docsgen was built to produce
// (seed sections 1, 2, 4, 7 and 9). Each says what it is for.

/** Site name, shown in the header and the web manifest. */
export const SITE_NAME = 'Documentation';
/** Appended to every page title: `{title} | {postfix}`. */
export const TITLE_POSTFIX = 'Esri Developer';
/** Every page and asset is served under this prefix. */
export const PATH_PREFIX = '/documentation';
/** The site start path (relative to the prefix). */
export const START_PATH = '/';
/** Community forum linked from the footer. */
export const FORUM_URL = 'https://community.esri.com/t5/esri-developer/ct-p/esri-developer';
/** Social handle of the site (metadata only; not shown on pages). */
export const SOCIAL_HANDLE = '@EsriDevs';

/** Links to paths with these extensions keep no trailing slash (seed section 2). */
export const EXEMPT_EXTENSIONS = ['.html', '.json', '.js', '.map', '.txt', '.xml', '.pdf'] as const;
/** A path ending in one of the exempt extensions (case-insensitive): the one test build, server and runtime share. */
export const EXEMPT_PATH = new RegExp(`(?:${EXEMPT_EXTENSIONS.map((e) => e.replace('.', '\\.')).join('|')})$`, 'i');

/** Pinned versions of the documentation variables (seed section 9), usable in content as `{{ name }}`. */
export const VARIABLES = {
  arcgis_js_version: '4.33',
  calcite_version: '3.2.0',
  maplibre_version: '5.7.3',
  cesium_version: '1.132',
  leaflet_version: '1.9.4',
  openlayers_version: '10.6.0',
} as const;

/** Version of the component library whose assets are served from `documentation/calcite/`. */
export const CALCITE_COMPONENTS_VERSION = '3.2.1';
/** Debounce of the component library, in ms (seed section 9). */
export const CALCITE_DEBOUNCE = { filter: 250, resize: 150, reposition: 100 } as const;

/** Locales of the UI translations (seed section 9); `en` is the default and the fallback. */
export const LOCALES = [
  'ar', 'bg', 'bs', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'he', 'hr', 'hu', 'id', 'it', 'ja',
  'ko', 'lt', 'lv', 'nl', 'nb', 'no', 'pl', 'pt-BR', 'pt-PT', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'th', 'tr', 'uk',
  'vi', 'zh-CN', 'zh-HK', 'zh-TW',
] as const;
export const DEFAULT_LOCALE = 'en';
/** Locale aliases applied before lookup (seed section 9). */
export const LOCALE_ALIASES: Record<string, string> = { pt: 'pt-PT', nb: 'no', nn: 'no', zh: 'zh-CN' };

/** Redirects: every one permanent, case-insensitive and applied in the browser (seed section 2). */
export const REDIRECT_DEFAULT_STATUS = 301;

/** Client runtime constants (seed sections 2, 4, 9). */
export const RUNTIME = {
  pageDataRetries: 3,
  appDataRetries: 3,
  delayedNavigationMs: 1000,
  prefetchBatchSize: 4,
  prefetchIntervalMs: 3000,
  refetchOnWindowFocus: false,
  retryBackoffStartMs: 1000,
  retryBackoffMaxMs: 30000,
} as const;

/** Images (seed section 9): the pipeline's cap and quality, and the default display width. */
export const IMAGES = {
  maxWidth: 995,
  breakpoints: [995],
  quality: 50,
  displayMaxWidth: 650,
  backgroundColor: 'transparent',
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

/** Hosts a redirect target or the third-party script proxy may point to. */
export const ALLOWED_EXTERNAL_HOSTS = [
  'developers.arcgis.com',
  'doc.arcgis.com',
  'pro.arcgis.com',
  'enterprise.arcgis.com',
  'www.esri.com',
  'esri.com',
  'community.esri.com',
  'js.arcgis.com',
  'github.com',
] as const;

/** Path of the third-party script proxy, taking a `url` query parameter. */
export const THIRD_PARTY_PROXY_PATH = '/documentation/__third-party-proxy';

/** Folders and files of a project, relative to its root. */
export const PROJECT = {
  content: 'content',
  templates: 'templates',
  redirects: 'redirects',
  out: 'dist',
  cache: '.docsgen-cache',
  configFile: 'docsgen.config.yaml',
} as const;
