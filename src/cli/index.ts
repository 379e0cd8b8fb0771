import { Command, CommanderError } from 'commander';
import { CliContext, internalError, type CliIO } from './context.js';
import { formatDiagnostic } from '../diagnostics/index.js';
import { commands } from './commands/index.js';
import { helpFooter } from './help.js';

export type { CliIO } from './context.js';
export { INTERNAL_EXIT } from './context.js';

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
  // a failure that escapes a command's own handling still prints its --json object
  program.hook('preAction', (_, action) => {
    ctx.options = action.opts();
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version exit 0; anything else commander rejects is a usage error (already on stderr)
      if (error.exitCode === 0) return 0;
      if (argv.includes('--json')) ctx.usage(error.message.replace(/^error: /, ''), { json: true });
      return 2;
    }
    ctx.fail(error, ctx.options);
  }
  return ctx.exitCode;
}

async function readVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * For the executable: reports a process that ends or crashes outside runCli's control (a template's timer that
 * calls process.exit or throws after its page rendered, a package it imports). Never a success: the caller
 * exits 70; the report is one line, or the JSON object with --json.
 */
export function reportEscape(argv: readonly string[], io: CliIO, error: unknown): void {
  const diagnostic = internalError(
    error,
    'code the command ran (a template\'s timer or promise, a package it imports) ended or crashed the process, or docsgen has a bug; DOCSGEN_DEBUG=1 prints the stack',
  );
  if (argv.includes('--json')) io.stdout.write(`${JSON.stringify({ ok: false, diagnostics: [diagnostic] }, null, 2)}\n`);
  else io.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
  if (io.env.DOCSGEN_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
}
