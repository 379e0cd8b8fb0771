import { compileMarkdown } from '../content/markdown.js';
import type { ImageReference } from '../content/images.js';
import type { LinkSource } from '../content/links.js';
import { codes } from '../diagnostics/codes.js';
import { hasErrors, type Diagnostic } from '../diagnostics/types.js';
import { chunkNameOf } from './compile-templates.js';
import { renderDocument } from './document.js';
import type { PageTask, RenderSetup } from './page-task.js';

/** The result of rendering one page. */
export interface RenderedPage {
  id: number;
  pagePath: string;
  /** The whole HTML document ('' when the page failed). */
  html: string;
  /** page-data.json without `webpackCompilationHash`, which is known only when every page is done. */
  pageData: Record<string, unknown> | null;
  links: LinkSource[];
  images: ImageReference[];
  diagnostics: Diagnostic[];
}

interface TemplateModule {
  createElement: (type: unknown, props: unknown) => unknown;
  renderToString: (node: unknown) => string;
  templates: Record<string, unknown>;
}

const modules = new Map<string, Promise<TemplateModule>>();

/** Loads the compiled template bundle once per thread. */
export function loadTemplates(file: string): Promise<TemplateModule> {
  let m = modules.get(file);
  if (!m) {
    m = import(file) as Promise<TemplateModule>;
    modules.set(file, m);
  }
  return m;
}

/** Compiles a page's Markdown and renders its template to a full HTML document plus its page-data. */
export async function renderPage(task: PageTask, setup: RenderSetup): Promise<RenderedPage> {
  const mod = await loadTemplates(setup.serverBundle);
  const compiled =
    task.status === undefined
      ? await compileMarkdown(task.text, task.file, task.displayFile, task.relFile, {
          root: setup.root,
          contentDir: setup.contentDir,
          pathPrefix: setup.pathPrefix,
          variables: setup.variables,
          imageMaxWidth: setup.imageMaxWidth,
        })
      : { html: '', toc: [], firstHeading: null, links: [], images: [], diagnostics: [] };
  const base = { id: task.id, pagePath: task.pagePath, links: compiled.links, images: compiled.images };
  if (hasErrors(compiled.diagnostics)) return { ...base, html: '', pageData: null, diagnostics: compiled.diagnostics };
  const url = task.status === undefined ? `${setup.pathPrefix}${task.pagePath}` : `${setup.pathPrefix}/${task.status}.html`;
  const pageContext = {
    path: task.pagePath,
    url,
    title: task.frontmatter.title,
    description: task.frontmatter.description,
    html: compiled.html,
    toc: compiled.toc,
    breadcrumbs: task.breadcrumbs,
    children: task.children,
    section: task.section,
    firstHeading: compiled.firstHeading,
    sourceFile: task.displayFile,
    ...(task.status !== undefined ? { status: task.status } : {}),
  };
  const component = mod.templates[task.template];
  const chunkName = chunkNameOf(task.template);
  let body: string;
  try {
    body = mod.renderToString(mod.createElement(component, { ...setup.shared, page: pageContext }));
  } catch (err) {
    return {
      ...base,
      html: '',
      pageData: null,
      diagnostics: [
        ...compiled.diagnostics,
        {
          code: codes.TEMPLATE_RENDER,
          severity: 'error',
          message: `template \`${task.template}\` failed to render this page: ${(err as Error).message}`,
          hint: `fix templates/${task.template}.tsx (the page's data is in its page-data.json)`,
          location: { file: task.displayFile, line: 1, column: 1 },
        },
      ],
    };
  }
  const html = renderDocument({
    title: `${task.frontmatter.title} | ${setup.titlePostfix}`,
    description: task.frontmatter.description,
    lang: setup.lang,
    canonicalUrl: `${setup.siteUrl}${url}`,
    socialHandle: setup.socialHandle,
    siteName: setup.siteName,
    pathPrefix: setup.pathPrefix,
    stylesUrl: setup.stylesUrl,
    appUrl: setup.appUrl,
    templateUrl: setup.chunks[chunkName] ?? null,
    body,
  });
  const pageData: Record<string, unknown> = {
    componentChunkName: chunkName,
    path: task.status === undefined ? task.pagePath : `/${task.status}.html`,
    result: { pageContext },
    staticQueryHashes: setup.staticQueryHashes,
    slicesMap: setup.slicesMap,
  };
  return { ...base, html, pageData, diagnostics: compiled.diagnostics };
}
