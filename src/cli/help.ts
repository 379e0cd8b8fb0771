// What every `--help` ends with: two or three examples and the exit codes, as the SPEC asks. Kept in one table
// beside the commands, so a new command without examples fails test/cli/help.test.ts.

const EXIT_CODES = 'Exit codes: 0 success, 1 problems found, 2 usage or configuration error.';

/** Examples for each command (and for `docsgen` itself), as a user would type them. */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  docsgen: ['docsgen init my-docs', 'docsgen build', 'docsgen serve'],
  init: ['docsgen init my-docs', 'docsgen init . --force', 'docsgen init docs --name "Acme Docs"'],
  build: ['docsgen build', 'docsgen build --out public-site --links warn', 'docsgen build --since published.json --removed-pages error'],
  'validate-redirects': ['docsgen validate-redirects', 'docsgen validate-redirects --site dist/public --format github'],
  'export-redirects': ['docsgen export-redirects --format nginx --out -', 'docsgen export-redirects --format netlify --out _redirects', 'docsgen export-redirects --format json --out redirects.json'],
  'suggest-redirects': ['docsgen suggest-redirects', 'docsgen suggest-redirects --since published.json --min-confidence medium', 'docsgen suggest-redirects --write redirects/moved.yaml'],
  'verify-deploy': ['docsgen verify-deploy https://docs.example.com', 'docsgen verify-deploy http://127.0.0.1:8080 --concurrency 8 --format github', 'docsgen verify-deploy https://docs.example.com --json > deploy.json'],
  'check-links': ['docsgen check-links', 'docsgen check-links dist/public --redirects dist/server/redirects.json', 'docsgen check-links --external'],
  'optimize-images': ['docsgen optimize-images', 'docsgen optimize-images --in content --out dist/public/documentation --quality 60'],
  'emit-sw': ['docsgen emit-sw', 'docsgen emit-sw --site dist/public'],
  serve: ['docsgen serve', 'docsgen serve dist/public --port 8080'],
  dev: ['docsgen dev', 'docsgen dev --port 3000'],
};

/** The text after a command's options in its `--help`. */
export function helpFooter(command: string): string {
  const examples = EXAMPLES[command] ?? [];
  return `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n\n${EXIT_CODES}\n`;
}
