import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `docsgen check-links`: not built yet (its issue owns this file). */
export function registerCheckLinks(_program: Command, _ctx: CliContext): void {}
