import path from 'node:path';
import type { Command } from 'commander';
import type { CliContext } from '../context.js';

interface InitFlags {
  force?: boolean;
  name?: string;
  json?: boolean;
  quiet?: boolean;
}

/** `docsgen init [dir]`: a new site (pages, config, redirects, public/, package.json) in a new or empty folder. */
export function registerInit(program: Command, ctx: CliContext): void {
  program
    .command('init')
    .description('create a new docs site: pages, docsgen.config.yaml, redirects/, public/ and package.json')
    .argument('[dir]', 'folder to create the site in (made when missing; default: the current folder)', '.')
    .option('--name <name>', 'the site\'s name (default: from the folder name)')
    .option('--force', 'write into a folder that already holds files (files of the same name are replaced)')
    .option('--json', 'machine-readable result on stdout')
    .option('--quiet', 'print errors only')
    .action(async (dir: string, flags: InitFlags) => {
      const { init } = await import('../../init/index.js');
      try {
        const target = path.resolve(ctx.io.cwd, dir);
        const result = await init({ dir: target, force: Boolean(flags.force), ...(flags.name !== undefined ? { name: flags.name } : {}) });
        if (flags.json) {
          ctx.out(JSON.stringify({ ok: true, dir: result.dir, siteName: result.siteName, files: result.files, diagnostics: [] }, null, 2));
          return;
        }
        if (flags.quiet) return;
        const shown = path.relative(ctx.io.cwd, result.dir);
        ctx.err(`created "${result.siteName}" in ${shown || '.'}/ (${result.files.length} files)`);
        ctx.err('next:');
        ctx.err(`  ${shown ? `cd ${JSON.stringify(shown).slice(1, -1)} && ` : ''}npm install && npm run dev`);
      } catch (err) {
        ctx.fail(err, flags);
      }
    });
}
