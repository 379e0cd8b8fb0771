// A bug in a template fails every page that reaches it: a hundred identical errors, each naming its page and the
// page's template, hide the one line to fix (often in a component every template shares). Pages that failed so
// are grouped by where the code threw, and each place is reported once, at its template source line.
import { pathToFileURL } from 'node:url';
import { codes, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import { templateFile } from './exit-guard.js';
import type { PageMeta } from './page-result.js';

interface ThrowSite {
  stack: string;
  /** Each failed page's file, with what it threw there. */
  pages: Array<[file: string, message: string]>;
  templates: Set<string>;
}

/** Collects the pages whose template threw, by the place in the server bundle that threw. */
export class TemplateErrors {
  private readonly sites = new Map<string, ThrowSite>();
  private readonly bundleUrl: string;

  constructor(serverBundle: string, private readonly templatesDir?: string) {
    this.bundleUrl = pathToFileURL(serverBundle).href;
  }

  /** Takes a failed page's template error out of its problems, to be reported with the others from its place. */
  take(meta: PageMeta): void {
    if (meta.thrown === undefined) return;
    const own = meta.diagnostics.find((d) => d.code === codes.TEMPLATE_RENDER);
    if (!own) return;
    meta.diagnostics = meta.diagnostics.filter((d) => d !== own);
    // the first frame in the bundle is the template code's own line (React is bundled in too, so a hook misused
    // is placed in React: still one place, reported once); a throw with no stack is grouped by its message
    const frame = meta.thrown.split('\n').find((l) => l.includes(this.bundleUrl));
    const at = frame?.slice(frame.indexOf(this.bundleUrl) + this.bundleUrl.length).match(/^:\d+:\d+/)?.[0];
    const message = own.message.replace(/^template `[^`]*` failed to render this page: /, '');
    const key = at ?? `message:${message}`;
    let site = this.sites.get(key);
    if (!site) this.sites.set(key, (site = { stack: meta.thrown, pages: [], templates: new Set() }));
    site.pages.push([own.location?.file ?? meta.pagePath, message]);
    site.templates.add(meta.template);
  }

  /** One error per place that threw, at its template source line when the bundle's source map finds it. */
  async diagnostics(locate?: (stack: string) => Promise<SourceLocation | null>): Promise<Diagnostic[]> {
    const out: Diagnostic[] = [];
    for (const site of this.sites.values()) {
      // pages finish in any order across threads: the one named (and its message) is the first by name
      const [first, message] = site.pages.reduce((a, b) => (b[0] < a[0] ? b : a));
      const at = site.stack && locate ? await locate(site.stack).catch(() => null) : null;
      const count = site.pages.length === 1 ? '1 page' : `${site.pages.length} pages`;
      const templates = [...site.templates].sort().map((t) => `\`${t}\``).join(', ');
      out.push({
        code: codes.TEMPLATE_THREW,
        severity: 'error',
        message: `template code threw while rendering ${count} (template${site.templates.size === 1 ? '' : 's'} ${templates}): ${message}`,
        // a value thrown without a stack (`throw null`) has no place: the templates are named instead
        hint: `${at ? '' : `fix ${[...site.templates].sort().map((t) => templateFile(this.templatesDir, t)).join(' or ')}; `}the first page it failed is ${first} (its data is in its page-data.json)`,
        location: at ?? { file: first, line: 1, column: 1 },
      });
    }
    const place = (d: Diagnostic) => `${d.location!.file}\0${String(d.location!.line).padStart(9)}\0${String(d.location!.column).padStart(9)}`;
    return out.sort((a, b) => (place(a) < place(b) ? -1 : place(a) > place(b) ? 1 : 0));
  }
}
