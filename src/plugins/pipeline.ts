// The unified pipeline of a site with Markdown plugins, built once per thread: remark-parse + remark-gfm +
// remark-frontmatter + the site's remark plugins (the mdast half), then remark-rehype + the site's rehype plugins +
// docsgen's own hast step (the hast half). docsgen's mdast transforms run between the halves (see compile.ts).
// Each plugin is wrapped so an error it throws, or a message it adds, names it.
import { pathToFileURL } from 'node:url';
import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Plugin, type Processor } from 'unified';
import type { VFile } from 'vfile';
import { rehypeDocsgen, toHastHandlers } from './hast-steps.js';
import type { ResolvedPlugin } from './resolve.js';

/** The two halves of a site's pipeline (frozen: safe to share between pages). */
export interface Pipelines {
  mdast: Processor<Root, Root, Root>;
  hast: Processor<undefined, Root, HastRoot>;
}

/** Why a plugin could not be used: its module did not load (`load`), or it refused its options (`options`). */
export class PluginSetupError extends Error {
  constructor(readonly plugin: ResolvedPlugin, readonly stage: 'load' | 'options', override readonly cause: unknown) {
    super(`${plugin.name}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'PluginSetupError';
  }
}

/** The plugin an error or message came from (set on it by the wrappers below). */
export const PLUGIN_NAME = Symbol('docsgen.plugin');

/** A processor being put together (unified's types follow each `use`; a list of plugins read at run time cannot). */
interface Building {
  use(plugin: unknown, ...options: unknown[]): Building;
  freeze(): Building;
}

const built = new Map<string, Promise<Pipelines>>();

/** This thread's pipelines for `plugins` (keyed by their key): plugins imported and attached once. */
export function pipelinesFor(plugins: readonly ResolvedPlugin[], key: string): Promise<Pipelines> {
  let pipelines = built.get(key);
  if (!pipelines) {
    pipelines = buildPipelines(plugins);
    built.set(key, pipelines);
    pipelines.catch(() => built.delete(key));
  }
  return pipelines;
}

async function buildPipelines(plugins: readonly ResolvedPlugin[]): Promise<Pipelines> {
  const loaded = await Promise.all(plugins.map(async (p) => ({ spec: p, plugin: await loadPlugin(p) })));
  const mdast = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']) as unknown as Building;
  // raw HTML stays out, as on the fast path (content is data, never code): remark-rehype drops it
  const hast = (unified() as unknown as Building).use(remarkRehype, { allowDangerousHtml: false, handlers: toHastHandlers });
  for (const { spec, plugin } of loaded) {
    const into = spec.kind === 'remark' ? mdast : hast;
    if (spec.options === undefined) into.use(named(plugin, spec));
    else into.use(named(plugin, spec), spec.options);
  }
  hast.use(rehypeDocsgen);
  // attachers run here: a plugin that refuses its options throws now, once, not on every page
  try {
    mdast.freeze();
    hast.freeze();
  } catch (err) {
    const plugin = (err as { [PLUGIN_NAME]?: ResolvedPlugin } | null)?.[PLUGIN_NAME];
    if (plugin) throw new PluginSetupError(plugin, 'options', err);
    throw err;
  }
  return { mdast, hast } as unknown as Pipelines;
}

/** Imports a plugin's module and takes its plugin function (the default export, or a CommonJS module's own). */
async function loadPlugin(spec: ResolvedPlugin): Promise<Plugin> {
  let mod: Record<string, unknown>;
  try {
    // keyed by version: `docsgen dev` loads a plugin file that changed afresh, not the copy it imported before
    mod = (await import(`${pathToFileURL(spec.file).href}?v=${encodeURIComponent(spec.version)}`)) as Record<string, unknown>;
  } catch (err) {
    throw new PluginSetupError(spec, 'load', err);
  }
  const candidates = [mod.default, (mod.default as { default?: unknown } | undefined)?.default];
  const plugin = candidates.find((c) => typeof c === 'function');
  if (!plugin) throw new PluginSetupError(spec, 'load', new Error(`${spec.file} has no default export that is a plugin function`));
  return plugin as Plugin;
}

type Transformer = (tree: unknown, file: VFile, next?: (error?: unknown, tree?: unknown, file?: VFile) => void) => unknown;

/** Marks an error (or the messages a step added) with the plugin that made it. */
function blame(err: unknown, spec: ResolvedPlugin): unknown {
  const error = err !== null && typeof err === 'object' ? err : new Error(String(err));
  if (!(PLUGIN_NAME in error)) Object.defineProperty(error, PLUGIN_NAME, { value: spec, enumerable: false });
  return error;
}

function blameMessages(file: VFile, from: number, spec: ResolvedPlugin): void {
  for (let i = from; i < file.messages.length; i++) blame(file.messages[i], spec);
}

/**
 * The plugin, attached as itself (same `this`, same options), with its transformer wrapped: errors and messages
 * name the plugin. The wrapper keeps the transformer's arity, which is how unified tells a callback transformer.
 */
function named(plugin: Plugin, spec: ResolvedPlugin): Plugin {
  return function (this: Processor, ...options: unknown[]) {
    let transformer: unknown;
    try {
      transformer = (plugin as (...args: unknown[]) => unknown).apply(this, options);
    } catch (err) {
      throw blame(err, spec);
    }
    if (typeof transformer !== 'function') return transformer as undefined;
    const run = transformer as Transformer;
    if (run.length >= 3) {
      return function (this: unknown, tree: unknown, file: VFile, next: NonNullable<Parameters<Transformer>[2]>) {
        const from = file.messages.length;
        try {
          return run.call(this, tree, file, (error, ...rest) => {
            blameMessages(file, from, spec);
            next(error ? blame(error, spec) : error, ...rest);
          });
        } catch (err) {
          throw blame(err, spec);
        }
      };
    }
    return function (this: unknown, tree: unknown, file: VFile) {
      const from = file.messages.length;
      let result: unknown;
      try {
        result = run.call(this, tree, file);
      } catch (err) {
        blameMessages(file, from, spec);
        throw blame(err, spec);
      }
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(
          (value) => (blameMessages(file, from, spec), value),
          (err: unknown) => {
            blameMessages(file, from, spec);
            throw blame(err, spec);
          },
        );
      }
      blameMessages(file, from, spec);
      return result;
    };
  } as Plugin;
}
