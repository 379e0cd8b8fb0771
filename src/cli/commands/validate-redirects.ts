import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `docsgen validate-redirects`: not built yet (its issue owns this file). */
export function registerValidateRedirects(_program: Command, _ctx: CliContext): void {}
