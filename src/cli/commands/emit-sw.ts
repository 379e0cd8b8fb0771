import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `docsgen emit-sw`: not built yet (its issue owns this file). */
export function registerEmitSw(_program: Command, _ctx: CliContext): void {}
