import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `docsgen export-redirects`: not built yet (its issue owns this file). */
export function registerExportRedirects(_program: Command, _ctx: CliContext): void {}
