import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

const stats = (stdout: string) => JSON.parse(stdout).stats as Record<string, number>;

describe('the search index across rebuilds', () => {
  it('does no indexing work when nothing changed, and re-scores only the page that changed', async () => {
    const site = await copyFixture('search/relevance-site');
    const cold = await runDocsgen(['build', '--root', site, '--json']);
    expect(stats(cold.stdout)['search.indexed']).toBe(12);
    const again = await runDocsgen(['build', '--root', site, '--json']);
    expect(stats(again.stdout)['search.indexed'] ?? 0).toBe(0);
    expect(stats(again.stdout)['search.merged'] ?? 0).toBe(0);

    await appendFile(path.join(site, 'content/maps/popups.md'), '\n## Wombat mode\n\nThe wombat setting keeps popups open.\n');
    const edited = await runDocsgen(['build', '--root', site, '--json']);
    expect(edited.exitCode, edited.stderr).toBe(0);
    expect(stats(edited.stdout)['search.indexed']).toBe(1);
    const dir = path.join(site, 'dist/public/documentation/search');
    const manifest = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8'));
    const shard = JSON.parse(await readFile(path.join(dir, manifest.shards.wo), 'utf8'));
    expect(Object.keys(shard)).toContain('wombat');
  }, 120_000);
});
