import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `docsgen serve`: not built yet (its issue owns this file). */
export function registerServe(_program: Command, _ctx: CliContext): void {}
