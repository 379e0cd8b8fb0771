import { formats } from './formats/index.js';
import type { ExportOptions, RedirectFormat, RedirectRule } from './types.js';

/** Options of exportRedirects (each format reads what it needs). */
export interface ExportRedirectsOptions extends ExportOptions {
  /** nginx: hosts the third-party script proxy may fetch from. */
  proxyAllowedHosts?: readonly string[];
}

/** One server format from the rules: text, or for `html` a map of stub pages (path under the web root → html). */
export function exportRedirects(rules: readonly RedirectRule[], format: 'html', opts?: ExportRedirectsOptions): Map<string, string>;
export function exportRedirects(rules: readonly RedirectRule[], format: Exclude<RedirectFormat, 'html'>, opts?: ExportRedirectsOptions): string;
export function exportRedirects(rules: readonly RedirectRule[], format: RedirectFormat, opts?: ExportRedirectsOptions): string | Map<string, string>;
export function exportRedirects(rules: readonly RedirectRule[], format: RedirectFormat, opts: ExportRedirectsOptions = {}): string | Map<string, string> {
  const formatter = formats[format];
  if (!formatter) throw new TypeError(`unknown redirect format: ${String(format)}`);
  return formatter.format(rules, opts);
}
