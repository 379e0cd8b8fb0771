import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `docsgen build` (being written). */
export function registerBuild(_program: Command, _ctx: CliContext): void {}
