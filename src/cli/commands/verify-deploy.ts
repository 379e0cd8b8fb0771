import type { Command } from 'commander';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';
export function registerVerifyDeploy(program: Command, ctx: CliContext): void {
  void program; void ctx; void withGlobalOptions; const _o: GlobalOptions | null = null; void _o;
}
