import { describe, expect, it } from 'vitest';
import { runDocsgen } from '../helpers/cli.js';

const FOOTER = 'Exit codes: 0 success, 1 problems found, 2 usage or configuration error.';

/** The commands `docsgen --help` lists. */
function listedCommands(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]+)/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
}

describe('--help', () => {
  it('ends every command help with examples that use only the options it lists, then the exit codes', async () => {
    const top = await runDocsgen(['--help']);
    expect(top.exitCode).toBe(0);
    expect(top.stdout.trimEnd().endsWith(FOOTER)).toBe(true);
    const names = listedCommands(top.stdout);
    expect(names).toEqual(expect.arrayContaining(['build', 'validate-redirects', 'export-redirects', 'check-links', 'optimize-images', 'emit-sw', 'serve', 'dev']));
    for (const name of names) {
      const { exitCode, stdout } = await runDocsgen([name, '--help']);
      expect(exitCode, name).toBe(0);
      expect(stdout.trimEnd().endsWith(FOOTER), `${name} --help ends with the exit codes`).toBe(true);
      const examples = [...stdout.matchAll(/^ {2}\$ (.+)$/gm)].map((m) => m[1]!);
      expect(examples.length, `${name} has two or three examples`).toBeGreaterThanOrEqual(2);
      for (const example of examples) {
        const words = example.split(/\s+/);
        expect(words.slice(0, 2), example).toEqual(['docsgen', name]);
        for (const flag of words.filter((w) => w.startsWith('--') && w !== '--help')) {
          expect(stdout, `${example}: ${flag} is an option of ${name}`).toMatch(new RegExp(`^\\s+(-\\w, )?${flag}\\b`, 'm'));
        }
      }
    }
  });
});
