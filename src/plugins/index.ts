// Public face of the Markdown plugins stage (issue 27): resolving `markdown.remarkPlugins` / `rehypePlugins` from
// the site, checking them, and compiling pages through the unified pipeline they make. The pipeline's modules
// (unified, remark, rehype and the plugins) load only when a site has plugins: the fast path never loads them.
import type { CompiledMarkdown, CompileOptions } from '../content/index.js';
import type { ResolvedPlugins } from './resolve.js';

export { resolveMarkdownPlugins, type ResolvedPlugin, type ResolvedPlugins } from './resolve.js';

/** See check.ts: loads and attaches the plugins once on this thread; throws DiagnosticError (exit 2). */
export async function checkMarkdownPlugins(root: string, resolved: ResolvedPlugins): Promise<void> {
  if (resolved.plugins.length === 0) return;
  const { checkMarkdownPlugins: check } = await import('./check.js');
  return check(root, resolved);
}

/** See compile.ts: one page through the site's plugin pipeline. */
export async function compileWithPlugins(
  text: string,
  file: string,
  displayFile: string,
  relFile: string,
  opts: CompileOptions,
  plugins: ResolvedPlugins,
): Promise<CompiledMarkdown> {
  const { compileWithPlugins: compile } = await import('./compile.js');
  return compile(text, file, displayFile, relFile, opts, plugins);
}
