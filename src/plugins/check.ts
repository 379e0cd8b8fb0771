import { DiagnosticError, codes } from '../diagnostics/index.js';
import { configLocation } from './config-location.js';
import { pipelinesFor, PluginSetupError } from './pipeline.js';
import type { ResolvedPlugins } from './resolve.js';

/**
 * Loads and attaches the site's plugins on this thread before any page renders, so a plugin that fails to load or
 * refuses its options is one config error at its entry (DG1111, DG1112; exit 2), not one error per page.
 */
export async function checkMarkdownPlugins(root: string, resolved: ResolvedPlugins): Promise<void> {
  if (resolved.plugins.length === 0) return;
  try {
    await pipelinesFor(resolved.plugins, resolved.key);
  } catch (err) {
    if (!(err instanceof PluginSetupError)) throw err;
    const { plugin, stage, cause } = err;
    const reason = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0];
    throw new DiagnosticError(
      {
        code: stage === 'load' ? codes.PLUGIN_LOAD : codes.PLUGIN_OPTIONS,
        severity: 'error',
        message:
          stage === 'load'
            ? `the ${plugin.kind} plugin \`${plugin.name}\` could not be loaded: ${reason}`
            : `the ${plugin.kind} plugin \`${plugin.name}\` refused its options: ${reason}`,
        hint:
          stage === 'load'
            ? `docsgen imports ${plugin.file}; a plugin module's default export is the plugin function`
            : "check the options against the plugin's documentation (`[name, { ...options }]`)",
        location: configLocation(root, ['markdown', `${plugin.kind}Plugins`, plugin.index]),
      },
      2,
    );
  }
}
