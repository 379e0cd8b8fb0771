import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { registerInit } from './init.js';
import { registerBuild } from './build.js';
import { registerValidateRedirects } from './validate-redirects.js';
import { registerExportRedirects } from './export-redirects.js';
import { registerCheckLinks } from './check-links.js';
import { registerOptimizeImages } from './optimize-images.js';
import { registerEmitSw } from './emit-sw.js';
import { registerServe } from './serve.js';
import { registerDev } from './dev.js';
import { registerSuggestRedirects } from './suggest-redirects.js';
import { registerVerifyDeploy } from './verify-deploy.js';

/** Every command, in the order `--help` lists them. One file per command. */
export const commands: Array<(program: Command, ctx: CliContext) => void> = [
  registerInit,
  registerBuild,
  registerValidateRedirects,
  registerExportRedirects,
  registerCheckLinks,
  registerSuggestRedirects,
  registerVerifyDeploy,
  registerOptimizeImages,
  registerEmitSw,
  registerServe,
  registerDev,
];
