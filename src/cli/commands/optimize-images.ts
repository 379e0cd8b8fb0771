import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `docsgen optimize-images`: not built yet (its issue owns this file). */
export function registerOptimizeImages(_program: Command, _ctx: CliContext): void {}
