import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/index.js';
import { defaults } from '../config/index.js';
import type { SourcePage } from '../content/index.js';
import type { GitDates } from '../content/index.js';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { PageTask } from '../render/index.js';
import { footerData, headerData } from './chrome.js';
import { claimProblems } from './claims-memo.js';
import { furnisher } from './furniture.js';
import { OutputClaims, type OutputClaim } from './outputs.js';
import { SiteTree } from './site-tree.js';
import { staticQuery, writeJson } from './write.js';

/** The 404 and 500 pages: rendered from templates, no Markdown. */
const STATUS_PAGES = [
  { status: 404, template: 'not-found', title: 'Page not found', description: 'The page you asked for does not exist.' },
  { status: 500, template: 'server-error', title: 'Something went wrong', description: 'The server could not complete the request.' },
] as const;

/** Shared data written once: static queries (nav, site) and slices (header, footer). */
export interface SharedData {
  props: Record<string, unknown>;
  staticQueryHashes: string[];
  slicesMap: Record<string, string>;
}

/** Everything decided before rendering: which template renders each page, and the data all pages share. */
export interface SitePlan {
  tasks: PageTask[];
  diagnostics: Diagnostic[];
  appOptions: Record<string, unknown>;
  /** Writes the static queries and slices; `site` adds build facts to the site data (the pages' icon URL). */
  writeSharedData(siteDir: string, site?: { icon?: string }): Promise<SharedData>;
}

/**
 * Every output path of the site: docsgen's own files (with the `extra` ones generated, such as the sitemap), the
 * status pages, each page, then the rest of `extra` (the files of public/), so a collision is reported at the
 * later source (see outputs.ts).
 */
export function claimOutputs(pages: readonly SourcePage[], pathPrefix: string, extra: readonly OutputClaim[] = []): OutputClaims {
  const claims = new OutputClaims(pathPrefix.replace(/^\/+/, ''));
  for (const c of extra) if (c.source.generated) claims.claim(c);
  for (const s of STATUS_PAGES) claims.claimPage({ name: `the ${s.status} page (templates/${s.template}.tsx)`, generated: true }, `/${s.status}/`, s.status);
  for (const page of pages) claims.claimPage({ name: page.displayFile, pagePath: page.pagePath }, page.pagePath);
  for (const c of extra) if (!c.source.generated) claims.claim(c);
  return claims;
}

/** The template a page uses when its frontmatter names none. */
export function defaultTemplate(page: SourcePage): string {
  if (page.pagePath === '/') return 'home';
  return /(^|\/)index\.md$/i.test(page.relFile) ? 'section' : 'doc';
}

/**
 * Plans the build: page tasks with template, breadcrumbs, children and furniture (previous/next, edit link, last
 * updated: `gitDates` by file under content/). Unknown templates are reported, and so is any output file two
 * sources would write (see outputs.ts; `extraClaims`: the site files' own, see site-files/), before anything is
 * written. With `cacheDir`, those problems are kept between builds (claims-memo.ts).
 */
