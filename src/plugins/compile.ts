// One page through a site's plugin pipeline: the mdast half (remark-parse … the site's remark plugins), docsgen's
// own mdast transforms (the very ones of the fast path: variables, alerts, heading ids, URLs, links, images, fence
// meta), the hast half (remark-rehype, the site's rehype plugins, docsgen's hast step), hast-util-to-html. The
// plugins' errors and messages become diagnostics at the page's file:line.
import type { Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'mdast';
import { VFile } from 'vfile';
import { loadPluginHelpers, type CompiledMarkdown, type CompileOptions } from '../content/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { pluginDiagnostic, pluginMessages } from './messages.js';
import { pipelinesFor, PluginSetupError, type Pipelines } from './pipeline.js';
import type { ResolvedPlugins } from './resolve.js';

// this module itself loads only when a site has plugins
const { compileMarkdownWith } = await loadPluginHelpers();

/** Compiles one Markdown file with the site's plugins (see compileMarkdown for the fast path's equivalent). */
export async function compileWithPlugins(
  text: string,
  file: string,
  displayFile: string,
  relFile: string,
  opts: CompileOptions,
  plugins: ResolvedPlugins,
): Promise<CompiledMarkdown> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = source.split(/\r?\n/);
  let pipelines: Pipelines;
  try {
    pipelines = await pipelinesFor(plugins.plugins, plugins.key);
  } catch (err) {
    // the main thread checked every plugin before rendering (checkMarkdownPlugins): this is a thread's own failure
    const problem = err instanceof PluginSetupError ? err : new PluginSetupError(plugins.plugins[0]!, 'load', err);
    return failedPage(pluginDiagnostic(problem, displayFile, lines));
  }
  const vfile = new VFile({ path: file, value: source, cwd: opts.root });
  const problems: Diagnostic[] = [];
  const parse = async (value: string): Promise<Root> => {
    try {
      return await pipelines.mdast.run(pipelines.mdast.parse(vfile), vfile);
    } catch (err) {
      // a tree too deep for a recursive step is the page's own problem (compileMarkdownWith reports it)
      if (err instanceof RangeError && /call stack/i.test(err.message)) throw err;
      problems.push(pluginDiagnostic(err, displayFile, lines));
      return { type: 'root', children: [], position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: value.length } } };
    }
  };
  const html = async (tree: Root): Promise<string> => {
    if (problems.length > 0) return '';
    try {
      const hast = (await pipelines.hast.run(tree, vfile)) as HastRoot;
      // docsgen's hast step wrote plugins' raw nodes as text: what raw remains is its own highlighted code
      return toHtml(hast, { allowDangerousHtml: true });
    } catch (err) {
      if (err instanceof RangeError && /call stack/i.test(err.message)) throw err;
      problems.push(pluginDiagnostic(err, displayFile, lines));
      return '';
    }
  };
  const compiled = await compileMarkdownWith(parse, source, file, displayFile, relFile, opts, html);
  compiled.diagnostics.push(...pluginMessages(vfile, displayFile, lines), ...problems);
  return compiled;
}

function failedPage(diagnostic: Diagnostic): CompiledMarkdown {
  return { html: '', toc: [], firstHeading: null, links: [], images: [], diagnostics: [diagnostic] };
}
