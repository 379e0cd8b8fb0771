import { Command, CommanderError } from 'commander';
import { CliContext, type CliIO } from './context.js';
import { commands } from './commands/index.js';
import { helpFooter } from './help.js';

export type { CliIO } from './context.js';

/**
 * The CLI adapter: parses argv, calls the library, prints, and returns the exit code
 * (0 ok, 1 problems found, 2 usage or configuration error). Never calls process.exit.
 */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const ctx = new CliContext(io);
  const program = new Command('docsgen')
    .description('Build a static documentation site from Markdown, React templates and one redirect source.')
    .version(await readVersion(), '-v, --version')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });
  for (const register of commands) register(program, ctx);
  for (const command of [program, ...program.commands]) command.addHelpText('after', helpFooter(command.name()));
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version exit 0; anything else commander rejects is a usage error
      return error.exitCode === 0 ? 0 : 2;
    }
    ctx.fail(error);
  }
  return ctx.exitCode;
}

async function readVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