export function planSite(pages: readonly SourcePage[], templates: readonly string[], config: SiteConfig, gitDates: GitDates | null = null, extraClaims: readonly OutputClaim[] = [], cacheDir?: string): SitePlan {
  const prefix = config.pathPrefix;
  const tree = new SiteTree(pages, prefix);
  const nav = tree.nav();
  const furnish = furnisher(nav, prefix, config.editUrl, gitDates);
  const known = new Set(templates);
  const diagnostics: Diagnostic[] = [];
  diagnostics.push(...claimProblems(pages, prefix, extraClaims, cacheDir, () => claimOutputs(pages, prefix, extraClaims).diagnostics));
  const tasks: PageTask[] = [];
  for (const page of pages) {
    const template = page.frontmatter.template ?? defaultTemplate(page);
    if (!known.has(template)) {
      diagnostics.push(unknownTemplate(page, template, templates));
      continue;
    }
    tasks.push({
      id: tasks.length,
      file: page.file,
      displayFile: page.displayFile,
      relFile: page.relFile,
      pagePath: page.pagePath,
      textHash: page.textHash,
      frontmatter: page.frontmatter,
      title: page.title,
      description: page.description,
      template,
      breadcrumbs: tree.breadcrumbs(page.pagePath),
      children: tree.children(page.pagePath),
      section: tree.section(page.pagePath),
      ...furnish(page),
    });
  }
  for (const s of STATUS_PAGES) {
    if (!known.has(s.template)) {
      diagnostics.push({
        code: codes.UNKNOWN_TEMPLATE,
        severity: 'error',
        message: `the ${s.status} page needs the template \`${s.template}\`, and templates/${s.template}.tsx is missing`,
        hint: `add templates/${s.template}.tsx with a default export`,
        location: { file: 'templates', line: 1, column: 1 },
      });
      continue;
    }
    tasks.push({
      id: tasks.length,
      file: '',
      displayFile: `templates/${s.template}.tsx`,
      relFile: '',
      pagePath: `/${s.status}/`,
      textHash: '',
      frontmatter: {},
      title: s.title,
      description: s.description,
      template: s.template,
      breadcrumbs: [],
      children: [],
      section: '',
      status: s.status,
    });
  }
  const byPath = new Map(pages.map((p) => [p.pagePath, p]));
  return {
    tasks,
    diagnostics,
    appOptions: {
      pathPrefix: prefix,
      locales: config.locales,
      defaultLocale: config.defaultLocale,
      localeAliases: config.localeAliases,
      // the runtime offers the site search only when the build writes its index
      search: config.search,
      searchDebounceMs: defaults.CALCITE_DEBOUNCE.filter,
    },
    async writeSharedData(siteDir, extraSite = {}) {
      const site = {
        ...extraSite,
        siteName: config.siteName,
        titlePostfix: config.titlePostfix,
        pathPrefix: prefix,
        forumUrl: config.forumUrl,
        socialHandle: config.socialHandle,
        defaultLocale: config.defaultLocale,
      };
      const navQuery = staticQuery('nav', { nav });
      const siteQuery = staticQuery('site', { site });
      const header = headerData(config, nav.map((n) => ({ title: n.title, url: n.url })), byPath);
      // the year of the build (SOURCE_DATE_EPOCH for reproducible bytes), not one written into docsgen
      const footer = footerData(config, byPath);
      await writeJson(path.join(siteDir, 'page-data/sq/d', `${navQuery.hash}.json`), navQuery.json);
      await writeJson(path.join(siteDir, 'page-data/sq/d', `${siteQuery.hash}.json`), siteQuery.json);
      await writeJson(path.join(siteDir, 'slice-data/header.json'), { data: header });
      await writeJson(path.join(siteDir, 'slice-data/footer.json'), { data: footer });
      return {
        props: { nav, site, header, footer },
        staticQueryHashes: [navQuery.hash, siteQuery.hash],
        slicesMap: { header: 'header', footer: 'footer' },
      };
    },
  };
}

function unknownTemplate(page: SourcePage, template: string, templates: readonly string[]): Diagnostic {
  // the text is not kept after discovery; an error is rare enough to read the file again
  const lines = readFileSync(page.file, 'utf8').split(/\r?\n/);
  const index = lines.findIndex((l) => /^template\s*:/.test(l));
  const line = index >= 0 ? index + 1 : 1;
  const column = index >= 0 ? (lines[index]!.indexOf(':') + 2) : 1;
  return {
    code: codes.UNKNOWN_TEMPLATE,
    severity: 'error',
    message: `unknown template \`${template}\``,
    hint: `use one of: ${templates.join(', ')} (or add templates/${template}.tsx)`,
    location: { file: page.displayFile, line, column, lineText: lines[line - 1] ?? '' },
  };
}
