// What the site's own files will be, decided with the pages before anything is rendered: the files of public/,
// the sitemap and robots.txt (claimed with every other output), the social card, the theme's CSS, and the
// problems of the theming keys (a missing logo, a header link to no page), each at its line of the config.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaults, type Project } from '../config/index.js';
import { readYaml } from '../util/read-yaml.js';
import { issuePosition } from '../util/yaml-positions.js';
import type { SourcePage } from '../content/index.js';
import type { Diagnostic, SourceLocation } from '../diagnostics/index.js';
import type { OutputClaim } from '../pagedata/index.js';
import { siteFileCodes } from './codes.js';
import { listPublicFiles } from './public-files.js';
import { pageUrl, sitemapFileNames } from './sitemap.js';
import { themeCss } from './theme-css.js';

/** The site's own files of one build: what prepareSiteFiles decided, for writeSiteFiles and the shell. */
export interface SiteFilesPlan {
  publicDir: string;
  /** Files of public/, relative to it. */
  publicFiles: string[];
  /** The sitemap's file names (none without `siteUrl`). */
  sitemapFiles: string[];
  /** True when docsgen writes robots.txt (`siteUrl` set, no public/robots.txt). */
  robots: boolean;
  /** og:image and twitter:image: an absolute URL, when one can be written. */
  socialImage: string | undefined;
  /** The icon a page links to: public/'s favicon (svg, png or ico) when it has one. */
  favicon: string | undefined;
  /** CSS of the config's colors, appended to the site's stylesheet ('' when none). */
  themeCss: string;
  claims: OutputClaim[];
  diagnostics: Diagnostic[];
}

/** Plans public/, the sitemap, robots.txt and the theming assets of `project` for `pages`, and checks them. */
export function prepareSiteFiles(project: Project, pages: readonly SourcePage[]): SiteFilesPlan {
  const { config, root } = project;
  const publicDir = path.join(root, defaults.PROJECT.public);
  const listed = listPublicFiles(root, publicDir);
  const diagnostics = [...listed.diagnostics];
  const at = configLocator(project.configFile);
  const own = (name: string) => ({ name, generated: true });
  const claims: OutputClaim[] = [];
  const siteUrl = config.siteUrl;
  const sitemapFiles = siteUrl ? sitemapFileNames(pages.map((p) => ({ loc: pageUrl(siteUrl, config.pathPrefix, p.pagePath) }))) : [];
  for (const f of sitemapFiles) claims.push({ path: f, kind: 'file', source: own(f === 'sitemap.xml' ? 'the sitemap' : 'a part of the sitemap') });
  const robots = Boolean(siteUrl) && !listed.files.includes('robots.txt');
  if (robots) claims.push({ path: 'robots.txt', kind: 'file', source: own('robots.txt (written because siteUrl is set and public/robots.txt is not there)') });
  for (const f of listed.files) claims.push({ path: f, kind: 'file', source: { name: `public/${f}` } });

  if (!siteUrl) {
    diagnostics.push({
      code: siteFileCodes.NO_SITE_URL,
      severity: 'info',
      message: 'siteUrl is not set: pages get no canonical link or og:url, and no sitemap.xml or robots.txt is written',
      hint: 'set `siteUrl: https://docs.example.com` (where the site is served) in docsgen.config.yaml',
      location: at([]),
    });
  }
  // theming files: in public/ (or https URLs, which are not checked)
  const files = new Set(listed.files);
  const assets: Array<[string, (string | number)[]]> = [];
  if (config.logo) {
    assets.push([config.logo.light, ['logo', 'light']]);
    if (config.logo.dark) assets.push([config.logo.dark, ['logo', 'dark']]);
  }
  if (config.socialImage) assets.push([config.socialImage, ['socialImage']]);
  for (const [value, key] of assets) {
    if (/^https:\/\//i.test(value) || files.has(value.replace(/^\/+/, ''))) continue;
    diagnostics.push({ code: siteFileCodes.ASSET_MISSING, severity: 'error', message: `\`${key.join('.')}\` names public/${value.replace(/^\/+/, '')}, which does not exist`, hint: 'put the file in the public/ folder (it is copied to the web root), or write an https URL', location: at(key) });
  }
  let socialImage: string | undefined;
  if (config.socialImage) {
    if (/^https:\/\//i.test(config.socialImage)) socialImage = config.socialImage;
    else if (siteUrl) socialImage = `${siteUrl}${encodeURI(`/${config.socialImage.replace(/^\/+/, '')}`)}`;
    else diagnostics.push({ code: siteFileCodes.SOCIAL_IMAGE_NEEDS_SITE_URL, severity: 'warning', message: '`socialImage` is a file, and without siteUrl it has no absolute URL: pages get no og:image', hint: 'set `siteUrl`, or write `socialImage` as an https URL', location: at(['socialImage']) });
  }
  // header and footer links to the site: each names a page (or a file, by its extension)
  const paths = new Set(pages.map((p) => p.pagePath));
  for (const where of ['header', 'footer'] as const) {
    (config[where]?.links ?? []).forEach((link, i) => {
      const url = typeof link === 'string' ? link : link.url;
      if (!url.startsWith('/')) return;
      const bare = url.split(/[?#]/)[0]!;
      if (/\.[a-z0-9]+$/i.test(bare) || paths.has(bare.endsWith('/') ? bare : `${bare}/`)) return;
      diagnostics.push({ code: siteFileCodes.LINK_NO_PAGE, severity: 'error', message: `\`${where}.links\` links to ${url}, and no page has that path`, hint: 'write the path of a page, such as `/guides/` (content/guides/index.md), or a full URL with a title', location: at([where, 'links', i]) });
    });
  }
  const favicon = ['favicon.svg', 'favicon.png', 'favicon.ico'].find((f) => files.has(f));
  return { publicDir, publicFiles: listed.files, sitemapFiles, robots, socialImage, favicon: favicon && `/${favicon}`, themeCss: themeCss(config.colors), claims, diagnostics };
}

/** Locates a key of docsgen.config.yaml (its line and column), for problems found after the config loaded. */
function configLocator(configFile: string | null): (key: (string | number)[]) => SourceLocation {
  let read: ReturnType<typeof readYaml> | null = null;
  return (key) => {
    if (configFile && !read) read = readYaml(readFileSync(configFile, 'utf8'));
    const pos = read?.doc ? issuePosition(read.doc, read.lineCounter, key) : { line: 1, column: 1 };
    return { file: defaults.PROJECT.configFile, ...pos };
  };
}
