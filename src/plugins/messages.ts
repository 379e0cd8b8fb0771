// What a plugin says about a page, as docsgen diagnostics at the page's file:line: an error it threw (or
// `file.fail()`) is DG2200, `file.message()` a warning (DG2201), `file.info()` an info (DG2202).
import type { VFile } from 'vfile';
import { codes, type Diagnostic } from '../diagnostics/index.js';
import { PLUGIN_NAME, PluginSetupError } from './pipeline.js';
import type { ResolvedPlugin } from './resolve.js';

type Located = { line?: number | undefined; column?: number | undefined; place?: unknown };

/** The diagnostic of an error a plugin threw while compiling a page. */
export function pluginDiagnostic(err: unknown, file: string, lines: readonly string[]): Diagnostic {
  if (err instanceof PluginSetupError) {
    return {
      code: codes.PLUGIN_LOAD,
      severity: 'error',
      message: `the ${err.plugin.kind} plugin \`${err.plugin.name}\` could not be ${err.stage === 'load' ? 'loaded' : 'set up'}: ${describe(err.cause)}`,
      hint: 'check the plugin and its options under `markdown` in docsgen.config.yaml',
      location: locate(undefined, file, lines),
    };
  }
  const plugin = pluginOf(err);
  return {
    code: codes.PLUGIN_FAILED,
    severity: 'error',
    message: plugin
      ? `the ${plugin.kind} plugin \`${plugin.name}\` failed on this page: ${describe(err)}`
      : `the Markdown could not be parsed with the site's plugins: ${describe(err)}`,
    hint: plugin ? `fix the page near this line, or \`${plugin.name}\`'s options in docsgen.config.yaml` : 'check the syntax near this line',
    location: locate(err as Located, file, lines),
  };
}

/** The messages plugins added to the page's file (not the fatal one a failed plugin threw: that is its error). */
export function pluginMessages(vfile: VFile, file: string, lines: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const message of vfile.messages) {
    if (message.fatal === true) continue;
    const plugin = pluginOf(message);
    // `source:ruleId` as remark-lint prints it, the plugin's name not said twice
    const origin = [message.source === plugin?.name ? '' : message.source, message.ruleId].filter(Boolean).join(':');
    const by = plugin ? `${plugin.name}: ` : '';
    // a message made from an error (rehype-katex's parse errors) says what the error said
    const cause = message.cause instanceof Error ? `: ${message.cause.message.split('\n')[0]}` : '';
    out.push({
      code: message.fatal === false ? codes.PLUGIN_WARNING : codes.PLUGIN_INFO,
      severity: message.fatal === false ? 'warning' : 'info',
      message: `${by}${message.reason}${cause}${origin ? ` (${origin})` : ''}`,
      hint: message.url ? `see ${message.url}` : plugin ? `reported by the ${plugin.kind} plugin \`${plugin.name}\`` : 'reported by a Markdown plugin',
      location: locate(message, file, lines),
    });
  }
  return out;
}

function pluginOf(value: unknown): ResolvedPlugin | undefined {
  return value !== null && typeof value === 'object' ? (value as { [PLUGIN_NAME]?: ResolvedPlugin })[PLUGIN_NAME] : undefined;
}

function describe(err: unknown): string {
  const message = err instanceof Error ? ((err as VFile['messages'][number]).reason ?? err.message) : String(err);
  return message.split('\n')[0] ?? '';
}

/** The message's place (a point, or a position's start), else the line and column it carries, else 1:1. */
function locate(value: Located | undefined, file: string, lines: readonly string[]): Diagnostic['location'] {
  const place = value?.place as { line?: number; column?: number; start?: { line?: number; column?: number } } | undefined;
  const line = place?.start?.line ?? place?.line ?? value?.line ?? 1;
  const column = place?.start?.column ?? place?.column ?? value?.column ?? 1;
  return { file, line, column, lineText: lines[line - 1] ?? '' };
}
