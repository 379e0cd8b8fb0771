import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// A build keeps the config it validated in .docsgen-cache/config.json, so the next one neither parses the YAML nor
// validates it while the file's bytes are the same (test/cli/startup.test.ts: it loads neither package then).
describe("the config the last build validated", () => {
  let site: string;
  const memo = () => path.join(site, '.docsgen-cache/config.json');
  const config = () => path.join(site, 'docsgen.config.yaml');
  const title = async (out = 'dist') => /<title>([^<]*)<\/title>/.exec(await readFile(path.join(site, out, 'public/documentation/guide/setup/index.html'), 'utf8'))?.[1];

  beforeEach(async () => {
    site = await copyFixture('build/good-site');
    expect((await runDocsgen(['build', '--root', site])).exitCode).toBe(0);
  });
  afterEach(async () => {
    await rm(site, { recursive: true, force: true });
  });

  it('is what the next build uses while the config bytes are the same, and --no-cache validates again', async () => {
    const kept = JSON.parse(await readFile(memo(), 'utf8')) as { validated: { config: { siteName: string; titlePostfix: string } } };
    expect(kept.validated.config.titlePostfix).toBe(kept.validated.config.siteName);
    // a memo that says otherwise shows it is read: a build into a new folder takes its title from it
    kept.validated.config.titlePostfix = 'From the memo';
    await writeFile(memo(), JSON.stringify(kept));
    expect((await runDocsgen(['build', '--root', site, '--out', 'other'])).exitCode).toBe(0);
    expect(await title('other')).toMatch(/\| From the memo$/);
    expect((await runDocsgen(['build', '--root', site, '--out', 'fresh', '--no-cache'])).exitCode).toBe(0);
    expect(await title('fresh')).not.toMatch(/From the memo/);
  });

  it('is validated again when the config changes: a new name shows, a bad key is reported at its line', async () => {
    await appendFile(config(), 'siteName: Renamed Docs\n');
    expect((await runDocsgen(['build', '--root', site])).exitCode).toBe(0);
    expect(await title()).toMatch(/\| Renamed Docs$/);
    await appendFile(config(), 'sitename: typo\n');
    const line = (await readFile(config(), 'utf8')).trimEnd().split('\n').length;
    const r = await runDocsgen(['build', '--root', site]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^docsgen\\.config\\.yaml:${line}:1 {2}error {2}DG\\d{4} {2}invalid config: unknown key \`sitename\` {2}\\(did you mean \`siteName\`\\?\\)$`, 'm'));
  });

  it('is ignored when unreadable or written by another docsgen, and written again', async () => {
    const before = await title();
    const kept = JSON.parse(await readFile(memo(), 'utf8')) as { engine: string; validated: { config: { titlePostfix: string } } };
    kept.engine = '0.0.1+another-docsgen';
    kept.validated.config.titlePostfix = 'From another docsgen';
    await writeFile(memo(), JSON.stringify(kept));
    await appendFile(path.join(site, 'content/guide/setup.md'), '\nOne more line.\n');
    expect((await runDocsgen(['build', '--root', site])).exitCode).toBe(0);
    expect(await title()).toBe(before);
    expect(JSON.parse(await readFile(memo(), 'utf8'))).toHaveProperty('validated.config.pathPrefix', '/documentation');
    await writeFile(memo(), '{ not json');
    await appendFile(path.join(site, 'content/guide/setup.md'), '\nAnd another.\n');
    const r = await runDocsgen(['build', '--root', site]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await title()).toBe(before);
    expect(JSON.parse(await readFile(memo(), 'utf8'))).toHaveProperty('validated.config.pathPrefix', '/documentation');
  });
});
