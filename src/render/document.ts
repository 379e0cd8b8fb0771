/** What the HTML shell of every page needs besides the rendered body. */
export interface DocumentParts {
  title: string;
  description: string;
  lang: string;
  /** Absolute address of the page; no canonical link when the site has no `siteUrl`. */
  canonicalUrl?: string;
  /** `twitter:site`, when the site has a handle. */
  socialHandle?: string;
  /** `og:type`: `website` for the home page, `article` for the others. */
  ogType?: 'website' | 'article';
  /** og:image and twitter:image (an absolute URL), when the site has a social card. */
  socialImage?: string;
  /** The icon's URL; default: the manifest's 192 px icon. */
  favicon?: string;
  /** `<meta name="robots" content="noindex">`: status pages and drafts previewed by `dev`. */
  noindex?: boolean;
  siteName: string;
  pathPrefix: string;
  stylesUrl: string;
  appUrl: string;
  /** The page's template chunk, preloaded so hydration does not wait for it. */
  templateUrl: string | null;
  /** The build's hash (Gatsby's `window.___webpackCompilationHash`): the runtime compares page-data's with it. */
  buildHash?: string;
  body: string;
}

/** Escapes text for HTML element content and attribute values (content is data, never markup). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The HTML document around the server-rendered React tree. The React root is `#___docsgen`; the live region
 * outside it is where the runtime announces navigations to screen readers. No inline script, so a strict
 * Content-Security-Policy works: the build hash Gatsby sets in an inline script is a `docsgen-build` meta here.
 */
export function renderDocument(p: DocumentParts): string {
  const e = escapeHtml;
  const preload = p.templateUrl ? `<link rel="modulepreload" href="${e(p.templateUrl)}">` : '';
  return `<!DOCTYPE html><html lang="${e(p.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${e(p.title)}</title><meta name="description" content="${e(p.description)}">`
    + (p.noindex ? '<meta name="robots" content="noindex">' : '')
    + (p.canonicalUrl ? `<link rel="canonical" href="${e(p.canonicalUrl)}">` : '')
    + (p.ogType ? `<meta property="og:type" content="${p.ogType}">` : '')
    + (p.canonicalUrl ? `<meta property="og:url" content="${e(p.canonicalUrl)}">` : '')
    + (p.socialImage ? `<meta property="og:image" content="${e(p.socialImage)}">` : '')
    + `<meta property="og:title" content="${e(p.title)}"><meta property="og:description" content="${e(p.description)}"><meta property="og:site_name" content="${e(p.siteName)}">`
    + `<meta name="twitter:card" content="${p.socialImage ? 'summary_large_image' : 'summary'}">`
    + (p.socialImage ? `<meta name="twitter:image" content="${e(p.socialImage)}">` : '')
    + (p.socialHandle ? `<meta name="twitter:site" content="${e(p.socialHandle)}">` : '')
    + (p.buildHash ? `<meta name="docsgen-build" content="${e(p.buildHash)}">` : '')
    + `<link rel="manifest" href="${e(p.pathPrefix)}/manifest.webmanifest"><meta name="theme-color" content="#F8F8F8">`
    + (p.favicon ? `<link rel="icon" href="${e(p.favicon)}">` : `<link rel="icon" href="${e(p.pathPrefix)}/icons/icon-192x192.png" type="image/png">`)
    + `<link rel="stylesheet" href="${e(p.stylesUrl)}">`
    + `<link rel="modulepreload" href="${e(p.appUrl)}">${preload}`
    + `<script type="module" src="${e(p.appUrl)}"></script>`
    + `</head><body class="calcite-mode-auto"><div id="___docsgen">${p.body}</div>`
    + `<div id="docsgen-announcer" class="visually-hidden" role="status" aria-live="assertive" aria-atomic="true"></div>`
    + `</body></html>\n`;
}
