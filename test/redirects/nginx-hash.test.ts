// nginx builds the redirect map's hash at startup; the sizes http.conf sets must let it do so without a word
// ("could not build optimal map_hash" is a warning on every reload) at any size of list.
import { describe, expect, it } from 'vitest';
import { exportRedirects, formatNginxServer, type RedirectRule } from '../../src/redirects/index.js';
import { repoRoot } from '../helpers/cli.js';
import { testNginxConfig } from '../helpers/nginx.js';
import { rule } from './hostile.js';
import { loadSampleRules } from './sample.js';

/** `count` exact redirects with paths of mixed lengths, as an archive of old pages has them. */
function archive(count: number): RedirectRule[] {
  return Array.from({ length: count }, (_, i) => {
    const words = ['maps', 'routing-and-directions', 'places', 'geocoding-and-search', 'spatial-analysis', 'data-hosting'];
    const from = `/documentation/archive/${words[i % words.length]}/${'old-page-'.repeat(1 + (i % 5))}${i}/`;
    return rule(from, `/documentation/new/page-${i}/`);
  });
}

async function nginxSays(rules: readonly RedirectRule[]): Promise<string> {
  return testNginxConfig({ httpConf: exportRedirects(rules, 'nginx'), serverConf: formatNginxServer({ pathPrefix: '/documentation' }), root: repoRoot });
}

describe('nginx -t on the generated http.conf is silent', () => {
  it.each([
    ['10 redirects', () => archive(10)],
    ['the sample site (661 redirects)', loadSampleRules],
    ['50,000 redirects', () => archive(50_000)],
  ] as const)('%s', async (_name, make) => {
    const out = await nginxSays(await make());
    expect(out).not.toMatch(/\[(warn|emerg)\]|could not build/);
    expect(out).toContain('test is successful');
  }, 60_000);
});
